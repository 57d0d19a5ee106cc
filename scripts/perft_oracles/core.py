"""What every perft oracle shares: the perft driver, its command line and the
parsers of `sow`'s position notation."""
import sys


def perft(state, depth, moves, play, memo=None):
    """The number of move sequences of exactly `depth` moves from `state`.

    `moves(state)` lists the legal moves (an empty list ends the game: a game
    over before `depth` moves adds nothing), `play(state, move)` returns the
    state after one; the last ply counts the moves without playing them.
    With a `memo` dict (for hashable states), counts already made are reused:
    transpositions are counted once.
    """
    if depth == 0:
        return 1
    if memo is not None and (state, depth) in memo:
        return memo[state, depth]
    legal = moves(state)
    if depth == 1:
        total = len(legal)
    else:
        total = sum(perft(play(state, m), depth - 1, moves, play, memo) for m in legal)
    if memo is not None:
        memo[state, depth] = total
    return total


def print_table(state, depth, moves, play, memo=None):
    """Prints `perft D N` for every depth D from 1 to `depth`, as the tables
    in tests/perft/ write them."""
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(state, d, moves, play, memo)}", flush=True)


def mover(word):
    """0 for `south`, 1 for `north`."""
    if word not in ("south", "north"):
        sys.exit(f"expected south or north, found {word!r}")
    return 0 if word == "south" else 1


def parse_four_rows(text, cols):
    """A four-row position in `sow`'s notation (South's outer row a.. west to
    east, South's inner row east to west, North's outer row east to west,
    North's inner row west to east, then the player to move) as (board,
    player): board[0] is North's outer row, board[1] North's inner, board[2]
    South's inner, board[3] South's outer, each indexed by column from the
    west."""
    words = text.replace("/", " ").split()
    counts, who = [int(w) for w in words[: 4 * cols]], words[4 * cols]
    b = [[0] * cols for _ in range(4)]
    for c in range(cols):
        b[3][c] = counts[c]
        b[2][cols - 1 - c] = counts[cols + c]
        b[0][cols - 1 - c] = counts[2 * cols + c]
        b[1][c] = counts[3 * cols + c]
    return b, mover(who)


def parse_two_rows(text, holes):
    """A two-row position `a b c .. / A B C .. south|north` as (board,
    player): board lists South's holes then North's, anticlockwise."""
    south, rest = text.split("/")
    words = rest.split()
    board = [int(x) for x in south.split()] + [int(x) for x in words[:holes]]
    return board, mover(words[holes])


def depth_and_position(argv, flags=()):
    """The arguments `DEPTH [POSITION]` (any of `flags` removed) as (depth,
    position text or None)."""
    args = [a for a in argv[1:] if a not in flags]
    if not args:
        sys.exit(f"usage: {argv[0]} {' '.join('[' + f + ']' for f in flags)} DEPTH [POSITION]")
    return int(args[0]), (args[1] if len(args) > 1 else None)


# Two rows of six holes (0-5 South's, 6-11 North's, counted round the board).


def row_of_six(player):
    """The holes of `player` (0: South, 1: North) on two rows of six."""
    return range(player * 6, player * 6 + 6)


def owner_of_six(hole):
    """The player who owns `hole` on two rows of six."""
    return hole // 6


def sow_twelve(b, origin, step, skip_origin):
    """Sows hole `origin` of two rows of six one way (`step` 1 or -1),
    passing over the emptied hole when `skip_origin`; returns the last hole."""
    stones, b[origin] = b[origin], 0
    hole = origin
    while stones:
        hole = (hole + step) % 12
        if skip_origin and hole == origin:
            continue
        b[hole] += 1
        stones -= 1
    return hole


def four_row_circuit(player, cols):
    """A player's two rows of a four-row board in counter-clockwise order, as
    (row, column): rows 0-1 are North's (outer, inner), rows 2-3 South's
    (inner, outer); South starts at the left of its outer row."""
    if player == 0:
        return [(3, c) for c in range(cols)] + [(2, c) for c in reversed(range(cols))]
    return [(0, c) for c in reversed(range(cols))] + [(1, c) for c in range(cols)]
