//! Artifacts: what a peer program's engine does that no rule text
//! supports, named once here. A reading that follows a program
//! (`reading ludii { ... }`) names the artifacts that program's games show
//! (`artifact origin_test`), so that a replay of its games leaves out
//! exactly the games that reach one, by its name, rather than any game
//! that parts. Each artifact says what the engine does and the smallest
//! position that shows it.

/// A named behaviour of a peer program's engine that no rule text supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Artifact {
    /// The name a reading gives it by (`artifact NAME`).
    pub name: &'static str,
    /// What the engine does, and what the rules say instead.
    pub what: &'static str,
    /// The smallest position that shows it, in the position notation, and
    /// the move played there, with what each side gets.
    pub smallest: &'static str,
}

/// Every artifact a reading may name, by name.
pub const ARTIFACTS: &[Artifact] = &[
    Artifact {
        name: "origin_test",
        what: "Ludii 1.3.13: in a game that skips the origin on laps, a sowing whose last \
               counter falls just past the skipped origin is tested for capture at the origin \
               (its loop's last `to` is still the skipped hole), so it captures nothing; the \
               rules test the hole the last counter fell in",
        smallest: "Awari, `0 0 0 0 0 12 / 0 0 0 0 0 0 south captured 18 18`, South plays f: \
                   A-F and a-e sown, f skipped, the last counter in A (0 -> 2). The rules take \
                   the 2 (captured 20 18); Ludii tests f, empty, and takes nothing",
    },
    Artifact {
        name: "north_on_south_track",
        what: "Ludii 1.3.13, Chonka's anticlockwise option: North sows along South's track, \
               from the end of its row on into South's row and into South's store, never its \
               own; the rules have each player sow into their own store and skip the \
               opponent's",
        smallest: "Chonka, North's G holding one counter, North to move: the rules sow it into \
                   North's store; Ludii, on South's track, into South's a",
    },
    Artifact {
        name: "chain_stops_before_origin",
        what: "Ludii 1.3.13: a backward capture chain stops before the hole the move started \
               from, even when a sowing of a lap or more has brought that hole to a capturing \
               count; the rules take it and go on",
        smallest: "Mangala (Turkey), `15 1 0 0 0 0 0 / 0 0 0 0 0 0 0 south` (16 stones), South \
                   plays a: the 14th counter falls in a, the 15th makes b three; the rules take \
                   b, then a and every hole back to c, 16 counters; Ludii takes b's 3 alone",
    },
    Artifact {
        name: "relay_to_move_limit",
        what: "Ludii 1.3.13: each relay lap is a move of its own, so a relay that never ends \
               is played lap by lap until Ludii's move limit stops the game in its middle, a \
               draw, and a game that reaches that limit during a relay stops after some of its \
               laps; the rules play a move whole (never ending such a relay: `sow` cuts it \
               after its relay bound)",
        smallest: "Boukerourou, `1 0 1 0 / 1 0 1 2 north` (8 counters, met in Ludii's stored \
                   games), North plays D: the relay comes back to a lap state it had reached \
                   and goes round for ever; Ludii plays its laps to its move limit, `sow` \
                   cuts the move after 1000 laps",
    },
    Artifact {
        name: "stalemate_seen_a_move_late",
        what: "Ludii 1.3.13, Hus (Nama)'s `ForEachNonMoverNoMovesLoss`: a player left without \
               a move by the opponent's move is not found stuck then: they pass, and the \
               game ends, with the same loser, after the opponent's next move of Ludii's (a \
               move, or a relay's first lap); the rules end the game when the player to move \
               cannot move",
        smallest: "Hus (Nama), South's a and d holding 2 each, North's A holding one counter, \
                   the rest empty, South to move: South plays a (b, c: the move ends in empty \
                   c), and North, with a single counter, cannot move: South wins; Ludii has \
                   North pass and South play d before it ends the game, South winning",
    },
    Artifact {
        name: "leftovers_to_north",
        what: "Ludii 1.3.13, Rio Kadalis and Mewelad: the round's counters left on the board go \
               to South when `(no Moves P1)` holds, else to North; that test reads South's \
               stalemate flag, set only when South's own moves were last listed (at South's \
               turn, where South always had a move), so North always takes them; the rules \
               give them to the player who can still move",
        smallest: "Rio Kadalis, `0 0 1 0 0 0 / 0 0 0 0 0 1 north captured 22 24`, North plays \
                   F: its counter falls in South's empty a, and North owns no counter, so the \
                   round ends; the rules give the 2 left to South, who can still move (24 24), \
                   Ludii to North (22 26)",
    },
    Artifact {
        name: "direction_kept_without_capture",
        what: "Ludii 1.3.13, Dongjintian: the direction a relay goes (its \"Direction\" \
               variable) is reset only by a capture, so after a move whose relay ends without \
               capturing, the next player, and every one after, may sow only that way until a \
               move captures; the rules let every move choose its direction",
        smallest: "Dongjintian, `0 0 0 0 1 / 0 1 0 0 0 south` (2 counters), South plays e:ccw: \
                   its counter falls in A, B's counter is lifted and falls in C, and D and E \
                   are empty, so the move ends without a capture; the rules give North A and C \
                   either way, 4 moves; Ludii only anti-clockwise, 2",
    },
    Artifact {
        name: "direction_kept_after_capture",
        what: "Ludii 1.3.13, Wa'ache Waledat: the way a move sowed (its `Direction` variable) \
               is reset only when a lap ends in an empty hole, so the extra turn after a \
               capture offers only the three holes that sow the way the capturing move went; \
               the rules give \"another turn\" from any hole",
        smallest: "Wa'ache Waledat, `1 0 0 0 1 1 / 3 3 3 3 3 3 south captured 8 7`, South plays \
                   f (anti-clockwise): its counter makes A four, captured, and South moves \
                   again; the rules offer a and e, Ludii only e, of the three holes sowing \
                   anti-clockwise",
    },
    Artifact {
        name: "feeding_tested_each_lap",
        what: "Ludii 1.3.13, J'odu: each relay lap is a move of its own, and the feeding \
               test (`ifAfterwards`: the opponent keeps a counter) is made after each, so a \
               relay whose next lap would empty the opponent's row leaves the mover with no \
               move in the middle of its turn, and the game ends there; the rules judge \
               the whole move",
        smallest: "J'odu, `0 1 1 0 0 0 / 0 1 0 0 0 0 south captured 23 22`, South plays b: c \
                   1->2, occupied, lifted: d 0->1, e 0->1, the last, empty, in South's row: \
                   B's counter, North's last, is taken. The rules (the first lap feeds) play \
                   the move whole (24 22); Ludii refuses the second lap, leaves South with no \
                   move after the first and ends the game there",
    },
    Artifact {
        name: "tuzdik_in_first_hole_kept",
        what: "Ludii 1.3.13, Toguz Kumalak: a tuzdik is kept as its player's value, the \
               site index of its hole, and the test that empties a tuzdik into its owner's \
               store (`Tuz > 0`) reads site 0, South's first hole, as no tuzdik: the counters \
               sown into a tuzdik North made there stay in the hole, in South's row; the \
               rules give them to North",
        smallest: "Toguz Kumalak, `t 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 1 north captured 80 \
                   81` (a: North's tuzdik), North plays I: its single counter falls in a; the \
                   rules give it to North (80 82), Ludii keeps it in a (80 81)",
    },
    Artifact {
        name: "able_scores_stuck_store",
        what: "Ludii 1.3.13, Aw-li On-nam Ot-tjin: when a player cannot move, its score is \
               its store, and the opponent's is that same store plus the counters left on the \
               board (its `PiecesOwnedBy` reads the stuck player's store, not the opponent's), \
               so the player who can still move wins whenever a counter is left; the rules \
               give that player the counters left on top of its own captures",
        smallest: "Aw-li On-nam Ot-tjin, `1 0 0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 0 0 south captured \
                   27 24`: South cannot move, and the rules give the 3 left to North, 27 to \
                   27, a draw; Ludii scores South 27 and North 27 + 3 = 30, a win for North",
    },
    Artifact {
        name: "round_starter_by_rows_before_sweep",
        what: "Ludii 1.3.13, Hufesay: the player who fills first and starts the next round \
               is chosen by each player's captures plus the counters on the row of their \
               side of the board as the round's last move left them, before the counters \
               left go to the owners of their holes (its `NumCapturedPieces` counts the row, \
               `(sites P1)`, not the holes the player owns), South on a tie; the rules \
               compare the round's totals, each player's holes counted for them",
        smallest: "Hufesay, `0* 1* 0 1 1 1 / 0 0 0 0 0 1 north captured 19 24` (a and b \
                   North's), North plays F: its counter falls in a and North's row is empty, \
                   so the round ends; the rules score South 22 (d e f) and North 26 (a b), \
                   and North, who took more, starts the next round; Ludii compares 19 + 5 \
                   with 24 + 0, and South starts",
    },
    Artifact {
        name: "mark_cleared_when_emptied",
        what: "Ludii 1.3.13, Um el Banat: a marked hole is marked by the site's state, which \
               the engine clears when the hole's last counter leaves it (`ContainerState.remove` \
               resets a site's state with its count), so a marked hole a tribute empties is \
               unmarked: a last counter falling into it stays, and once sown into again it is \
               its row's player's to play; the rules keep the hole marked, empty or not",
        smallest: "Um el Banat, `0 0 0 0 0 1 / 0 1 t 0 0 0 north captured 20 26` (C: South's \
                   marked hole, emptied by an earlier tribute), North plays B: its counter \
                   falls in C; the rules take it as the tribute (20 27), Ludii, the mark gone, \
                   leaves it in C (20 26) and the turn ends",
    },
    Artifact {
        name: "refill_into_forgotten_hole",
        what: "Ludii 1.3.13, Bosh: a hole its owner leaves empty when passing at a refill is \
               forgotten for the rest of the match, never to be played again, yet the owner's \
               later refill moves go to any empty hole of the row, a forgotten one too, whose \
               counters then stay there: passed over by the sowing and never played, but \
               relayed from as the next hole and captured two out; the rules either keep an \
               eliminated hole empty or open it again once it is filled",
        smallest: "Bosh, Ludii's seed 1: North passes its first refill with A, C and D empty \
                   (Ludii's move 35), fills A, B and E at the next (A at move 69), and at \
                   move 75 Ludii lets North play B and E only; the rules, A being filled, \
                   offer A, B and E",
    },
    Artifact {
        name: "odd_hole_nobodys",
        what: "Ludii 1.3.13, Gabata (Adowa): between rounds, a player with two counters left \
               puts them and the opponent's one in their next empty hole, but its code then \
               remembers as that player's the empty hole after it (its `LeftMostEmpty` read \
               again once the hole is filled), not the hole of the three, which is nobody's: \
               when that player fills first, the opponent then fills the remembered hole and \
               owns it too; when they fill last, no hole is left to remember. The rules \
               (\"they also gain another hole and the opponent surrenders their extra \
               counter\") make the hole of the three that player's",
        smallest: "Gabata (Adowa), the board empty, South to move, South holding 14 and North \
                   40 (Ludii's seed-1 game, move 341): South fills a-d and puts its 2 and \
                   North's 1 in e, and North fills the rest. The rules make e South's; Ludii \
                   makes f South's and North's and e nobody's, so that South's c, sown to f \
                   (3 -> 4), makes a weg of f there",
    },
    Artifact {
        name: "weg_kept_across_rounds",
        what:
            "Ludii 1.3.13, Gabata (Adowa), Qelat: a weg is marked by its site's state, which the \
               end of a round does not always clear when its counters go to the weg's owner, so \
               the hole, refilled for the next round, is still marked: its new owner may not \
               sow from it; the rules start every round with no weg",
        smallest: "Gabata (Adowa), Ludii's seed-10 game: a round ends with North's weg H \
                   holding 18 (North's then), and South, scoring more, fills H in the next \
                   round; the rules let South sow from H (11 moves at Ludii's move 1227), \
                   Ludii does not (10)",
    },
    Artifact {
        name: "relay_hole_kept_across_refill",
        what: "Ludii 1.3.13, Gabata (Shoa I), Mewegae: a relay lap's next hole is its \
               `Replay` variable, offered alone while the previous move was the mover's \
               (`SameTurn`, `(is Prev Mover)`); the refill between rounds is a run of moves, \
               so a round started by the player who filled last may sow only from the hole \
               where a relay lap of the last round ended; the rules let the round's starter \
               sow from any hole of theirs",
        smallest: "Gabata (Shoa I), Ludii's seed-12 game: round 1 ends at Ludii's move 44, \
                   South fills first (moves 45-52), North last (53-56), and North starts \
                   round 2 from the full board of fours: the rules let North sow from any of \
                   its six holes, Ludii offers only A (its site 11, `Replay`) at move 57",
    },
    Artifact {
        name: "own_weg_still_sown",
        what: "Ludii 1.3.13, Awagagae: a player may not sow from a hole the opponent has \
               captured, and Ludii tests only that (`PossibleSowFrom`); a hole of the other's \
               row that a player won in a refill and then captures (its lap making four \
               there, `(is In (to) (sites Next))`) is still theirs to sow from; the rules \
               let nobody sow from a captured hole (\"a player cannot then take from one of \
               these holes that they have captured\")",
        smallest: "Awagagae, Ludii's seed-1 game: South, given North's A at the second \
                   refill, makes four in it at Ludii's move 214; at move 219 Ludii lets \
                   South sow from A (5 moves), the rules do not (4: b c e f)",
    },
];

/// The artifact named `name`, if any.
pub fn find(name: &str) -> Option<&'static Artifact> {
    ARTIFACTS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_words_and_found() {
        for (i, artifact) in ARTIFACTS.iter().enumerate() {
            assert!(
                (artifact.name.chars()).all(|c| c.is_ascii_lowercase() || c == '_'),
                "{}",
                artifact.name
            );
            assert_eq!(find(artifact.name), Some(artifact));
            assert!(ARTIFACTS[..i].iter().all(|a| a.name != artifact.name));
        }
        assert_eq!(find("origin"), None);
    }
}
