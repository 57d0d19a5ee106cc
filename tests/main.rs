//! The integration test suite, one binary (as in casey/just): each module
//! covers one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod cli;
mod common;
mod conservation;
mod perft;
mod rules;
mod solve;
mod traces;
