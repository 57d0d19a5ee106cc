//! A move played on a packed board ([`PackedLaps`]): the one lap as one
//! addition, then the captures of the last pit read from the same lanes.

use super::Game;
use crate::engine::component::{
    capture::CaptureTable,
    packed::{add, count, lanes, Lanes, PackedLaps, LANES},
};
use crate::engine::effect::Effect;
use crate::engine::position::{Move, Player, Position};
use crate::engine::width::{PitBits, Width};
use crate::rules::Take;

impl<W: Width> Game<W> {
    /// [`Game::sow_in_place`] for a one-lap variant whose laps are packed
    /// and whose captures fit ([`PackedLaps::whole_moves`]), on a board
    /// without closed pits: the sowing and the captures are worked on the
    /// pits as one `u128`, written back once (the move loop then reads the
    /// board in whole words without waiting for byte stores to drain).
    #[inline(always)]
    pub(super) fn sow_packed(
        &self,
        packed: &PackedLaps,
        pos: &mut Position<W>,
        mv: Move,
        capture: bool,
    ) -> Effect<W> {
        let mover = pos.to_move;
        let m = mover.index();
        let (origin, direction) = (usize::from(mv.pit), mv.direction as usize);
        let i = packed.index(mover, origin, direction, pos.pits[origin]);
        let mut board = add(lanes(pos), &packed.delta[i]);
        let ends = packed.ends[i];
        let last = usize::from(ends as u8);
        pos.captured[m] += ends >> 8;
        let mut effect = Effect {
            last: last as u8,
            ..Effect::default()
        };
        if capture
            && last != W::STORE_SLOT
            && self.captures.capture_pits[m].has(last)
            && self.captures.capturable[usize::from(count(&board, last))]
        {
            for rule in self.captures.capture_rules.iter() {
                if rule.applies(pos) {
                    self.capture_packed(rule, &board, pos, m, last, direction, &mut effect);
                }
            }
            // The pits taken emptied at once, lane by lane.
            let taken = effect.captured_pits;
            for (pit, lane) in board.iter_mut().enumerate() {
                *lane &= if taken.has(pit) { 0 } else { 0xFF };
            }
        }
        pos.pits[..LANES].copy_from_slice(&board);
        // The pits taken where the move ended, before any sweep.
        let ended_pits = effect.captured_pits;
        if capture && self.sweeps_after(&effect) {
            self.sweep(pos, mover, &mut effect);
        }
        let again = self.moves_again(last, &effect, ended_pits);
        if !again {
            pos.to_move = mover.other();
        }
        pos.moved_again = again && self.turns.records_last_mover;
        pos.opening = false;
        pos.relay_cycled = false;
        effect
    }

    /// [`Game::would_grand_slam`] on a packed board: whether `mv` would
    /// capture from the opponent's row and leave it empty. When every rule
    /// takes pits by their count (`slam_screen`), a move after which some pit
    /// of that row holds more than any rule captures is no grand slam
    /// (one add and a byte-wise compare), nor is one after which a pit of
    /// that row holds a count no rule captures; any other move is played on
    /// a copy. Called by [`Game::would_grand_slam`] once the opponent's row
    /// may be slammed ([`Game::slam_row_held`]).
    pub(super) fn packed_grand_slam(
        &self,
        packed: &PackedLaps,
        pos: &Position<W>,
        mv: Move,
    ) -> bool {
        let mover = pos.to_move;
        if self.legality.slam_screen && self.captures.max_capturable < 128 {
            let (origin, direction) = (usize::from(mv.pit), mv.direction as usize);
            let i = packed.index(mover, origin, direction, pos.pits[origin]);
            let sown = u128::from_le_bytes(add(lanes(pos), &packed.delta[i]));
            let row_bytes = self.board.row_bytes[mover.other().index()];
            let (low, high) = (row_bytes[0], row_bytes[1]);
            let row = sown & (u128::from(low) | u128::from(high) << 64);
            // High bit of each byte above `max_capturable` (no lane carries:
            // the low seven bits plus at most 127 stay below 256).
            let high_bits = u128::from_le_bytes([0x80; LANES]);
            let low_bits = u128::from_le_bytes([0x7F; LANES]);
            let above = (((row & low_bits)
                + u128::from_le_bytes([127 - self.captures.max_capturable as u8; LANES]))
                | row)
                & high_bits;
            if above != 0 {
                return false;
            }
            // Nor is it one when a pit of that row is left holding a count
            // no rule captures (a rule taking pits by their count cannot
            // empty it).
            let sown = sown.to_le_bytes();
            let kept = |pit: usize| {
                sown[pit % LANES] != 0 && !self.captures.capturable[usize::from(sown[pit % LANES])]
            };
            if self.row(mover.other()).any(kept) {
                return false;
            }
        }
        let mut next = *pos;
        let effect = self.sow_packed(packed, &mut next, mv, true);
        effect.captured > 0 && self.is_grand_slam(true, &next, mover, &effect)
    }

    /// [`Game::capture_by`] on a packed board, for the takes
    /// [`whole_moves_fit`] admits: what `rule` takes when the last stone
    /// landed in `last`. The pits taken are marked in `effect` and emptied
    /// by the caller: every count read here is of a pit not yet taken, so
    /// the board as sown gives it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn capture_packed(
        &self,
        rule: &CaptureTable<W>,
        board: &Lanes,
        pos: &mut Position<W>,
        m: usize,
        last: usize,
        direction: usize,
        effect: &mut Effect<W>,
    ) {
        let free = |pit: usize, taken: W::Set| !taken.has(pit);
        if !(free(last, effect.captured_pits) && rule.qualifies(m, last, count(board, last).into()))
        {
            return;
        }
        // Stones taken by row (South's, North's) and the pits taken.
        let (mut by_row, mut taken) = ([0u16; 2], W::Set::ZERO);
        let north = self.board.row_bits[Player::North.index()] ^ (pos.swapped & rule.owner_swap);
        let lift = |by_row: &mut [u16; 2], taken: &mut W::Set, pit: usize| {
            by_row[usize::from(north.has(pit))] += u16::from(count(board, pit));
            *taken |= W::Set::bit(pit);
        };
        match rule.take {
            Take::Last => {
                let step = self.chain_step(rule.chain, direction);
                let mut pit = last;
                for _ in 0..self.board.pit_count {
                    lift(&mut by_row, &mut taken, pit);
                    let Some(step) = step else { break };
                    pit = usize::from(step[pit]);
                    if !free(pit, taken | effect.captured_pits)
                        || !rule.qualifies(m, pit, count(board, pit).into())
                    {
                        break;
                    }
                }
            }
            take => {
                let opposite = self.board.pit_count - 1 - last;
                let held = count(board, opposite);
                if !free(opposite, effect.captured_pits)
                    || !rule.facing[usize::from(held)]
                    || (held == 0 && take != Take::LastAndOppositeEvenEmpty)
                {
                    return;
                }
                lift(&mut by_row, &mut taken, opposite);
                if take != Take::Opposite {
                    lift(&mut by_row, &mut taken, last);
                }
            }
        }
        effect.captured_pits |= taken;
        effect.captured += rule.credit(pos, m, by_row);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::{
        engine::{width::PitBits, Game, GameRun, Move, Player, Position, MAX_PITS},
        rules::Direction,
        variants,
    };

    /// A board of `game` with its stones dealt at random over the pits.
    pub(in crate::engine::game) fn random_board(game: &Game, rng: &mut ChaCha8Rng) -> Position {
        let mut pos = game.start();
        let total = pos.board_stones();
        pos.pits = [0; MAX_PITS];
        for _ in 0..total {
            pos.pits[rng.random_range(0..game.pit_count())] += 1;
        }
        pos
    }

    /// On every shipped variant whose laps are packed, a packed lap leaves
    /// the board, the store and the last slot of the stone-by-stone lap, from
    /// random boards, every pit and direction.
    #[test]
    fn a_packed_lap_sows_as_the_stones_go_one_by_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut packed_variants = 0;
        for name in variants::narrow_shipped_names() {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            let Some(packed) = &game.packed else { continue };
            packed_variants += 1;
            for _ in 0..200 {
                let board = random_board(&game, &mut rng);
                // Every origin: a relay's laps start in either row.
                for mover in Player::BOTH {
                    for origin in (0..game.pit_count()).filter(|&p| board.pits[p] > 0) {
                        for direction in [Direction::Ccw, Direction::Cw] {
                            let d = direction as usize;
                            let (mut fast, mut slow) = (board, board);
                            fast.to_move = mover;
                            slow.to_move = mover;
                            let path = &game.sowing.sow_path[mover.index()][d][origin]
                                [..game.sowing.path_len];
                            let last_slow = game.sow_lap(&mut slow, path, origin);
                            let last_fast = packed.sow(&mut fast, origin, d);
                            assert_eq!(
                                (last_fast, fast.pits),
                                (last_slow, slow.pits),
                                "{name}: {origin} {direction:?} from {:?}",
                                board.pits
                            );
                        }
                    }
                }
            }
        }
        assert!(packed_variants >= 10, "only {packed_variants} packed");
    }

    /// On every shipped variant whose laps are packed, from random boards
    /// with random closed (empty) pits, every open pit, mover and
    /// direction: a packed lap leaves the board and the last slot of the
    /// walk that passes over the closed pits stone by stone.
    #[test]
    fn a_packed_lap_past_closed_pits_sows_as_the_walk_past_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut tabled, mut walked) = (0u64, 0u64);
        for name in variants::narrow_shipped_names() {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            let Some(packed) = &game.packed else { continue };
            let on_board = u32::MAX >> (32 - game.pit_count());
            for _ in 0..200 {
                let mut board = random_board(&game, &mut rng);
                board.closed = rng.random::<u32>() & rng.random::<u32>() & on_board;
                for pit in (0..game.pit_count()).filter(|&p| board.closed.has(p)) {
                    board.pits[pit] = 0;
                }
                for mover in Player::BOTH {
                    for origin in (0..game.pit_count()).filter(|&p| board.pits[p] > 0) {
                        for direction in [Direction::Ccw, Direction::Cw] {
                            let d = direction as usize;
                            let path = &game.sowing.sow_path[mover.index()][d][origin]
                                [..game.sowing.path_len];
                            // The first two slots of the path open: a
                            // walk always finds an open pit.
                            let (mut fast, mut slow) = (board, board);
                            let open = !(1u32 << (path[0] % 32) | 1 << (path[1] % 32));
                            fast.closed &= open;
                            slow.closed &= open;
                            fast.to_move = mover;
                            slow.to_move = mover;
                            let passed = game.passed_over(&fast);
                            let last_fast = game.sow_packed_lap(packed, &mut fast, origin, d);
                            let last_slow = game.sow_any_lap(&mut slow, path, origin);
                            assert_eq!(
                                (last_fast, fast.pits),
                                (last_slow, slow.pits),
                                "{name}: {origin} {direction:?} from {:?}, closed {:#b}",
                                board.pits,
                                board.closed
                            );
                            match passed {
                                0 => tabled += 1,
                                _ => walked += 1,
                            }
                        }
                    }
                }
            }
        }
        assert!(
            tabled > 10_000 && walked > 10_000,
            "{tabled} laps with no pit passed over, {walked} past closed pits"
        );
    }

    /// On every shipped variant and reading that plays whole moves packed,
    /// random games where every move of every position, with and without
    /// capture, leaves the position and effect of the pit-by-pit move
    /// (sweeps included: Oure Ngat, Hoyito's reading `ludii`).
    #[test]
    fn a_packed_move_plays_as_the_pit_by_pit_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut checked, mut swept) = (0u64, 0u64);
        let names = variants::narrow_shipped_names_and_readings();
        for name in names {
            let game: Game = Game::new(variants::load(&name).unwrap().rules);
            let Some(packed) = game.packed.as_ref().filter(|p| p.whole_moves) else {
                continue;
            };
            let sweeps = !game.captures.sweep_rules.is_empty();
            for _ in 0..300 {
                let mut run = GameRun::new(&game, game.start());
                while run.end().is_none() && run.plies() < 300 {
                    let pos = *run.position();
                    for &mv in run
                        .moves()
                        .as_slice()
                        .iter()
                        .filter(|&&mv| mv != Move::PASS && !mv.is_vote())
                    {
                        for capture in [true, false] {
                            let (mut fast, mut slow) = (pos, pos);
                            let packed_effect = game.sow_packed(packed, &mut fast, mv, capture);
                            let effect = game.sow_in_place_generic::<false>(&mut slow, mv, capture);
                            assert_eq!(
                                (fast, packed_effect),
                                (slow, effect),
                                "{name}: {mv:?} (capture {capture}) from {pos:?}"
                            );
                            checked += 1;
                            swept += u64::from(sweeps);
                        }
                    }
                    let pick = rng.random_range(0..run.moves().len());
                    run.play_index(pick);
                }
            }
        }
        assert!(checked > 100_000, "only {checked} moves checked");
        assert!(swept > 10_000, "only {swept} moves with sweeps checked");
    }

    /// On every shipped variant whose moves are one plain lap
    /// (`Game::plain`), random games where every move of every position,
    /// with and without capture, leaves the same position and effect sown
    /// with the tests of every rule as sown without those that cannot apply.
    #[test]
    fn a_plain_move_plays_as_the_move_of_every_rule() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let (mut checked, mut plain_variants) = (0u64, 0);
        for name in variants::narrow_shipped_names() {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            if !game.plain {
                continue;
            }
            plain_variants += 1;
            for _ in 0..100 {
                let mut run = GameRun::new(&game, game.start());
                while run.end().is_none() && run.plies() < 300 {
                    let pos = *run.position();
                    let moves = run.moves().as_slice().iter();
                    for &mv in moves.filter(|&&mv| {
                        mv != Move::PASS && mv.filled_pit().is_none() && !mv.is_vote()
                    }) {
                        for capture in [true, false] {
                            let (mut plain, mut every) = (pos, pos);
                            let plain_effect =
                                game.sow_in_place_generic::<true>(&mut plain, mv, capture);
                            let effect =
                                game.sow_in_place_generic::<false>(&mut every, mv, capture);
                            assert_eq!(
                                (plain, plain_effect),
                                (every, effect),
                                "{name}: {mv:?} (capture {capture}) from {pos:?}"
                            );
                            checked += 1;
                        }
                    }
                    let pick = rng.random_range(0..run.moves().len());
                    run.play_index(pick);
                }
            }
        }
        assert!(plain_variants >= 10, "only {plain_variants} plain variants");
        assert!(checked > 100_000, "only {checked} moves checked");
    }
}
