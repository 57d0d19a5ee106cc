//! The folder `sow serve` works in, as a sandbox: every path the browser
//! names is relative to it, and is refused when it is absolute, climbs out
//! with `..`, or leads out through a symbolic link (the path is
//! canonicalized and must still start with the folder's canonical path).

use std::path::{Component, Path, PathBuf};

/// Why a path the browser named was refused or could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// The path is absolute, empty, or has `..` in it.
    #[error("`{0}`: give a path inside the served folder, without `..` (and not absolute)")]
    Outside(String),
    /// The path leads out of the folder through a symbolic link.
    #[error("`{0}`: leads out of the served folder (through a symbolic link)")]
    LinkOut(String),
    /// A file of a kind the server does not read or write.
    #[error("`{0}`: only .variant and record (.yaml, .yml) files are read and written")]
    Kind(String),
    /// The file is larger than the server reads.
    #[error("`{path}`: larger than {limit} bytes")]
    TooLarge {
        /// The path as given.
        path: String,
        /// The limit.
        limit: u64,
    },
    /// The file system said no.
    #[error("`{path}`: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
}

/// Largest file read from the folder, in bytes.
pub const MAX_FILE_BYTES: u64 = crate::variants::MAX_FILE_BYTES;

/// The extensions of the files the server reads and writes.
const KINDS: [&str; 3] = ["variant", "yaml", "yml"];

/// Deepest folder level listed under the served folder.
const MAX_DEPTH: usize = 3;

/// Most files listed.
const MAX_LISTED: usize = 500;

/// The served folder.
#[derive(Debug, Clone)]
pub struct Folder {
    root: PathBuf,
}

impl Folder {
    /// The folder at `path`, canonicalized.
    ///
    /// # Errors
    /// The folder does not exist or is not a folder.
    pub fn new(path: &Path) -> Result<Folder, FolderError> {
        let io = |source| FolderError::Io {
            path: path.display().to_string(),
            source,
        };
        let root = std::fs::canonicalize(path).map_err(io)?;
        if !root.is_dir() {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "not a folder",
            )));
        }
        Ok(Folder { root })
    }

    /// The folder's canonical path.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The real path of `relative`, checked: relative, without `..`, of a
    /// kind the server handles, and inside the folder once links are
    /// followed. A file that does not exist yet is checked by its folder.
    ///
    /// # Errors
    /// See [`FolderError`].
    pub fn resolve(&self, relative: &str) -> Result<PathBuf, FolderError> {
        let path = Path::new(relative);
        let plain = !relative.is_empty()
            && path
                .components()
                .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !plain {
            return Err(FolderError::Outside(relative.to_string()));
        }
        let kind = path.extension().and_then(|e| e.to_str());
        if !kind.is_some_and(|kind| KINDS.contains(&kind)) {
            return Err(FolderError::Kind(relative.to_string()));
        }
        let joined = self.root.join(path);
        let io = |source| FolderError::Io {
            path: relative.to_string(),
            source,
        };
        let real = match std::fs::canonicalize(&joined) {
            Ok(real) => real,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A link to nothing (its target may be outside) is not a
                // new file.
                if std::fs::symlink_metadata(&joined).is_ok() {
                    return Err(FolderError::LinkOut(relative.to_string()));
                }
                // A new file: its folder must exist and be inside.
                let parent = joined.parent().unwrap_or(&self.root);
                let name = joined
                    .file_name()
                    .ok_or_else(|| FolderError::Outside(relative.to_string()))?;
                std::fs::canonicalize(parent).map_err(io)?.join(name)
            }
            Err(e) => return Err(io(e)),
        };
        if !real.starts_with(&self.root) {
            return Err(FolderError::LinkOut(relative.to_string()));
        }
        Ok(real)
    }

    /// The text of the file at `relative` (see [`Folder::resolve`]).
    ///
    /// # Errors
    /// The path is refused, or the file cannot be read, is too large or is
    /// not UTF-8.
    pub fn read(&self, relative: &str) -> Result<String, FolderError> {
        let real = self.resolve(relative)?;
        crate::variants::read_limited(&real.display().to_string(), MAX_FILE_BYTES, "a file")
            .map_err(|e| match e {
                crate::variants::ReadError::TooLarge { limit, .. } => FolderError::TooLarge {
                    path: relative.to_string(),
                    limit,
                },
                other => FolderError::Io {
                    path: relative.to_string(),
                    source: std::io::Error::other(other.to_string()),
                },
            })
    }

    /// Writes `text` to the file at `relative` (see [`Folder::resolve`]),
    /// through a temporary file and a rename, so that a reader never sees
    /// half a file.
    ///
    /// # Errors
    /// The path is refused or the file cannot be written.
    pub fn write(&self, relative: &str, text: &str) -> Result<(), FolderError> {
        let real = self.resolve(relative)?;
        crate::files::write("", &real, text.as_bytes()).map_err(|e| FolderError::Io {
            path: relative.to_string(),
            source: std::io::Error::other(e.to_string()),
        })
    }

    /// The path in the folder of `name` as written in the file at `beside`
    /// (a record names its variant file relative to its own folder):
    /// `games/r.yaml` and `../v.variant` give `v.variant`.
    ///
    /// # Errors
    /// `name` is absolute or climbs out of the folder.
    pub fn beside(beside: &str, name: &str) -> Result<String, FolderError> {
        let mut parts: Vec<&str> = beside.split('/').collect();
        parts.pop();
        for part in name.split('/') {
            match part {
                "" if parts.is_empty() && name.starts_with('/') => {
                    return Err(FolderError::Outside(name.to_string()))
                }
                "" | "." => {}
                ".." => {
                    parts
                        .pop()
                        .ok_or_else(|| FolderError::Outside(name.to_string()))?;
                }
                part => parts.push(part),
            }
        }
        Ok(parts.join("/"))
    }

    /// The variant and record files in the folder (and its folders, a few
    /// levels down), as paths relative to it with `/`, sorted.
    pub fn list(&self) -> Vec<String> {
        let mut found = Vec::new();
        self.walk(&self.root, 0, &mut found);
        found.sort();
        found
    }

    fn walk(&self, dir: &Path, depth: usize, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            if found.len() >= MAX_LISTED {
                return;
            }
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if kind.is_dir() && !hidden && depth < MAX_DEPTH {
                self.walk(&path, depth + 1, found);
            } else if kind.is_file() {
                let handled = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| KINDS.contains(&e));
                if let (true, Ok(relative)) = (handled, path.strip_prefix(&self.root)) {
                    let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
                    found.push(parts.join("/"));
                }
            }
        }
    }
}
