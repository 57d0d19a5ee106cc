//! The sections of the language, one module each, in canonical order: a
//! section's declaration, each of its keys as a named constant (the handle
//! checks name it by), the sentences `sow describe` says of them, and the
//! checks that tie keys together. A check that reads keys of several
//! sections lives in the latest of them, so that a section module only uses
//! the ones before it.

pub mod board;
pub mod capture;
pub mod claim;
pub mod end;
pub mod legal;
pub mod opening;
mod phrases;
pub mod rounds;
pub mod sow;
pub mod top;
