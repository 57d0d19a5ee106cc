//! Writing output files without losing what is at the path.
//!
//! Every file `sow` writes (`--games-out`, `--plot`, `--svg`, `--html`,
//! `--out`, `--save`, `play`'s `save`) goes through [`Output`]:
//!
//! - a regular file, or nothing yet, is written to a hidden temporary file in
//!   the same folder and renamed over the name once complete, so a reader
//!   never sees half a file and a failed run leaves the old one in place;
//! - a symbolic link is followed: its target is replaced that way and the
//!   link stays;
//! - a device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written
//!   straight through, never replaced;
//! - a folder is refused.
//!
//! [`Output::check`] looks at the path before any work starts, so a bad path
//! fails at once rather than after a long batch. The temporary files are
//! removed when a write fails, when its [`OutputFile`] is dropped unfinished,
//! and on SIGINT, SIGTERM and SIGHUP (see [`temp`]).

mod temp;

pub(crate) use temp::take_interrupts;

use std::{
    fs::{File, Metadata},
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
};

/// A file that could not be read or written: its path (with the option that
/// named it, when one did) and the system's error.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct IoError {
    /// The file, as the user named it.
    pub path: String,
    /// What went wrong.
    pub source: io::Error,
}

impl IoError {
    /// An error on `path`.
    pub fn new(path: impl std::fmt::Display, source: io::Error) -> IoError {
        IoError {
            path: path.to_string(),
            source,
        }
    }
}

/// Why an output file cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path cannot take a file (a folder, a missing or read-only
    /// folder), found before anything is written.
    #[error("{path}: cannot write there: {why}")]
    Refused {
        /// The path, with the option that named it.
        path: String,
        /// Why.
        why: String,
    },
    /// Creating, writing or renaming the file failed.
    #[error(transparent)]
    Io(#[from] IoError),
}

/// An output path, checked: where the bytes go and how.
#[derive(Debug, Clone)]
pub struct Output {
    /// The option that named it (`--plot`), for messages; empty for none.
    option: String,
    /// The path as given, for messages.
    given: PathBuf,
    /// The path after following symbolic links.
    target: PathBuf,
    /// Written straight through (a device or a FIFO) rather than replaced.
    through: bool,
}

impl Output {
    /// Checks that `path`, named by `option` (`--plot`; "" when no option
    /// named it, as `play`'s `save FILE`), can be written: a folder that
    /// exists and takes new files (for a regular file or a new one), or a
    /// device or FIFO. Nothing is written.
    ///
    /// # Errors
    /// The path is a folder, its folder is missing or not writable, or it
    /// has too many levels of symbolic links.
    pub fn check(option: &str, path: &Path) -> Result<Output, OutputError> {
        let refuse = |why: String| OutputError::Refused {
            path: named(option, path),
            why,
        };
        let problem = |e: io::Error| refuse(folder_problem(path, &e));
        // What the path leads to, links followed by the system (which also
        // follows /proc's links to pipes, as /dev/stdout is on a pipe).
        let (target, through) = match std::fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => {
                return Err(refuse(format!("{} is a folder", path.display())))
            }
            Ok(metadata) if is_special(&metadata) => (path.to_path_buf(), true),
            Ok(_) => (std::fs::canonicalize(path).map_err(problem)?, false),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                (last_link(path).map_err(problem)?, false)
            }
            Err(e) => return Err(problem(e)),
        };
        if !through {
            temp::probe(&target).map_err(|e| refuse(folder_problem(&target, &e)))?;
        }
        Ok(Output {
            option: option.to_string(),
            given: path.to_path_buf(),
            target,
            through,
        })
    }

    /// Refuses the path when it is one of `inputs`, the files the command
    /// reads (a variant file, a record, saved databases): writing there
    /// would replace what the user gave with the command's output. An input
    /// that names no file (a shipped variant's name) is passed over.
    ///
    /// # Errors
    /// The path is the same file as one of the inputs.
    pub fn not_input<P: AsRef<Path>>(self, inputs: &[P]) -> Result<Output, OutputError> {
        if self.through {
            return Ok(self);
        }
        for input in inputs {
            let input = input.as_ref();
            if same_file(&self.target, input) {
                return Err(OutputError::Refused {
                    path: named(&self.option, &self.given),
                    why: format!(
                        "{} is read by this command; writing there would replace it",
                        input.display()
                    ),
                });
            }
        }
        Ok(self)
    }

    /// The path as the user gave it.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// Writes `bytes` as the whole file.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&self, bytes: &[u8]) -> Result<(), OutputError> {
        let mut file = self.create()?;
        file.write_all(bytes).map_err(|e| self.io_error(e))?;
        file.finish()
    }

    /// Opens the file for writing piece by piece; it gets its name (or is
    /// flushed, for a device or FIFO) by [`OutputFile::finish`].
    ///
    /// # Errors
    /// The file cannot be created or opened.
    pub fn create(&self) -> Result<OutputFile, OutputError> {
        let (file, temp) = if self.through {
            let file = File::options()
                .write(true)
                .open(&self.target)
                .map_err(|e| self.io_error(e))?;
            (file, None)
        } else {
            let (file, temp) = temp::create(&self.target).map_err(|e| self.io_error(e))?;
            (file, Some(temp))
        };
        Ok(OutputFile {
            output: self.clone(),
            writer: Some(BufWriter::new(file)),
            temp,
        })
    }

    /// An error writing this output, naming the option and the path.
    pub fn io_error(&self, source: io::Error) -> OutputError {
        OutputError::Io(IoError::new(named(&self.option, &self.given), source))
    }
}

/// "--plot x.svg", or "x.svg" when no option named it.
fn named(option: &str, path: &Path) -> String {
    if option.is_empty() {
        path.display().to_string()
    } else {
        format!("{option} {}", path.display())
    }
}

/// Checks `path` and writes `bytes` to it: [`Output::check`] then
/// [`Output::write`].
///
/// # Errors
/// As those.
pub fn write(option: &str, path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    Output::check(option, path)?.write(bytes)
}

/// A file being written. Dropped unfinished, its temporary file is removed
/// and the path keeps what it had.
#[derive(Debug)]
pub struct OutputFile {
    output: Output,
    writer: Option<BufWriter<File>>,
    temp: Option<temp::Temp>,
}

impl OutputFile {
    /// Flushes the file to disk and, for a regular file, renames it to its
    /// name (keeping the permissions of the file it replaces).
    ///
    /// # Errors
    /// The flush, the sync or the rename fails.
    pub fn finish(mut self) -> Result<(), OutputError> {
        let Some(writer) = self.writer.take() else {
            return Ok(());
        };
        let file = writer
            .into_inner()
            .map_err(|e| self.output.io_error(e.into_error()))?;
        if let Some(temp) = self.temp.take() {
            file.sync_all().map_err(|e| self.output.io_error(e))?;
            if let Ok(old) = std::fs::metadata(&self.output.target) {
                // Best effort: a file the user made read-only for others stays so.
                let _ = file.set_permissions(old.permissions());
            }
            drop(file);
            temp.commit(&self.output.target)
                .map_err(|e| self.output.io_error(e))?;
        }
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.writer.as_mut() {
            Some(writer) => writer.write(buf),
            None => Err(io::Error::other("the file is already finished")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // Close the file before its temporary name goes.
        self.writer = None;
        if let Some(temp) = self.temp.take() {
            temp.discard();
        }
    }
}

/// Where a file created at `path`, where nothing is yet, would be: `path`
/// itself, or the end of the chain of symbolic links at `path` that leads
/// nowhere yet.
fn last_link(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {}
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
        let link = std::fs::read_link(&current)?;
        current = match current.parent() {
            Some(folder) if link.is_relative() => folder.join(link),
            _ => link,
        };
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether the paths `a` and `b` lead to one existing file, whatever links
/// or spellings led there (on Unix: the same inode of the same device).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// A device, a FIFO or a socket: written through, never replaced.
#[cfg(unix)]
fn is_special(metadata: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    kind.is_char_device() || kind.is_block_device() || kind.is_fifo() || kind.is_socket()
}

/// Only regular files and folders are told apart off Unix.
#[cfg(not(unix))]
fn is_special(_: &Metadata) -> bool {
    false
}

/// Why no file can be created next to `target`, in words.
fn folder_problem(target: &Path, error: &io::Error) -> String {
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.display().to_string(),
        _ => ".".to_string(),
    };
    match error.kind() {
        io::ErrorKind::NotFound => format!("there is no folder {folder}"),
        io::ErrorKind::PermissionDenied => {
            format!("no permission to create files in {folder}")
        }
        _ => format!("{folder}: {error}"),
    }
}
