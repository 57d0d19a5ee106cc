//! The integration test suite, one binary (as in casey/just): each module
//! covers one area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod catalogue;
mod claims;
mod cli;
mod common;
mod conservation;
mod docs;
mod ends;
mod fast_path;
mod files;
mod four_rows;
mod generated;
mod guide;
mod infer;
mod invariants;
mod language;
mod muvalavala;
mod omweso;
mod peers;
mod perft;
mod play;
mod reach;
mod reach4;
mod reach5;
mod resources;
mod rounds;
mod rules;
mod sim;
mod solve;
mod surplus;
mod three_rows;
mod traces;
mod tsoro;
mod verify;
mod weg;
