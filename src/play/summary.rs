//! A short plain-words summary of a variant's rules, built from the rule
//! model, for `rules` in `sow play`.

use std::fmt::Write;

use crate::rules::{
    CaptureSide, Chain, EndWhen, ExtraTurn, FeedFallback, FeedWhen, FirstMove, GrandSlam,
    Leftovers, PitDirection, Repetition, Rules, SowStart, Stores, Take,
};

/// The rules in a few lines of plain words.
pub fn rules_summary(rules: &Rules) -> String {
    let mut out = String::new();
    let b = &rules.board;
    let _ = writeln!(out, "{}", rules.name);
    if let Some(source) = &rules.source {
        let _ = writeln!(out, "  source: {source}");
    }
    let _ = writeln!(
        out,
        "  board: 2 rows of {} pits, {} stones in each ({} in all); {}",
        b.pits,
        b.seeds,
        rules.total_stones(),
        match b.stores {
            Stores::None => "no stores",
            Stores::Sown => "a store at each player's right, sown into",
        }
    );
    let s = &rules.sowing;
    let directions = if s.direction.iter().all(|d| *d == s.direction[0]) {
        direction_words(s.direction[0]).to_string()
    } else {
        let per_pit: Vec<String> = s.direction.iter().map(|d| d.to_string()).collect();
        format!(
            "in the direction of the pit (from each owner's left: {})",
            per_pit.join(", ")
        )
    };
    let _ = writeln!(
        out,
        "  move: take all the stones of one of your pits holding at least {}; sow them {directions}, one per pit, {}{}",
        s.min_stones,
        match s.start {
            SowStart::Origin => "starting in the emptied pit",
            SowStart::Next => "starting in the next pit",
        },
        if s.skip_origin { ", skipping the origin on laps" } else { "" },
    );
    if s.extra_turn == ExtraTurn::Store {
        let _ = writeln!(out, "  a last stone in your store gives you another move");
    }
    let c = &rules.capture;
    if c.counts.is_empty() {
        let _ = writeln!(out, "  capture: none");
    } else {
        let counts: Vec<String> = c.counts.iter().map(u8::to_string).collect();
        let side = match c.side {
            CaptureSide::Any => "on either side",
            CaptureSide::Own => "on your side",
            CaptureSide::Opponent => "on the opponent's side",
        };
        let take = match c.take {
            Take::Last => "it is taken",
            Take::LastAndOpposite => "it and the opposite pit are taken (if that is not empty)",
            Take::LastAndOppositeEvenEmpty => "it and the opposite pit are taken",
        };
        let chain = match c.chain {
            Chain::None => "",
            Chain::Backward => "; then the pits before it, while they qualify",
            Chain::Forward => "; then the pits after it, while they qualify",
        };
        let _ = writeln!(
            out,
            "  capture: when the last stone makes a pit {side} hold {}, {take}{chain}",
            or_list(&counts)
        );
        if c.first_move == FirstMove::NoCapture {
            let _ = writeln!(out, "  the first move of the game captures nothing");
        }
    }
    let f = &rules.feeding;
    if f.when != FeedWhen::Never {
        let _ = writeln!(
            out,
            "  feeding: when the opponent {}, you must leave them {}; if no move can, {}",
            match f.when {
                FeedWhen::RowEmpty => "has no stones in their row",
                _ => "cannot move",
            },
            match f.when {
                FeedWhen::RowEmpty => "some stones",
                _ => "a move",
            },
            match f.otherwise {
                FeedFallback::PlayAny => "any move may be played",
                FeedFallback::EndGame => "the game ends",
            }
        );
    }
    let _ = writeln!(
        out,
        "  grand slam (capturing the opponent's whole row): {}",
        match rules.grand_slam {
            GrandSlam::Allowed => "allowed",
            GrandSlam::Forbidden => "forbidden",
            GrandSlam::OnlyMoveNoCapture =>
                "only when it is the only move, and then it captures nothing",
            GrandSlam::NoCapture => "played, but it captures nothing",
        }
    );
    let e = &rules.end;
    let when: Vec<&str> = e.when.iter().map(|w| end_words(*w)).collect();
    let _ = writeln!(
        out,
        "  end: when {}; {}",
        when.join(", or when "),
        leftover_words(e.leftovers)
    );
    if e.repetition == Repetition::EndGame {
        let _ = writeln!(
            out,
            "  a repeated position ends the game; {}",
            leftover_words(e.repetition_leftovers)
        );
    }
    let _ = writeln!(out, "  the higher total (captures plus leftovers) wins");
    out
}

fn direction_words(d: PitDirection) -> &'static str {
    match d {
        PitDirection::Ccw => "counter-clockwise",
        PitDirection::Cw => "clockwise",
        PitDirection::Either => "either way (the mover chooses)",
    }
}

fn end_words(w: EndWhen) -> &'static str {
    match w {
        EndWhen::NoLegalMove => "the player to move has no legal move",
        EndWhen::CapturedMajority => "a player has captured more than half of the stones",
        EndWhen::RowEmpty => "a row is empty",
        EndWhen::AllPitsAtMostOne => "no pit holds more than one stone",
        EndWhen::NeitherCanMove => "neither player can move (one who cannot passes)",
    }
}

fn leftover_words(l: Leftovers) -> &'static str {
    match l {
        Leftovers::RowOwner => "each player adds the stones left in their own row",
        Leftovers::PlayerToMove => "the player to move takes the stones left",
        Leftovers::Unscored => "stones left on the board count for nobody",
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
