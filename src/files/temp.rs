//! Hidden temporary files next to their target, and their removal on
//! SIGINT, SIGTERM and SIGHUP.
//!
//! Every temporary file is listed, under one lock, from its creation until
//! it is renamed or removed. The first one starts a thread (signal-hook's
//! iterator) that waits for those signals; on one it takes the lock, removes
//! every listed file and ends the process as the signal would have, so the
//! caller still sees "killed by SIGTERM" (exit status 128 + the signal in a
//! shell). Holding the lock while it does so means no file is created or
//! renamed half-way through the cleanup. A program that handles SIGINT
//! itself ([`take_interrupts`]) keeps running on it.

use std::{
    ffi::OsString,
    fs::File,
    io,
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Mutex, MutexGuard,
    },
};

/// The temporary files that exist now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether SIGINT is the program's own to handle ([`take_interrupts`]).
static INTERRUPTS_TAKEN: AtomicBool = AtomicBool::new(false);

/// SIGINT no longer ends the process: the caller handles it (`sow play`
/// asks before quitting with an unsaved game). Writes in progress then
/// finish or fail as they would without it; SIGTERM and SIGHUP still
/// remove the temporary files and end the process.
pub(crate) fn take_interrupts() {
    INTERRUPTS_TAKEN.store(true, Ordering::SeqCst);
}

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere must not stop the cleanup.
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A listed temporary file; [`Temp::commit`] or [`Temp::discard`] ends it.
#[derive(Debug)]
pub(super) struct Temp {
    path: PathBuf,
}

/// A fresh name `.NAME.PID.N.tmp` beside `target`.
fn temp_path(target: &Path) -> PathBuf {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let mut name = OsString::from(".");
    name.push(target.file_name().unwrap_or_else(|| "output".as_ref()));
    name.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    target.with_file_name(name)
}

/// Creates a temporary file beside `target` (never over an existing file).
pub(super) fn create(target: &Path) -> io::Result<(File, Temp)> {
    watch_signals();
    let mut live = live();
    let path = temp_path(target);
    let file = File::options().write(true).create_new(true).open(&path)?;
    live.push(path.clone());
    Ok((file, Temp { path }))
}

/// Whether a file can be created beside `target`: creates one and removes it.
pub(super) fn probe(target: &Path) -> io::Result<()> {
    let (file, temp) = create(target)?;
    drop(file);
    temp.discard();
    Ok(())
}

impl Temp {
    /// Renames the file to `target`; removes it when that fails.
    pub(super) fn commit(self, target: &Path) -> io::Result<()> {
        let mut live = live();
        let renamed = std::fs::rename(&self.path, target);
        if renamed.is_err() {
            let _ = std::fs::remove_file(&self.path);
        }
        live.retain(|p| *p != self.path);
        renamed
    }

    /// Removes the file.
    pub(super) fn discard(self) {
        let mut live = live();
        let _ = std::fs::remove_file(&self.path);
        live.retain(|p| *p != self.path);
    }
}

/// Starts, once, the thread that cleans up on a termination signal.
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("temp-file-cleanup".into())
            .spawn(move || {
                let ends =
                    |&signal: &i32| !(signal == SIGINT && INTERRUPTS_TAKEN.load(Ordering::SeqCst));
                if let Some(signal) = signals.forever().find(ends) {
                    let live = live();
                    for path in live.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

/// Off Unix, only the normal paths remove temporary files.
#[cfg(not(unix))]
fn watch_signals() {}
