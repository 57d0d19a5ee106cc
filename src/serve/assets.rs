//! The page, its script and its style, embedded in the binary: one
//! hand-written HTML page, no build step.

/// The page.
pub const PAGE: &str = include_str!("assets/index.html");

/// Its script.
pub const SCRIPT: &str = include_str!("assets/app.js");

/// Its style.
pub const STYLE: &str = include_str!("assets/style.css");
