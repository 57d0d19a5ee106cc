//! The rules of a variant in plain English: one sentence per rule, in the
//! order a player learns a game (board, move, captures, restrictions, end).
//!
//! Every field of [`Rules`] is taken apart without `..`, so a new rule
//! option does not compile until it is described here.

use crate::{
    engine::{pit_label, MAX_RELAYS},
    rules::{
        Board, Capture, CaptureDestination, CaptureSide, Chain, End, EndWhen, ExtraTurn,
        FeedFallback, FeedWhen, Feeding, FirstMove, GrandSlam, Laps, Leftovers, PitDirection,
        Repetition, Rules, SowStart, Sowing, Stores, Take,
    },
};

/// A description: a title, a source line, and sections of sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// The variant's name.
    pub title: String,
    /// Where the rules come from, as a sentence.
    pub source: String,
    /// `(heading, sentences)`, in the order a player learns them.
    pub sections: Vec<(&'static str, Vec<String>)>,
}

/// Describes `rules` in plain English.
pub fn describe(rules: &Rules) -> Description {
    let Rules {
        name,
        source,
        board,
        sowing,
        capture,
        feeding,
        grand_slam,
        end,
    } = rules;
    let per_row = usize::from(board.pits);
    let source = match source {
        Some(s) => format!("Source: {s}."),
        None => "No source is given.".to_string(),
    };
    let mut restrictions = feeding_sentences(feeding, sowing.min_stones);
    restrictions.extend(grand_slam_sentences(*grand_slam, capture));
    if feeding.when != FeedWhen::Never
        && *grand_slam != GrandSlam::Allowed
        && !capture.counts.is_empty()
    {
        restrictions.push(
            "The grand-slam rule applies first; the feeding rule then chooses among the moves left."
                .into(),
        );
    }
    Description {
        title: name.clone(),
        source,
        sections: vec![
            ("Board", board_sentences(board)),
            ("A move", move_sentences(sowing, per_row, board.stores)),
            ("Captures", capture_sentences(capture)),
            ("Restrictions", restrictions),
            ("End", end_sentences(end)),
        ],
    }
}

fn board_sentences(board: &Board) -> Vec<String> {
    let Board {
        rows,
        pits,
        seeds,
        stores,
    } = board;
    let per_row = usize::from(*pits);
    let stores = match stores {
        Stores::None => "no stores",
        Stores::Sown => "a store for each player at the end of their row: the mover sows into their own store and skips the opponent's, and stones in a store count as captured",
    };
    let total = u32::from(*rows) * u32::from(*pits) * u32::from(*seeds);
    vec![
        format!(
            "The board has {rows} rows of {pits} pit{}, one row per player, and {stores}.",
            plural(u32::from(*pits))
        ),
        format!(
            "Each pit starts with {seeds} stone{}: {total} in all.",
            plural(u32::from(*seeds))
        ),
        format!(
            "South owns the near row (pits {} from South's left to right) and moves first; North owns the far row ({} from North's left to right).",
            range(0, per_row),
            range(per_row, per_row),
        ),
    ]
}

fn move_sentences(sowing: &Sowing, per_row: usize, stores: Stores) -> Vec<String> {
    let Sowing {
        direction,
        start,
        skip_origin,
        laps,
        min_stones,
        extra_turn,
    } = sowing;
    let pit_count = 2 * per_row;
    // Slots a sowing passes in one round: the pits, and the mover's store.
    let slots = pit_count + usize::from(stores == Stores::Sown);
    let ccw_order: Vec<String> = (0..pit_count).map(|p| pit_label(p, per_row)).collect();
    let cw_order: Vec<String> = (0..pit_count)
        .map(|k| pit_label((pit_count - k) % pit_count, per_row))
        .collect();
    let uniform = direction.iter().all(|d| Some(d) == direction.first());
    let sowing_sentence = match (uniform, direction.first()) {
        (true, Some(PitDirection::Ccw)) => format!(
            "They lift all its stones and sow them one by one counter-clockwise, in the order {} ...",
            ccw_order.join(" ")
        ),
        (true, Some(PitDirection::Cw)) => format!(
            "They lift all its stones and sow them one by one clockwise, in the order {} ...",
            cw_order.join(" ")
        ),
        _ => {
            let per_pit: Vec<String> = direction
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let how = match d {
                        PitDirection::Ccw => "counter-clockwise",
                        PitDirection::Cw => "clockwise",
                        PitDirection::Either => "either way, as the mover chooses",
                    };
                    format!("the {} pit from the owner's left sows {how}", ordinal(i + 1))
                })
                .collect();
            format!(
                "They lift all its stones and sow them one by one in the pit's direction: {}. Counter-clockwise is the order {} ..., clockwise the reverse; a move from a pit that sows either way is written with its direction, like b:ccw or b:cw.",
                per_pit.join(", "),
                ccw_order.join(" ")
            )
        }
    };
    let pick = if *min_stones <= 1 {
        "any pit of their own row that is not empty".to_string()
    } else {
        format!("a pit of their own row holding at least {min_stones} stones (pits with fewer can never be played)")
    };
    let mut out = vec![
        format!("On their turn a player picks {pick}."),
        sowing_sentence,
    ];
    // Stones a sowing needs to come back round to the emptied pit.
    let lap = match start {
        SowStart::Origin => {
            out.push("The first stone goes back into the emptied pit, the others into the pits that follow it.".into());
            slots + 1
        }
        SowStart::Next => {
            out.push("The first stone goes into the pit after the emptied one.".into());
            slots
        }
    };
    out.push(if *skip_origin {
        format!("A sowing of {lap} or more stones, which goes all the way round, leaves out the emptied pit.")
    } else {
        format!("A sowing of {lap} or more stones goes all the way round and drops into the emptied pit too.")
    });
    out.push(match laps {
        Laps::Single => "The move ends when the hand is empty: there is no relay sowing.".into(),
        Laps::Relay => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing); the move ends when a lap ends in an empty pit{} (or after {MAX_RELAYS} laps, a bound of ours).", if stores == Stores::Sown { " or in the store" } else { "" }),
        Laps::NextRelay => format!("When the last stone lands in an empty pit, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty (or after {MAX_RELAYS} laps, a bound of ours)."),
    });
    out.push(match extra_turn {
        ExtraTurn::Never => "Then the other player moves.".into(),
        ExtraTurn::Store => {
            "If the last stone lands in the mover's own store, the mover moves again; otherwise the other player moves.".into()
        }
    });
    out
}

fn capture_sentences(capture: &Capture) -> Vec<String> {
    let Capture {
        counts,
        side,
        chain,
        first_move,
        take,
        goes_to,
    } = capture;
    if counts.is_empty() {
        return vec!["There are no captures.".into()];
    }
    let counts = or_list(counts.iter().map(u8::to_string));
    let row = match side {
        CaptureSide::Any => "on either row",
        CaptureSide::Own => "in the mover's own row",
        CaptureSide::Opponent => "in the opponent's row",
    };
    let taken = match take {
        Take::Last => "the mover captures its stones",
        Take::LastAndOpposite => "the mover captures its stones together with those of the pit facing it, provided the facing pit holds stones (otherwise nothing is captured)",
        Take::LastAndOppositeEvenEmpty => "the mover captures its stones together with those of the pit facing it, even when the facing pit is empty",
        Take::Opposite => "the mover captures the stones of the pit facing it, if it holds any (the last stone stays)",
    };
    let stones = if capture.counts == [1] {
        "stone"
    } else {
        "stones"
    };
    let mut out = vec![format!(
        "If the pit that got the last stone now holds exactly {counts} {stones} and lies {row}, {taken}."
    )];
    if *take == Take::Last {
        out.push(match chain {
        Chain::None => "Only that pit is captured: there is no chain.".into(),
        Chain::Backward => format!(
            "Then the pit before it (against the sowing direction) is examined, and so on backward: each that holds {counts} and lies {row} is captured too; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
        Chain::Forward => format!(
            "Then the pit after it (in the sowing direction) is examined, and so on forward: each that holds {counts} and lies {row} is captured too; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
        });
    }
    out.push(match goes_to {
        CaptureDestination::Mover => "Captured stones count for the mover.".into(),
        CaptureDestination::OutOfPlay => {
            "Captured stones are taken out of play: they count for nobody.".into()
        }
    });
    out.push(match first_move {
        FirstMove::Normal => "The game's first move captures like any other.".into(),
        FirstMove::NoCapture => {
            "The game's very first move captures nothing: what it would take stays on the board."
                .into()
        }
    });
    out
}

fn feeding_sentences(feeding: &Feeding, min_stones: u8) -> Vec<String> {
    let Feeding { when, otherwise } = feeding;
    let rule = match when {
        FeedWhen::Never => return vec!["A player never has to give the opponent stones.".into()],
        FeedWhen::RowEmpty => "When the opponent's row is empty, the mover must play a move that leaves at least one stone in it, if any move does.".to_string(),
        FeedWhen::CannotMove => format!(
            "When the opponent cannot move (no pit of theirs holds {min_stones} or more stones), the mover must play a move that leaves them such a pit, if any move does."
        ),
    };
    let fallback = match otherwise {
        FeedFallback::PlayAny => "If no move can do that, any move may be played.",
        FeedFallback::EndGame => "If no move can do that, the game ends at once.",
    };
    vec![rule, fallback.into()]
}

fn grand_slam_sentences(grand_slam: GrandSlam, capture: &Capture) -> Vec<String> {
    if capture.counts.is_empty() {
        return Vec::new();
    }
    let what = "A move that captures stones from the opponent's row and leaves that row empty (a grand slam)";
    vec![match grand_slam {
        GrandSlam::Allowed => format!("{what} is allowed and captures as usual."),
        GrandSlam::Forbidden => format!("{what} may not be played."),
        GrandSlam::OnlyMoveNoCapture => format!(
            "{what} may not be played unless the mover has no other move; then it is played but captures nothing."
        ),
        GrandSlam::NoCapture => format!("{what} may be played, but captures nothing."),
    }]
}

fn end_sentences(end: &End) -> Vec<String> {
    let End {
        when,
        leftovers,
        repetition,
        repetition_leftovers,
    } = end;
    let mut out = vec![if when.contains(&EndWhen::NeitherCanMove) {
        "A player who cannot move passes; the game ends when neither player can move.".to_string()
    } else {
        "The game ends when the player to move has no legal move.".to_string()
    }];
    for condition in when {
        match condition {
            EndWhen::NoLegalMove | EndWhen::NeitherCanMove => {}
            EndWhen::CapturedMajority => out.push(
                "It also ends as soon as a player has captured more than half of the stones."
                    .into(),
            ),
            EndWhen::RowEmpty => {
                out.push("It also ends as soon as a row is empty, whoever is to move.".into())
            }
            EndWhen::AllPitsAtMostOne => {
                out.push("It also ends when no pit holds more than one stone.".into())
            }
        }
    }
    out.push(format!("When it ends, {}.", leftovers_words(*leftovers)));
    out.push("The higher total of captures and leftovers wins; equal totals are a draw.".into());
    out.push(match repetition {
        Repetition::Ignore => "A repeated position does not end the game: only a simulator's ply cap stops an endless game.".into(),
        Repetition::EndGame => format!(
            "If a position (the board and the player to move) repeats, the game ends and {}.",
            leftovers_words(*repetition_leftovers)
        ),
    });
    out
}

fn leftovers_words(leftovers: Leftovers) -> &'static str {
    match leftovers {
        Leftovers::RowOwner => {
            "each player adds the stones left in their own row to their captures"
        }
        Leftovers::PlayerToMove => "the player to move takes all the stones left on the board",
        Leftovers::Unscored => "the stones left on the board count for nobody",
    }
}

/// `first`, `second`, ... (rows have at most 15 pits).
fn ordinal(n: usize) -> String {
    const WORDS: [&str; 15] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
    ];
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| format!("{n}th"), |w| (*w).to_string())
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `a-c`: the labels of one row, from absolute index `first`.
fn range(first: usize, per_row: usize) -> String {
    if per_row == 1 {
        pit_label(first, per_row)
    } else {
        format!(
            "{}-{}",
            pit_label(first, per_row),
            pit_label(first + per_row - 1, per_row)
        )
    }
}

/// `2`, `2 or 3`, `2, 4 or 6`.
fn or_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl Description {
    /// Plain text: the title, the source, then each section with one sentence a line.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n{}\n", self.title, self.source);
        for (heading, sentences) in &self.sections {
            out.push_str(&format!("\n{heading}\n"));
            for s in sentences {
                out.push_str(&format!("  {s}\n"));
            }
        }
        out
    }

    /// Markdown: a heading per section and a bullet per sentence.
    pub fn markdown(&self) -> String {
        let mut out = format!("# {}\n\n{}\n", self.title, self.source);
        for (heading, sentences) in &self.sections {
            out.push_str(&format!("\n## {heading}\n\n"));
            for s in sentences {
                out.push_str(&format!("- {s}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Keyword;

    fn modiar() -> Rules {
        crate::variants::load("modiar").unwrap().rules
    }

    /// Every value of an option gives a different description: an option
    /// value that `describe` ignores or words like another fails here (and a
    /// new option does not compile, as `describe` takes `Rules` apart
    /// without `..`).
    fn all_distinct<K: Keyword>(set: impl Fn(&mut Rules, K)) {
        let texts: Vec<String> = K::ALL
            .iter()
            .map(|(_, value)| {
                let mut rules = modiar();
                set(&mut rules, *value);
                describe(&rules).text()
            })
            .collect();
        for (i, a) in texts.iter().enumerate() {
            for (j, b) in texts.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    a,
                    b,
                    "`{}` and `{}` read the same",
                    K::ALL[i].0,
                    K::ALL[j].0
                );
            }
        }
    }

    #[test]
    fn every_option_value_is_rendered() {
        all_distinct(|r, v| r.sowing.direction = vec![v; 3]);
        all_distinct(|r, v| r.sowing.extra_turn = v);
        all_distinct(|r, v| r.capture.take = v);
        all_distinct(|r, v| r.sowing.start = v);
        all_distinct(|r, v| r.sowing.laps = v);
        all_distinct(|r, v| r.board.stores = v);
        all_distinct(|r, v| r.capture.side = v);
        all_distinct(|r, v| r.capture.chain = v);
        all_distinct(|r, v| r.capture.first_move = v);
        all_distinct(|r, v| r.feeding.when = v);
        all_distinct(|r, v| r.feeding.otherwise = v);
        all_distinct(|r, v| r.grand_slam = v);
        all_distinct(|r, v| r.end.when = vec![v]);
        all_distinct(|r, v| r.end.leftovers = v);
        all_distinct(|r, v| r.end.repetition = v);
        all_distinct(|r, v| r.end.repetition_leftovers = v);
    }

    #[test]
    fn every_number_and_text_is_rendered() {
        let base = describe(&modiar()).text();
        let changed = |edit: &dyn Fn(&mut Rules)| {
            let mut rules = modiar();
            edit(&mut rules);
            describe(&rules).text()
        };
        type Edit<'a> = (&'a str, &'a dyn Fn(&mut Rules));
        let edits: [Edit<'_>; 8] = [
            ("name", &|r| r.name = "Other".into()),
            ("source", &|r| r.source = None),
            ("pits", &|r| r.board.pits = 4),
            ("seeds", &|r| r.board.seeds = 5),
            ("skip_origin", &|r| {
                r.sowing.start = SowStart::Next;
                r.sowing.skip_origin = true;
            }),
            ("min_stones", &|r| r.sowing.min_stones = 1),
            ("counts", &|r| r.capture.counts = vec![2, 3]),
            ("rows", &|r| r.board.rows = 3),
        ];
        for (what, edit) in edits {
            assert_ne!(changed(edit), base, "{what} is not rendered");
        }
        let mut next = modiar();
        next.sowing.start = SowStart::Next;
        let mut skip = next.clone();
        skip.sowing.skip_origin = true;
        assert_ne!(describe(&next).text(), describe(&skip).text());
    }

    #[test]
    fn clockwise_order_and_oware_lap() {
        let mut rules = modiar();
        rules.board.pits = 6;
        rules.sowing.direction = vec![PitDirection::Cw; 6];
        rules.sowing.start = SowStart::Next;
        rules.sowing.skip_origin = true;
        let text = describe(&rules).text();
        assert!(
            text.contains("clockwise, in the order a F E D C B A f e d c b ..."),
            "{text}"
        );
        assert!(text.contains("A sowing of 12 or more stones, which goes all the way round, leaves out the emptied pit."), "{text}");
    }
}
