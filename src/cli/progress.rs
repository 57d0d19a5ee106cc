//! How far a batch is, on stderr: a bar on a terminal; elsewhere (a log, a
//! batch job) a plain line now and then: every 2 s with `--progress`, every
//! 30 s without, so a long job's log shows it is alive without filling up.

use std::{
    io::IsTerminal,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Mutex,
    },
    time::{Duration, Instant},
};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// Seconds between lines with `--progress` when stderr is not a terminal.
const ASKED_EVERY: Duration = Duration::from_secs(2);
/// Seconds between lines without `--progress` when stderr is not a terminal.
const DEFAULT_EVERY: Duration = Duration::from_secs(30);

/// The progress of one batch.
pub(super) enum Progress {
    /// An animated bar (stderr is a terminal).
    Bar(ProgressBar),
    /// Plain lines (stderr is not a terminal).
    Lines(Lines),
}

/// Plain progress lines: "modiar: 1200/50000 games (2.4%), 600 games/s, ETA 1m 21s".
pub(super) struct Lines {
    name: String,
    total: u64,
    done: AtomicU64,
    start: Instant,
    every: Duration,
    next: Mutex<Instant>,
    printed: AtomicBool,
    asked: bool,
}

impl Progress {
    /// Progress of `total` games of the variant `name`; `asked` when the
    /// user gave `--progress`.
    pub(super) fn new(total: u64, name: &str, asked: bool) -> Progress {
        if std::io::stderr().is_terminal() {
            return Progress::Bar(bar(total, name));
        }
        let every = if asked { ASKED_EVERY } else { DEFAULT_EVERY };
        let start = Instant::now();
        Progress::Lines(Lines {
            name: name.to_string(),
            total,
            done: AtomicU64::new(0),
            start,
            every,
            next: Mutex::new(start + every),
            printed: AtomicBool::new(false),
            asked,
        })
    }

    /// `n` more games are done (called from the worker threads).
    pub(super) fn inc(&self, n: u64) {
        match self {
            Progress::Bar(bar) => bar.inc(n),
            Progress::Lines(lines) => lines.inc(n),
        }
    }

    /// The batch is over: the bar goes; a last line says how long it took
    /// when lines were asked for or already shown.
    pub(super) fn finish(&self) {
        match self {
            Progress::Bar(bar) => bar.finish_and_clear(),
            Progress::Lines(lines) => {
                if lines.asked || lines.printed.load(Ordering::Relaxed) {
                    let done = lines.done.load(Ordering::Relaxed);
                    let seconds = lines.start.elapsed().as_secs_f64();
                    eprintln!(
                        "{}: {done} games in {}, {:.0} games/s",
                        lines.name,
                        duration(seconds),
                        rate(done, seconds)
                    );
                }
            }
        }
    }
}

impl Lines {
    fn inc(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        let now = Instant::now();
        // One thread prints; the others go on playing.
        let Ok(mut next) = self.next.try_lock() else {
            return;
        };
        if now < *next || done >= self.total {
            return;
        }
        *next = now + self.every;
        self.printed.store(true, Ordering::Relaxed);
        let seconds = now.duration_since(self.start).as_secs_f64();
        let per_second = rate(done, seconds);
        let eta = if per_second > 0.0 {
            duration((self.total - done) as f64 / per_second)
        } else {
            "unknown".to_string()
        };
        eprintln!(
            "{}: {done}/{} games ({:.1}%), {per_second:.0} games/s, ETA {eta}",
            self.name,
            self.total,
            100.0 * done as f64 / self.total.max(1) as f64
        );
    }
}

/// Games per second.
fn rate(done: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        done as f64 / seconds
    } else {
        0.0
    }
}

/// "4.2 s", "3m 05s", "2h 01m".
fn duration(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    match whole {
        0..=59 => format!("{seconds:.1} s"),
        60..=3599 => format!("{}m {:02}s", whole / 60, whole % 60),
        _ => format!("{}h {:02}m", whole / 3600, whole % 3600 / 60),
    }
}

/// A bar with games/s and ETA.
fn bar(games: u64, name: &str) -> ProgressBar {
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} [{bar:30}] {human_pos}/{human_len} games, {rate}, ETA {eta}",
    ) {
        let rate = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} games/s", state.per_sec());
        };
        bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
    }
    bar.set_message(name.to_string());
    bar
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_at_a_glance() {
        assert_eq!(duration(4.24), "4.2 s");
        assert_eq!(duration(185.0), "3m 05s");
        assert_eq!(duration(7260.0), "2h 01m");
    }
}
