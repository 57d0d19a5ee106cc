//! The integration test suite, one binary (as in casey/just): each module
//! covers one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod catalogue;
mod cli;
mod common;
mod conservation;
mod fast_path;
mod generated;
mod invariants;
mod perft;
mod play;
mod rules;
mod sim;
mod solve;
mod traces;
mod verify;
