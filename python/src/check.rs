//! Reading a variant (a shipped name, a file path, or the text itself) and
//! its diagnostics as Python objects; a bad file becomes `VariantError`.

use std::path::Path;

use pyo3::{create_exception, exceptions::PyValueError, prelude::*};
use sowing::{
    diagnostic::{Report, Severity, Source},
    rules::Loaded,
    variants,
};

create_exception!(
    sowing,
    VariantError,
    PyValueError,
    "A variant that cannot be loaded. `diagnostics` holds the errors (a list \
     of `Diagnostic`, empty when no file was found) and `text` what \
     `sow check` prints about it."
);

/// Where a variant argument points: a shipped name, an existing file or a
/// reading of one (`modiar@awale-info`) is read as `sow` reads it; anything
/// else with a newline or a `{` is taken as the text of a variant file.
fn named(arg: &str) -> Result<variants::Named, variants::LoadError> {
    let is_text = !variants::is_shipped(arg)
        && !Path::new(arg).exists()
        && (arg.contains('\n') || arg.contains('{'));
    if is_text {
        Ok(variants::Named {
            source: Source::new("<text>", arg),
            reading: None,
        })
    } else {
        variants::named(arg)
    }
}

/// A variant that loaded, with its source and its warnings.
pub struct Variant {
    /// The text it was read from (with the reading, the key under which its
    /// game is kept).
    pub source: Source,
    /// The reading of the text it stands for (`None`: the base rules).
    pub reading: Option<String>,
    /// The validated rules and the warnings.
    pub loaded: Loaded,
}

/// Why a variant could not be loaded: what `sow check` prints, and the
/// diagnostics (none when no file was found).
struct Failure {
    text: String,
    diagnostics: Vec<Diagnostic>,
}

fn read(arg: &str) -> Result<Variant, Failure> {
    let named = named(arg).map_err(|e| Failure {
        text: format!("error: {e}\n"),
        diagnostics: Vec::new(),
    })?;
    match variants::load_named(&named, arg) {
        Ok(loaded) => Ok(Variant {
            source: named.source,
            reading: named.reading,
            loaded,
        }),
        Err(variants::LoadError::Invalid(report)) => Err(Failure {
            text: report.to_string(),
            diagnostics: diagnostics(&report),
        }),
        Err(e) => Err(Failure {
            text: format!("error: {e}\n"),
            diagnostics: Vec::new(),
        }),
    }
}

/// Loads a variant; a Python `VariantError` when it cannot be.
pub fn load(py: Python<'_>, arg: &str) -> PyResult<Variant> {
    read(arg).map_err(|failure| variant_error(py, failure))
}

fn variant_error(py: Python<'_>, failure: Failure) -> PyErr {
    let err = VariantError::new_err(failure.text.trim_end().to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception object cannot fail.
    let _ = value.setattr("text", failure.text);
    let _ = value.setattr("diagnostics", failure.diagnostics);
    err
}

/// One error or warning about a variant file.
#[pyclass(module = "sowing", frozen, get_all)]
#[derive(Clone)]
pub struct Diagnostic {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
    /// The file (or `<text>`, or `variants/NAME.variant` for a shipped one).
    pub file: String,
    /// 1-based line of the place.
    pub line: usize,
    /// 1-based column (in characters) of the place.
    pub column: usize,
    /// 1-based line where the place ends.
    pub end_line: usize,
    /// 1-based column just past the place.
    pub end_column: usize,
    /// The note pointing at a second place, if any.
    pub note: Option<String>,
    rendered: String,
}

#[pymethods]
impl Diagnostic {
    /// The diagnostic as `sow check` prints it, with its code frame.
    fn __str__(&self) -> String {
        self.rendered.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic({}, {}:{}:{}, {:?})",
            self.severity, self.file, self.line, self.column, self.message
        )
    }
}

/// The diagnostics of a report, in order.
fn diagnostics(report: &Report) -> Vec<Diagnostic> {
    let source = &report.source;
    report
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = source.line_col(d.span.start);
            let (end_line, end_column) = source.line_col(d.span.end);
            Diagnostic {
                severity: match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                message: d.message.clone(),
                file: source.name.clone(),
                line,
                column,
                end_line,
                end_column,
                note: d.note.as_ref().map(|(_, note)| note.clone()),
                rendered: d.render(source),
            }
        })
        .collect()
}

/// What `sow check` says about one variant.
#[pyclass(module = "sowing", frozen, get_all)]
#[derive(Clone)]
pub struct Check {
    /// Whether the variant loads (it may still have warnings).
    pub ok: bool,
    /// Errors and warnings, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// What `sow check` prints: the diagnostics, then `ok: ...` when it loads.
    pub text: String,
}

#[pymethods]
impl Check {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Check(ok={}, {} diagnostic(s))",
            if self.ok { "True" } else { "False" },
            self.diagnostics.len()
        )
    }

    fn __bool__(&self) -> bool {
        self.ok
    }
}

impl Check {
    /// The check of a variant that loaded.
    pub fn of(variant: &Variant) -> Check {
        let warnings = &variant.loaded.warnings;
        let mut text = if warnings.diagnostics.is_empty() {
            String::new()
        } else {
            warnings.to_string()
        };
        let name = match &variant.reading {
            Some(reading) => format!("{}@{reading}", variant.source.name),
            None => variant.source.name.clone(),
        };
        text.push_str(&sowing::cli::check_ok(&name, &variant.loaded.rules));
        Check {
            ok: true,
            diagnostics: diagnostics(warnings),
            text,
        }
    }
}

/// Checks a variant (a shipped name, a file path, or the text of a variant
/// file) as `sow check` does, without raising for a bad file.
#[pyfunction]
pub fn check(variant: &str) -> Check {
    match read(variant) {
        Ok(variant) => Check::of(&variant),
        Err(failure) => Check {
            ok: false,
            diagnostics: failure.diagnostics,
            text: failure.text,
        },
    }
}
