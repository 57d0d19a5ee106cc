//! `sow play`: the terminal loop around [`crate::play::Session`].

use std::io::{BufRead, IsTerminal, Write};

use super::error::Error;
use super::{commands::start_position, Seat, StartArgs, OK};
use crate::files::IoError;
use crate::{
    agents::AgentSpec,
    engine::{Game, Player},
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
) -> Result<i32, Error> {
    let game = Game::new(variants::load(variant)?.rules);
    super::check_agents(&game, &[agent])?;
    let from = match start.from {
        Some(_) => Some(start_position(&game, start)?),
        None => None,
    };
    let interactive = std::io::stdin().is_terminal();
    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut session = Session::new(
        &game,
        Options {
            variant: variant.to_string(),
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
    write!(out, "{}", session.begin()).map_err(io)?;
    let mut lines = std::io::stdin().lock().lines();
    loop {
        if interactive {
            write!(out, "{}", session.prompt()).map_err(io)?;
        }
        out.flush().map_err(io)?;
        let Some(line) = lines.next() else {
            // End of input (Ctrl-D): leave the prompt's line, then say goodbye.
            if interactive {
                writeln!(out).map_err(io)?;
            }
            write!(out, "{}", session.farewell()).map_err(io)?;
            break;
        };
        let line = line.map_err(|source| IoError::new("standard input", source))?;
        if !interactive {
            writeln!(out, "> {line}").map_err(io)?;
        }
        match session.handle(&line) {
            Reply::Continue(text) => write!(out, "{text}").map_err(io)?,
            Reply::Quit(text) => {
                write!(out, "{text}").map_err(io)?;
                break;
            }
        }
    }
    Ok(OK)
}

/// A seed from the clock, for games nobody asked to repeat.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
