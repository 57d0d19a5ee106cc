//! `sow play`: the terminal loop around [`crate::play::Session`].

use std::{
    io::{BufRead, IsTerminal, Write},
    sync::{
        atomic::{AtomicBool, Ordering},
        mpsc::{self, Receiver},
        Arc,
    },
};

use super::args::{start_position, Seat, SetArgs, StartArgs, OK};
use super::error::Error;
use crate::files::IoError;
use crate::{
    agents::AgentSpec,
    engine::{with_game, AnyGame, Game, NarrowView, Player},
    play::{Options, Reply, Session, Style},
    variants,
};

/// Plays a game against `agent`, reading lines from standard input.
pub(super) fn play(
    variant: &str,
    agent: AgentSpec,
    seat: Seat,
    start: &StartArgs,
    seed: Option<u64>,
    set: &SetArgs,
) -> Result<i32, Error> {
    let game = AnyGame::new(variants::load_with(variant, &set.set)?.rules);
    with_game!(&game, game => play_game(game, variant, agent, seat, start, seed, set))
}

/// [`play`] on the width the variant's board fits.
fn play_game<W: NarrowView>(
    game: &Game<W>,
    variant: &str,
    agent: AgentSpec,
    seat: Seat,
    start: &StartArgs,
    seed: Option<u64>,
    set: &SetArgs,
) -> Result<i32, Error> {
    super::args::check_agents(game, &[agent])?;
    let (game, from) = start_position(game, start)?;
    let from = start.from.is_some().then_some(from);
    let interactive = std::io::stdin().is_terminal();
    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut session = Session::new(
        &game,
        Options {
            variant: variant.to_string(),
            set: set.written(),
            agent,
            human: match seat {
                Seat::South => Player::South,
                Seat::North => Player::North,
            },
            from,
            seed: seed.unwrap_or_else(clock_seed),
            style: Style { colour },
        },
    );
    let mut out = std::io::stdout().lock();
    let io = |source| Error::Io(IoError::new("standard output", source));
    let inputs = Inputs::start();
    write!(out, "{}", session.begin()).map_err(io)?;
    loop {
        if interactive {
            write!(out, "{}", session.prompt()).map_err(io)?;
        }
        out.flush().map_err(io)?;
        let reply = match inputs.next() {
            Some(Input::Line(line)) => {
                let line = line.map_err(|source| IoError::new("standard input", source))?;
                if !interactive {
                    writeln!(out, "> {line}").map_err(io)?;
                }
                session.handle(&line)
            }
            Some(Input::Interrupt) => {
                // Leave the prompt's line (where the terminal echoed ^C).
                if interactive {
                    writeln!(out).map_err(io)?;
                }
                session.interrupt()
            }
            Some(Input::End) | None => {
                // End of input (Ctrl-D): leave the prompt's line, then say goodbye.
                if interactive {
                    writeln!(out).map_err(io)?;
                }
                write!(out, "{}", session.farewell()).map_err(io)?;
                break;
            }
        };
        match reply {
            Reply::Continue(text) => write!(out, "{text}").map_err(io)?,
            Reply::Quit(text) => {
                write!(out, "{text}").map_err(io)?;
                break;
            }
        }
    }
    Ok(OK)
}

/// What the human does at the prompt.
enum Input {
    /// A line of standard input.
    Line(std::io::Result<String>),
    /// Ctrl-C (SIGINT).
    Interrupt,
    /// The end of standard input.
    End,
}

/// The lines of standard input and the Ctrl-Cs, in the order they come: a
/// thread reads the lines, another (on Unix) waits for SIGINT, which then no
/// longer ends the process ([`crate::files::take_interrupts`]) but comes as
/// an [`Input::Interrupt`]. While the game is busy (an agent thinking), a
/// second Ctrl-C before the first was taken ends the process at once, as
/// Ctrl-C did before, so that a long search can still be stopped.
struct Inputs {
    receiver: Receiver<Input>,
    /// A Ctrl-C was sent and not yet taken by [`Inputs::next`].
    interrupt_pending: Arc<AtomicBool>,
}

impl Inputs {
    fn start() -> Inputs {
        let (sender, receiver) = mpsc::channel();
        let interrupt_pending = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        {
            crate::files::take_interrupts();
            let (sender, pending) = (sender.clone(), Arc::clone(&interrupt_pending));
            std::thread::spawn(move || {
                for signal in signals.forever() {
                    if pending.swap(true, Ordering::SeqCst) {
                        std::process::exit(128 + signal);
                    }
                    if sender.send(Input::Interrupt).is_err() {
                        break;
                    }
                }
            });
        }
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                if sender.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Input::End);
        });
        Inputs {
            receiver,
            interrupt_pending,
        }
    }

    /// The next input, waiting for it; `None` when none can come.
    fn next(&self) -> Option<Input> {
        let input = self.receiver.recv().ok()?;
        if matches!(input, Input::Interrupt) {
            self.interrupt_pending.store(false, Ordering::SeqCst);
        }
        Some(input)
    }
}

/// A seed from the clock, for games nobody asked to repeat.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
