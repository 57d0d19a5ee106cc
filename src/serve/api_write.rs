//! The Write page's API: the variants to open, a variant's text, its
//! diagnostics and description as one types (`sow check`, `sow describe`),
//! its canonical form (`sow fmt`), and saving it into the folder.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{
    files::Folder,
    http::{bad, Refusal},
};
use crate::{
    diagnostic::{Diagnostic, Report, Severity, Source},
    rules::{self, describe::describe, readings},
    variants,
};

/// One diagnostic with its place as line and column (from 1).
#[derive(Debug, Serialize)]
pub struct Located {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// What is wrong (with a did-you-mean where the checker has one).
    pub message: String,
    /// The reading it is about, when it is not the base rules.
    pub reading: Option<String>,
    /// Line of the start.
    pub line: usize,
    /// Column of the start (in characters).
    pub column: usize,
    /// Line of the end.
    pub end_line: usize,
    /// Column of the end.
    pub end_column: usize,
    /// A second place and what it says, as `line:column: words`.
    pub note: Option<String>,
}

fn located(source: &Source, d: &Diagnostic, reading: Option<&str>) -> Located {
    let (line, column) = source.line_col(d.span.start);
    let (end_line, end_column) = source.line_col(d.span.end);
    Located {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        message: d.message.clone(),
        reading: reading.map(str::to_string),
        line,
        column,
        end_line,
        end_column,
        note: d.note.as_ref().map(|(span, words)| {
            let (line, column) = source.line_col(span.start);
            format!("{line}:{column}: {words}")
        }),
    }
}

fn located_all(report: &Report, reading: Option<&str>) -> Vec<Located> {
    (report.diagnostics.iter())
        .map(|d| located(&report.source, d, reading))
        .collect()
}

/// The shipped variants (each reading too) and the folder's files.
pub fn list(folder: &Folder) -> Value {
    let mut shipped = Vec::new();
    for name in variants::shipped_names() {
        shipped.push(name.to_string());
        if let Ok(source) = variants::source(name) {
            for reading in readings::names_in(&source.text) {
                shipped.push(format!("{name}@{reading}"));
            }
        }
    }
    json!({
        "shipped": shipped,
        "files": folder.list(),
        "folder": folder.root().display().to_string(),
    })
}

/// A request naming a variant or a file.
#[derive(Debug, Deserialize)]
pub struct NameRequest {
    /// The shipped name, reading, or path in the folder.
    pub name: String,
}

/// The text of a variant (a reading's rules written out as a whole file) or
/// of a file of the folder.
///
/// # Errors
/// No such variant or file (404), or a path the folder refuses (403).
pub fn source(folder: &Folder, request: &NameRequest) -> Result<Value, Refusal> {
    let name = request.name.as_str();
    if variants::is_shipped(name) {
        let text = variants::text(name).map_err(|e| (404, e.to_string()))?;
        return Ok(json!({ "name": name, "text": text, "shipped": true }));
    }
    let text = folder.read(name).map_err(|e| (403, e.to_string()))?;
    Ok(json!({ "name": name, "text": text, "shipped": false }))
}

/// A variant's text as typed.
#[derive(Debug, Deserialize)]
pub struct TextRequest {
    /// The text.
    pub text: String,
    /// The name it is shown under (its path, or the shipped name).
    #[serde(default)]
    pub name: Option<String>,
}

/// What `sow check` says of `text` (its base rules, then each reading), and
/// `sow describe` of its base rules when they validate.
pub fn check(request: &TextRequest) -> Value {
    let name = request.name.clone().unwrap_or_else(|| "variant".into());
    let source = Source::new(name, request.text.as_str());
    let (mut diagnostics, description) = match rules::load(&source) {
        Ok(loaded) => (
            located_all(&loaded.warnings, None),
            Some(describe(&loaded.rules).text()),
        ),
        Err(report) => (located_all(&report, None), None),
    };
    if description.is_some() {
        for reading in readings::names_in(&source.text) {
            match readings::load(&source, &reading) {
                Ok(_) => {}
                Err(readings::ReadingError::Invalid(report)) => {
                    diagnostics.extend(
                        located_all(&report, Some(&reading))
                            .into_iter()
                            .filter(|d| d.severity == "error"),
                    );
                }
                Err(readings::ReadingError::Unknown { reading, .. }) => diagnostics.push(Located {
                    severity: "error",
                    message: format!("no reading named `{reading}`"),
                    reading: Some(reading),
                    line: 1,
                    column: 1,
                    end_line: 1,
                    end_column: 1,
                    note: None,
                }),
            }
        }
    }
    let valid = !diagnostics.iter().any(|d| d.severity == "error");
    json!({ "valid": valid, "diagnostics": diagnostics, "description": description })
}

/// `text` in canonical form, as `sow fmt` writes it.
///
/// # Errors
/// The text has errors (400, with its diagnostics' first lines).
pub fn format(request: &TextRequest) -> Result<Value, Refusal> {
    let source = Source::new("variant", request.text.as_str());
    match rules::format::format(&source) {
        Ok(text) => Ok(json!({ "text": text })),
        Err(report) => Err(bad(format!(
            "cannot format a file with errors: {}",
            located_all(&report, None)
                .iter()
                .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
                .collect::<Vec<_>>()
                .join("; ")
        ))),
    }
}

/// A file to write into the folder.
#[derive(Debug, Deserialize)]
pub struct SaveRequest {
    /// Its path in the folder.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// Writes a file into the folder.
///
/// # Errors
/// The folder refuses the path (403) or the file cannot be written (500).
pub fn save(folder: &Folder, request: &SaveRequest) -> Result<Value, Refusal> {
    folder
        .write(&request.path, &request.text)
        .map_err(|e| match e {
            super::files::FolderError::Io { .. } => (500, e.to_string()),
            other => (403, other.to_string()),
        })?;
    Ok(json!({ "saved": request.path }))
}
