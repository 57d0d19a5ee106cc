//! The summary reader of `sow merge` on arbitrary text: summaries separated by
//! NUL characters are read as JSON and merged. Reading and merging return a
//! value or an error, never panic, whatever the numbers in the files.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::sim::{merge, Summary};

fuzz_target!(|text: &str| {
    let parts: Vec<(String, Summary)> = text
        .split('\0')
        .enumerate()
        .filter_map(|(i, part)| {
            let summary = serde_json::from_str::<Summary>(part).ok()?;
            Some((format!("part{i}"), summary))
        })
        .collect();
    for (_, summary) in &parts {
        let _ = summary.tally();
        let _ = summary.batch();
    }
    if let Ok(merged) = merge(&parts) {
        let _ = serde_json::to_string(&merged);
    }
});
