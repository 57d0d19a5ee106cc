//! The small HTTP vocabulary the pages and the API share: a reply (status,
//! type, body), JSON in and out, and the request-size limit.

use std::io::Read;

use serde::{de::DeserializeOwned, Serialize};

/// Largest request body read, in bytes: a variant file or a record fits
/// (the server reads files of up to [`super::files::MAX_FILE_BYTES`]) with
/// room for the JSON around it.
pub const MAX_BODY_BYTES: usize = 2 << 20;

/// What the server answers.
#[derive(Debug)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// `value` as JSON, with status 200.
    pub fn json(value: &impl Serialize) -> Reply {
        match serde_json::to_vec(value) {
            Ok(body) => Reply {
                status: 200,
                content_type: "application/json",
                body,
            },
            Err(e) => Reply::error(500, format!("the answer cannot be written as JSON: {e}")),
        }
    }

    /// An error: `{"error": message}` with `status`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        let body = serde_json::json!({ "error": message.into() }).to_string();
        Reply {
            status,
            content_type: "application/json",
            body: body.into_bytes(),
        }
    }

    /// A page or an asset, with status 200.
    pub fn asset(content_type: &'static str, text: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        }
    }
}

/// A request the API refuses: its status and why.
pub type Refusal = (u16, String);

/// A bad request (400) saying why.
pub fn bad(message: impl std::fmt::Display) -> Refusal {
    (400, message.to_string())
}

/// The body of `request`, refused with 413 beyond [`MAX_BODY_BYTES`]
/// (announced or read).
///
/// # Errors
/// Too large (413), or the body cannot be read (400).
pub fn body(request: &mut tiny_http::Request) -> Result<Vec<u8>, Refusal> {
    let too_large = || {
        (
            413,
            format!("the request is larger than {MAX_BODY_BYTES} bytes, the most the server reads"),
        )
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| bad(format!("the request body cannot be read: {e}")))?;
    if bytes.len() > MAX_BODY_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The body of `request` read as JSON of type `T`.
///
/// # Errors
/// As [`body`], or the JSON does not fit `T` (400, saying where).
pub fn json_body<T: DeserializeOwned>(request: &mut tiny_http::Request) -> Result<T, Refusal> {
    let bytes = body(request)?;
    serde_json::from_slice(&bytes).map_err(|e| bad(format!("the request's JSON: {e}")))
}
