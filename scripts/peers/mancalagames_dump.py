"""Dump random games of StoneShark/MancalaGames as JSONL, for the peer test
(tests/peers.rs) that replays them through `sow`.

The peer is a Python program with a tkinter GUI; its engine (src/mancala.py,
built from a GameProps/*.txt configuration by src/man_config.py) runs without
the GUI. The data in tests/peers/mancalagames/ was made from commit
2b1c596c12883188ab9df24abe96ef474a7ec825 (2026-01-14, "Updated copyright
year...") of https://github.com/StoneShark/MancalaGames.

Usage (Python 3.11, standard library only):

    git clone https://github.com/StoneShark/MancalaGames /tmp/mg
    git -C /tmp/mg checkout 2b1c596c12883188ab9df24abe96ef474a7ec825
    python3 scripts/peers/mancalagames_dump.py /tmp/mg CONFIG GAMES FIRST_SEED [KEY=VALUE ...] > OUT.jsonl

CONFIG is a GameProps file name without `.txt`, optionally with a named
variant: `Oware`, `Bakuk::Koumma`. Each KEY=VALUE (an integer) overrides
one of the config's `game_info` settings before the game is built, as the
peer's own game editor would (`goal_param=0`: a match ends when a player
cannot fill one hole); the settings are written into every record. Game k uses seed FIRST_SEED + k: Python's
`random` is seeded with it (the peer draws from the same generator) and each
ply's move is `random.choice` over the peer's legal moves, so the same
checkout, config and seed give the same game. South (the peer's bottom row,
`turn == False`) always moves first, as in `sow`.

One JSON object per line, one line per game (short keys keep the files
small):

    {"config": "Oware", "seed": 7, "plies": [PLY, ...], "end": END}

PLY is {"p": mover ("s" south, "n" north), "l": the legal moves before the
ply, space-separated, "m": the move played, "b": [board after the ply],
"s": [south's store, north's store], "c": the peer's children (a pit that
became a player's, as Toguz Kumalak's tuzdik) as [[pit, "s" or "n" (its
owner)], ...], only when there is one}, with board and stores as they stand
after the move's sowing and captures, before the peer's end-of-game step (if
the move ended the game) sweeps any leftovers. A move is the pit index in
`sow`'s absolute order (0 = South's leftmost pit `a`, counter-clockwise: the
peer's `loc`), followed by `:cw` or `:ccw` where the peer asks the mover for
a direction; `pass` when the peer's mustpass rule passes the turn (then "l"
is empty and the board unchanged).

END is {"cond": the peer's WinCond name ("WIN", "TIE"), or "CAP" when the
driver cut the game off at MAX_PLIES; "endless": true if the peer ended the
game for an endless sowing; "winner": "south", "north" or null; "board" and
"stores" after the peer's end-of-game step; "message": the peer's own end
message (its `win_message` text)}.

Games played in rounds (the config's `rounds`): the ply that ends a round
also has "r": {"board" and "stores" after the peer's end-of-round step,
"cond": "ROUND_WIN" or "ROUND_TIE", "next": the next round's start as
{"board", "stores" (what each player keeps beyond the holes they filled),
"blocked": [pits out of play], "p": the next round's first mover}}, made by
the peer's own `new_game(new_round=True)` as its GUI calls it; the next ply
is that round's first. The record then has "settings" and "rounds" (the
number of rounds played).
"""
import contextlib
import json
import os
import random
import sys

MAX_PLIES = 1000


def load_peer(checkout):
    """Imports the peer's engine from a checkout, with its animator off."""
    sys.path.insert(0, os.path.join(checkout, "src"))
    os.chdir(os.path.join(checkout, "src"))  # it finds its data files from here
    import animator  # noqa: E402  (the peer's module)

    animator.ENABLED = False
    import game_info  # noqa: E402
    import man_config  # noqa: E402

    man_config.read_params_data()  # named variants need the parameter table
    return game_info, man_config


def move_text(game, gi, move):
    """A peer move (pos, or MoveTpl(pos, direct)) as `sow`'s pit index."""
    if move == gi.PASS_TOKEN:
        return "pass"
    if isinstance(move, tuple) and len(move) == 3:
        # A game without sides (no_sides): (row, pos, direct), row True
        # for the bottom (South's) row, whoever moves.
        row, pos, direct = move
        loc = game.cts.xlate_pos_loc(row, pos)
    else:
        if isinstance(move, tuple):
            pos, direct = move[0], move[1]
        else:
            pos, direct = move, None
        loc = game.cts.xlate_pos_loc(not game.turn, pos)
    if direct is None:
        return str(loc)
    return f"{loc}:{'ccw' if direct == gi.Direct.CCW else 'cw'}"


def player(turn):
    return "north" if turn else "south"


def make_game(man_config, path, variant, settings):
    """The peer's game from a config file, with `settings` overriding its
    game_info (as the peer's `make_game` does without them)."""
    if not settings:
        return man_config.make_game(path, variant)[0]
    game_dict = man_config.read_game(path)
    game_dict["game_info"].update(settings)
    game = man_config.game_from_config(game_dict, variant)
    game.filename = path
    return game


def play_game(gi, man_config, checkout, config, seed, settings):
    random.seed(seed)
    name, _, variant = config.partition("::")
    path = os.path.join(checkout, "GameProps", name + ".txt")
    # The peer prints its rule checker's warnings ("Gentle Warning: ...")
    # on standard output: keep them out of the JSONL.
    with contextlib.redirect_stdout(sys.stderr):
        game = make_game(man_config, path, variant or None, settings)
    game.turn = False
    game.starter = False

    before_end = {}
    win_conditions = game.win_conditions

    def snapshot_then_end(mdata):
        before_end["board"] = list(game.board)
        before_end["stores"] = list(game.store)
        win_conditions(mdata)

    game.win_conditions = snapshot_then_end

    plies = []
    rounds = 1
    end = None
    while end is None:
        if len(plies) >= MAX_PLIES:
            end = {"cond": "CAP", "winner": None, "message": f"cut at {MAX_PLIES} plies"}
            break
        mover = game.turn
        moves = game.get_moves()
        legal = " ".join(move_text(game, gi, m) for m in moves if m != gi.PASS_TOKEN)
        move = random.choice(moves)
        text = move_text(game, gi, move)
        cond = game.move(move)
        ply = {"p": player(mover)[0], "l": legal, "m": text}
        if text == "pass":
            ply["b"], ply["s"] = list(game.board), list(game.store)
        else:
            ply["b"], ply["s"] = before_end["board"], before_end["stores"]
        children = [[loc, player(c)[0]] for loc, c in enumerate(game.child) if c is not None]
        if children:
            ply["c"] = children
        plies.append(ply)
        mdata = game.mdata
        if cond and cond.is_game_over():
            winner = mdata.winner
            end = {
                "cond": cond.name,
                "winner": None if winner is None or cond.is_tie() else player(winner),
                "message": " ".join(game.win_message(cond)[1].split()),
            }
            if mdata.capt_start == gi.WinCond.ENDLESS or mdata.ended == gi.WinCond.ENDLESS:
                end["endless"] = True
        elif cond and cond.is_round_over():
            ply["r"] = {"cond": cond.name, "board": list(game.board), "stores": list(game.store)}
            with contextlib.redirect_stdout(sys.stderr):
                game.new_game(new_round=True)
            ply["r"]["next"] = {
                "board": list(game.board),
                "stores": list(game.store),
                "blocked": [loc for loc, b in enumerate(game.blocked) if b],
                "p": player(game.turn)[0],
            }
            rounds += 1
    end["board"], end["stores"] = list(game.board), list(game.store)
    record = {"config": config, "seed": seed, "plies": plies, "end": end}
    if settings or rounds > 1:
        record["settings"] = settings
        record["rounds"] = rounds
    return record


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    checkout, config = os.path.abspath(sys.argv[1]), sys.argv[2]
    games, first = int(sys.argv[3]), int(sys.argv[4])
    settings = {}
    for arg in sys.argv[5:]:
        key, _, value = arg.partition("=")
        settings[key] = int(value)
    gi, man_config = load_peer(checkout)
    for seed in range(first, first + games):
        record = play_game(gi, man_config, checkout, config, seed, settings)
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
