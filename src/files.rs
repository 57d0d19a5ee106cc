//! Writing output files safely.

use std::path::Path;

use crate::error::Error;

/// Writes `bytes` to a temporary file next to `path`, then renames it to
/// `path`.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let io = |source| Error::Io {
        path: path.display().to_string(),
        source,
    };
    let name = path
        .file_name()
        .ok_or_else(|| Error::Usage(format!("{}: not a file name", path.display())))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    std::fs::write(&temp, bytes).map_err(io)?;
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        io(e)
    })
}
