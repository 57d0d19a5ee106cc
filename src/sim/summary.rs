//! The summary of a batch as plain data (what `sow simulate --format json`
//! prints), and the merge of shard summaries.
//!
//! A summary carries both the figures people read (rates, intervals, means)
//! and the raw counts they come from (wins, ends, the ply histogram, sums), so
//! that shard summaries can be added up into exactly the summary of the whole
//! batch.

use serde::{Deserialize, Serialize};

use super::{wilson_interval, Batch, Histogram, Shard, Tally};
use crate::{
    agents::AgentSpec,
    engine::{EndReason, Game, Player, Width},
};

/// Everything `sow simulate` reports about a batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The variant's name (from its file).
    pub variant: String,
    /// The agents named first and second (first sits South unless swapped).
    pub agents: [String; 2],
    /// The batch seed.
    pub seed: u64,
    /// Whether odd games exchange the agents' seats.
    pub swap: bool,
    /// The ply cap.
    pub max_plies: u32,
    /// Games in the whole batch.
    pub batch_games: u64,
    /// The shard (`I/N`) this summary covers, or `null` for the whole batch.
    pub shard: Option<String>,
    /// Games played (and summarised here).
    pub games: u64,
    /// Games won per seat and drawn. Ply-capped games are neither.
    pub wins: Wins,
    /// The same as fractions of all games, with 95% Wilson intervals.
    pub win_rates: WinRates,
    /// How the player who moved first fared.
    pub first_player: FirstPlayer,
    /// Wins of each named agent (only with `--swap`, when they change seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_wins: Option<[AgentWins; 2]>,
    /// Game lengths in plies.
    pub plies: Plies,
    /// Stones captured during play (leftovers not included).
    pub captured: Captured,
    /// Games per way of ending: every way, zeros included, so that the keys
    /// are the same for every variant.
    pub ends: Ends,
    /// The ways of ending the variant's rules can produce, and `ply_cap`
    /// (see [`super::ends::in_force`]): the rows the table shows. A summary
    /// without it is read as listing every way.
    #[serde(default = "super::ends::all")]
    pub ends_in_force: Vec<EndReason>,
    /// The SHA-256 (hex) of the rules the games were played under, as the
    /// variant file's canonical text (`sow fmt`, defaults left out): the
    /// shards of one batch must agree on it, so that two variant files that
    /// share a name are not added up. Absent in summaries written before it
    /// was recorded (and in summaries made without a game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_sha256: Option<String>,
    /// Legal moves where moves were chosen.
    pub branching: Branching,
    /// Ludii-style rule-set metrics (see the README).
    pub metrics: Metrics,
    /// Rounds per match, for a variant with rounds (each game is a match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Rounds>,
}

/// Rounds per match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rounds {
    /// Mean rounds per match.
    pub mean: f64,
    /// Median (mean of the two middle matches when the count is even).
    pub median: f64,
    /// Longest match, in rounds.
    pub max: u32,
    /// `{"rounds": matches, ...}`, ascending.
    pub histogram: Histogram,
}

/// Games won per seat, and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wins {
    /// Won by South.
    pub south: u64,
    /// Won by North.
    pub north: u64,
    /// Drawn.
    pub draws: u64,
}

/// A fraction of games and its 95% Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// The fraction.
    pub rate: f64,
    /// 95% Wilson score interval `[low, high]`.
    pub ci95: [f64; 2],
}

impl Rate {
    fn of(successes: u64, trials: u64) -> Option<Rate> {
        Some(Rate {
            rate: successes as f64 / trials as f64,
            ci95: wilson_interval(successes, trials)?,
        })
    }
}

/// [`Wins`] as fractions of all games.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WinRates {
    /// South's wins.
    pub south: Rate,
    /// North's wins.
    pub north: Rate,
    /// Draws.
    pub draws: Rate,
}

/// The first player's results.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FirstPlayer {
    /// Who moved first.
    pub player: Player,
    /// Games the first player won.
    pub wins: u64,
    /// Games with a winner (neither drawn nor capped).
    pub decided: u64,
    /// Wins / decided games; `null` when no game was decided.
    pub share_of_decided: Option<Rate>,
    /// Ludii's AdvantageP1: wins / all games.
    pub advantage_p1: f64,
}

/// One agent's wins over both seats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentWins {
    /// The agent.
    pub agent: String,
    /// Games it won.
    pub wins: u64,
    /// Wins / all games.
    pub rate: Rate,
}

/// Game lengths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plies {
    /// Mean plies per game.
    pub mean: f64,
    /// Median (mean of the two middle games when the count is even).
    pub median: f64,
    /// 95th percentile (nearest rank).
    pub p95: u32,
    /// Longest game.
    pub max: u32,
    /// `{"plies": games, ...}`, ascending.
    pub histogram: Histogram,
}

/// Stones captured during play.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Captured {
    /// Over all games.
    pub total: u64,
    /// Per game.
    pub mean: f64,
}

/// Games per way of ending: a count for every [`EndReason`] (zeros
/// included), keyed `no_legal_move`, `feeding_impossible`, `repetition`, ...,
/// `ply_cap` (the simulator's cap, not an end of the rules).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Ends(pub std::collections::BTreeMap<EndReason, u64>);

impl Ends {
    /// Counts in [`EndReason::ALL`] order.
    pub fn from_counts(counts: &[u64; EndReason::COUNT]) -> Self {
        Ends(
            EndReason::ALL
                .into_iter()
                .zip(counts.iter().copied())
                .collect(),
        )
    }

    /// Games that ended for `end`.
    pub fn get(&self, end: EndReason) -> u64 {
        self.0.get(&end).copied().unwrap_or(0)
    }
}

/// Legal moves at the positions where a move was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Branching {
    /// Positions where a move was chosen (= plies played).
    pub positions: u64,
    /// Legal moves summed over them.
    pub legal_moves: u64,
    /// Those with more than one legal move.
    pub choices: u64,
    /// Mean legal moves per position (the average branching factor).
    pub mean: Option<f64>,
}

/// Ludii-style metrics of a rule set (definitions in the README).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// 1 − |South's rate − North's rate|, draws and capped games counting ½.
    pub balance: f64,
    /// Fraction of games with a winner.
    pub completion: f64,
    /// Fraction of games drawn by the rules (capped games excluded).
    pub drawishness: f64,
    /// Fraction of games stopped by the ply cap.
    pub timeouts: f64,
    /// Mean plies per game (one move per turn: turns = moves).
    pub duration: f64,
    /// Fraction of positions where the mover had more than one legal move.
    pub decision_moves: Option<f64>,
}

impl Summary {
    /// The summary of `tally`, the games of `batch` played on `game`.
    /// `None` when the tally holds no game.
    pub fn of_game<W: Width>(game: &Game<W>, batch: &Batch, tally: &Tally) -> Option<Summary> {
        let rules = game.rules();
        let in_force = super::ends::in_force(rules);
        let summary = Summary::new(&rules.name, batch, game.start().to_move, &in_force, tally)?;
        Some(Summary {
            rules_sha256: Some(rules_sha256(rules)),
            ..summary
        })
    }

    /// The summary of `tally`, the games of `batch` played on `variant`;
    /// `first` moved first; the rules can end a game the ways `in_force`
    /// lists. `None` when the tally holds no game.
    pub fn new(
        variant: &str,
        batch: &Batch,
        first: Player,
        in_force: &[EndReason],
        tally: &Tally,
    ) -> Option<Summary> {
        let games = tally.games;
        let n = games as f64;
        let [south, north] = tally.wins;
        let draws = tally.draws;
        let capped = tally.capped();
        let decided = south + north;
        let plies_sum = tally.plies.sum();
        let half = (draws + capped) as f64 / 2.0;
        let balance = 1.0 - ((south as f64 + half) / n - (north as f64 + half) / n).abs();
        let agent_wins = batch.swap.then(|| {
            [0, 1].map(|i| AgentWins {
                agent: batch.agents[i].to_string(),
                wins: tally.agent_wins[i],
                rate: Rate::of(tally.agent_wins[i], games).unwrap_or(Rate {
                    rate: 0.0,
                    ci95: [0.0, 1.0],
                }),
            })
        });
        Some(Summary {
            variant: variant.to_string(),
            agents: batch.agents.map(|a| a.to_string()),
            seed: batch.seed,
            swap: batch.swap,
            max_plies: batch.max_plies,
            batch_games: batch.games,
            shard: batch.shard.map(|s| s.to_string()),
            games,
            wins: Wins {
                south,
                north,
                draws,
            },
            win_rates: WinRates {
                south: Rate::of(south, games)?,
                north: Rate::of(north, games)?,
                draws: Rate::of(draws, games)?,
            },
            first_player: FirstPlayer {
                player: first,
                wins: tally.first_player_wins,
                decided,
                share_of_decided: Rate::of(tally.first_player_wins, decided),
                advantage_p1: tally.first_player_wins as f64 / n,
            },
            agent_wins,
            plies: Plies {
                mean: plies_sum as f64 / n,
                median: tally.plies.median()?,
                p95: tally.plies.quantile(0.95)?,
                max: tally.plies.max(),
                histogram: tally.plies.clone(),
            },
            captured: Captured {
                total: tally.captured,
                mean: tally.captured as f64 / n,
            },
            ends: Ends::from_counts(&tally.ends),
            ends_in_force: in_force.to_vec(),
            rules_sha256: None,
            branching: Branching {
                positions: plies_sum,
                legal_moves: tally.legal_moves,
                choices: tally.choices,
                mean: (plies_sum > 0).then(|| tally.legal_moves as f64 / plies_sum as f64),
            },
            metrics: Metrics {
                balance,
                completion: decided as f64 / n,
                drawishness: draws as f64 / n,
                timeouts: capped as f64 / n,
                duration: plies_sum as f64 / n,
                decision_moves: (plies_sum > 0).then(|| tally.choices as f64 / plies_sum as f64),
            },
            rounds: (tally.rounds.count() > 0).then(|| Rounds {
                mean: tally.rounds.sum() as f64 / tally.rounds.count() as f64,
                median: tally.rounds.median().unwrap_or(0.0),
                max: tally.rounds.max(),
                histogram: tally.rounds.clone(),
            }),
        })
    }

    /// The batch this summary describes (with its shard).
    ///
    /// # Errors
    /// An agent or shard that does not parse.
    pub fn batch(&self) -> Result<Batch, SummaryError> {
        let agent = |s: &str| s.parse::<AgentSpec>().map_err(SummaryError::Batch);
        Ok(Batch {
            agents: [agent(&self.agents[0])?, agent(&self.agents[1])?],
            seed: self.seed,
            games: self.batch_games,
            swap: self.swap,
            max_plies: self.max_plies,
            shard: self
                .shard
                .as_deref()
                .map(str::parse::<Shard>)
                .transpose()
                .map_err(SummaryError::Batch)?,
        })
    }

    /// The raw counts behind this summary.
    ///
    /// # Errors
    /// Counts that do not add up (the file was not written by `sow simulate`
    /// or was edited).
    pub fn tally(&self) -> Result<Tally, SummaryError> {
        let e = &self.ends;
        let tally = Tally {
            games: self.games,
            wins: [self.wins.south, self.wins.north],
            draws: self.wins.draws,
            ends: EndReason::ALL.map(|end| e.get(end)),
            agent_wins: match &self.agent_wins {
                Some([a, b]) => [a.wins, b.wins],
                None => [self.wins.south, self.wins.north],
            },
            first_player_wins: self.first_player.wins,
            plies: self.plies.histogram.clone(),
            captured: self.captured.total,
            legal_moves: self.branching.legal_moves,
            choices: self.branching.choices,
            score_diffs: Default::default(),
            rounds: self
                .rounds
                .as_ref()
                .map_or_else(Histogram::default, |r| r.histogram.clone()),
        };
        let sum = |counts: &[u64]| {
            counts
                .iter()
                .try_fold(0u64, |total, &n| total.checked_add(n))
        };
        let ended = sum(&tally.ends);
        let decided_and_drawn = sum(&[tally.wins[0], tally.wins[1], tally.draws, tally.capped()]);
        // The histogram's count and sum fit: its reader checks them.
        if ended != Some(tally.games)
            || decided_and_drawn != Some(tally.games)
            || tally.plies.count() != tally.games
            || tally.plies.sum() != self.branching.positions
        {
            return Err(SummaryError::Counts("games, wins, ends, histogram"));
        }
        if EndReason::ALL
            .into_iter()
            .any(|end| e.get(end) > 0 && !self.ends_in_force.contains(&end))
        {
            return Err(SummaryError::Counts(
                "games ended a way `ends_in_force` does not list",
            ));
        }
        let decided = tally.wins[0] + tally.wins[1];
        if tally.first_player_wins > decided || sum(&tally.agent_wins) != Some(decided) {
            return Err(SummaryError::Counts(
                "wins of the first player, of each agent",
            ));
        }
        Ok(tally)
    }
}

/// A summary that does not describe a batch: what [`Summary::batch`] and
/// [`Summary::tally`] refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SummaryError {
    /// An agent or the shard does not parse.
    #[error("{0}")]
    Batch(String),
    /// Counts that do not add up (which ones).
    #[error("its counts do not add up ({0})")]
    Counts(&'static str),
}

/// Summaries that are not the shards of one batch, named by their files.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No summary was given.
    #[error("nothing to merge")]
    Empty,
    /// A summary that does not describe a batch.
    #[error("{name}: {error}")]
    Summary {
        /// The summary's file.
        name: String,
        /// What is wrong with it.
        error: SummaryError,
    },
    /// A summary of a whole batch.
    #[error("{name}: not a shard (it has `\"shard\": null`)")]
    NotShard {
        /// The summary's file.
        name: String,
    },
    /// Fewer or more summaries than the batch has shards.
    #[error("{name} is shard {shard}: merge needs all {count} shard summaries, got {got}")]
    Count {
        /// The first summary's file.
        name: String,
        /// Its shard (`1/3`).
        shard: String,
        /// The batch's shard count.
        count: u64,
        /// Summaries given.
        got: usize,
    },
    /// A shard of another batch.
    #[error("{name}: not a shard of the same batch as {first} (variant and its rules, agents, seed, swap, max plies, games, shard count and ways of ending in force must match)")]
    OtherBatch {
        /// The summary's file.
        name: String,
        /// The first summary's file.
        first: String,
    },
    /// A shard given twice.
    #[error("{name}: shard {shard} is also in {other}")]
    Twice {
        /// The summary's file.
        name: String,
        /// The shard.
        shard: String,
        /// The other file with that shard.
        other: String,
    },
    /// Counts whose sum does not fit.
    #[error("{name}: its counts are too large to add up")]
    TooLarge {
        /// The summary's file.
        name: String,
    },
    /// Shards missing (`2/3, 3/3`).
    #[error("missing shard(s) {}", .0.join(", "))]
    Missing(Vec<String>),
    /// The shards hold no game.
    #[error("the shards hold no game")]
    NoGame,
}

/// Adds up the summaries of every shard of one batch into the summary of the
/// whole batch: exactly what one run of the batch prints.
///
/// # Errors
/// The summaries are not the shards `1/N` to `N/N` of one batch (same variant,
/// agents, seed, swap, cap and size), or their counts do not add up.
pub fn merge(parts: &[(String, Summary)]) -> Result<Summary, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::Empty);
    };
    let summary_error = |name: &str| {
        let name = name.to_string();
        move |error| MergeError::Summary { name, error }
    };
    let not_shard = |name: &str| MergeError::NotShard {
        name: name.to_string(),
    };
    let batch = first.batch().map_err(summary_error(first_name))?;
    let count = batch
        .shard
        .map(|s| s.count)
        .ok_or_else(|| not_shard(first_name))?;
    if count != parts.len() as u64 {
        return Err(MergeError::Count {
            name: first_name.clone(),
            shard: batch.shard.map_or(String::new(), |s| s.to_string()),
            count,
            got: parts.len(),
        });
    }
    let mut seen = vec![None::<&str>; parts.len()];
    let mut tally = Tally::default();
    for (name, part) in parts {
        let this = part.batch().map_err(summary_error(name))?;
        let shard = this.shard.ok_or_else(|| not_shard(name))?;
        let same = Batch {
            shard: None,
            ..this
        } == Batch {
            shard: None,
            ..batch
        } && part.variant == first.variant
            && part.first_player.player == first.first_player.player
            && part.ends_in_force == first.ends_in_force
            && part.rules_sha256 == first.rules_sha256;
        if !same || shard.count != count {
            return Err(MergeError::OtherBatch {
                name: name.clone(),
                first: first_name.clone(),
            });
        }
        let slot = &mut seen[(shard.index - 1) as usize];
        if let Some(other) = slot {
            return Err(MergeError::Twice {
                name: name.clone(),
                shard: shard.to_string(),
                other: (*other).to_string(),
            });
        }
        *slot = Some(name);
        tally = tally
            .merged(&part.tally().map_err(summary_error(name))?)
            .ok_or_else(|| MergeError::TooLarge { name: name.clone() })?;
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[(*i - 1) as usize].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing));
    }
    let whole = Batch {
        shard: None,
        ..batch
    };
    let summary = Summary::new(
        &first.variant,
        &whole,
        first.first_player.player,
        &first.ends_in_force,
        &tally,
    )
    .ok_or(MergeError::NoGame)?;
    Ok(Summary {
        rules_sha256: first.rules_sha256.clone(),
        ..summary
    })
}

/// The SHA-256 (hex) of `rules` written as a variant file in canonical
/// layout without defaults: the same for every file that loads to these
/// rules, whatever its comments and layout.
fn rules_sha256(rules: &crate::rules::Rules) -> String {
    use sha2::{Digest, Sha256};
    let text = crate::rules::write::print(&crate::rules::write::document(rules, false));
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        engine::{Outcome, Player},
        sim::GameResult,
    };

    fn result(index: u64, plies: u32, end: EndReason, winner: Option<Outcome>) -> GameResult {
        GameResult {
            index,
            seed: 0,
            plies,
            end,
            scores: [0, 0],
            winner,
            captured: 2 * plies,
            legal_moves: 3 * u64::from(plies),
            choices: plies / 2,
            moves: Vec::new(),
            relay_cut: false,
            rounds: None,
        }
    }

    /// Four games worked by hand: South wins in 10 plies, North in 20, a
    /// draw in 30, and a game stopped at the cap of 1000.
    #[test]
    fn figures_of_four_games() {
        let batch = Batch {
            agents: [AgentSpec::Random, AgentSpec::Greedy],
            seed: 1,
            games: 4,
            swap: true,
            max_plies: 1000,
            shard: None,
        };
        let games = [
            result(0, 10, EndReason::NoLegalMove, Some(Outcome::South)),
            result(1, 20, EndReason::NoLegalMove, Some(Outcome::North)),
            result(2, 30, EndReason::Repetition, Some(Outcome::Draw)),
            result(3, 1000, EndReason::PlyCap, None),
        ];
        let mut tally = Tally::default();
        for g in &games {
            tally.add(&batch, Player::South, g);
        }
        let s = Summary::new("Test", &batch, Player::South, &EndReason::ALL, &tally).unwrap();
        assert_eq!(s.games, 4);
        assert_eq!(
            s.wins,
            Wins {
                south: 1,
                north: 1,
                draws: 1
            }
        );
        assert_eq!(s.ends.get(EndReason::NoLegalMove), 2);
        assert_eq!(s.ends.get(EndReason::FeedingImpossible), 0);
        assert_eq!(s.ends.get(EndReason::Repetition), 1);
        assert_eq!(s.ends.get(EndReason::PlyCap), 1);
        assert_eq!(s.win_rates.south.rate, 0.25);
        // Game 0: the first agent (random) sat South and won. Game 1 is odd,
        // so swapped: random sat North and won again. Greedy won nothing.
        let agents = s.agent_wins.clone().unwrap();
        assert_eq!((agents[0].wins, agents[1].wins), (2, 0));
        // First player (South) won 1 of the 2 decided games; AdvantageP1 1/4.
        assert_eq!(s.first_player.decided, 2);
        assert_eq!(s.first_player.share_of_decided.unwrap().rate, 0.5);
        assert_eq!(s.first_player.advantage_p1, 0.25);
        // Plies 10 20 30 1000: mean 265, median (20 + 30)/2, p95 the
        // ⌈3.8⌉ = 4th value, max 1000.
        assert_eq!((s.plies.mean, s.plies.median), (265.0, 25.0));
        assert_eq!((s.plies.p95, s.plies.max), (1000, 1000));
        // Captures 2 per ply: 2120 in all, 530 per game.
        assert_eq!(s.captured.mean, 530.0);
        // 3 legal moves everywhere; choices 5+10+15+500 of 1060 positions.
        assert_eq!(s.branching.mean, Some(3.0));
        assert_eq!(s.metrics.decision_moves, Some(0.5));
        // Balance: South (1 + ½·2)/4 = North's: 1. Completion 2/4, one draw
        // and one timeout of 4, duration 265.
        let m = s.metrics;
        assert_eq!(
            (
                m.balance,
                m.completion,
                m.drawishness,
                m.timeouts,
                m.duration
            ),
            (1.0, 0.5, 0.25, 0.25, 265.0)
        );
        // The raw counts read back from the summary are the tally, but for
        // the score differences, which summaries do not carry.
        assert_eq!(tally.score_diffs.get(&0), Some(&3));
        let carried = Tally {
            score_diffs: Default::default(),
            ..tally
        };
        assert_eq!(s.tally().unwrap(), carried);
    }

    /// Shard 1/2 of a two-game batch of random players.
    fn first_half_of_two() -> Batch {
        Batch {
            agents: [AgentSpec::Random, AgentSpec::Random],
            seed: 1,
            games: 2,
            swap: false,
            max_plies: 100,
            shard: Some(Shard { index: 1, count: 2 }),
        }
    }

    #[test]
    fn merge_refuses_what_is_not_one_whole_batch() {
        let batch = first_half_of_two();
        let mut tally = Tally::default();
        tally.add(
            &batch,
            Player::South,
            &result(0, 10, EndReason::NoLegalMove, Some(Outcome::South)),
        );
        let one = Summary::new("Test", &batch, Player::South, &EndReason::ALL, &tally).unwrap();
        let mut other_seed = one.clone();
        other_seed.seed = 2;
        other_seed.shard = Some("2/2".into());
        let err = merge(&[("a".into(), one.clone()), ("b".into(), other_seed)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a shard of the same batch"), "{err}");
        let err = merge(&[("a".into(), one.clone())]).unwrap_err().to_string();
        assert!(err.contains("needs all 2"), "{err}");
        let mut edited = one.clone();
        edited.shard = Some("2/2".into());
        edited.wins.south = 5;
        let err = merge(&[("a".into(), one.clone()), ("b".into(), edited)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("do not add up"), "{err}");
        let mut edited = one.clone();
        edited.shard = Some("2/2".into());
        edited.first_player.wins = 2;
        let err = merge(&[("a".into(), one), ("b".into(), edited)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("wins of the first player"), "{err}");
    }

    /// Regression: counts read from (edited) summaries that are each
    /// consistent but whose sums overflow were added with `+` (a panic in a
    /// debug build, a silent wrap in a release build).
    #[test]
    fn merge_refuses_counts_too_large_to_add_up() {
        let batch = first_half_of_two();
        let mut tally = Tally::default();
        tally.add(
            &batch,
            Player::South,
            &result(0, 0, EndReason::NoLegalMove, Some(Outcome::South)),
        );
        let mut huge =
            Summary::new("Test", &batch, Player::South, &EndReason::ALL, &tally).unwrap();
        let big = 1u64 << 63;
        huge.games = big;
        huge.wins.south = big;
        huge.first_player.wins = big;
        huge.ends.0.insert(EndReason::NoLegalMove, big);
        huge.plies.histogram = serde_json::from_str(&format!("{{\"0\": {big}}}")).unwrap();
        assert!(huge.tally().is_ok(), "each part on its own adds up");
        let mut second = huge.clone();
        second.shard = Some("2/2".into());
        let err = merge(&[("a".into(), huge), ("b".into(), second)]).unwrap_err();
        assert_eq!(err.to_string(), "b: its counts are too large to add up");
    }

    /// Regression: merging dropped the counts of the last three ways of
    /// ending (`row_empty`, `all_pits_at_most_one`, `ply_cap`): only the
    /// first four of the seven were added.
    #[test]
    fn merge_adds_up_every_way_of_ending() {
        let batch = |index| Batch {
            agents: [AgentSpec::Random, AgentSpec::Random],
            seed: 1,
            games: 2,
            swap: false,
            max_plies: 100,
            shard: Some(Shard { index, count: 2 }),
        };
        let part = |index: u64, end: EndReason, winner| {
            let mut tally = Tally::default();
            let game = result(index - 1, 100, end, winner);
            tally.add(&batch(index), Player::South, &game);
            let summary = Summary::new(
                "Test",
                &batch(index),
                Player::South,
                &EndReason::ALL,
                &tally,
            )
            .unwrap();
            (format!("part{index}"), summary)
        };
        let merged = merge(&[
            part(1, EndReason::RowEmpty, Some(Outcome::South)),
            part(2, EndReason::PlyCap, None),
        ])
        .unwrap();
        assert_eq!(merged.ends.get(EndReason::RowEmpty), 1);
        assert_eq!(merged.ends.get(EndReason::PlyCap), 1);
        assert_eq!(merged.metrics.timeouts, 0.5);
    }
}
