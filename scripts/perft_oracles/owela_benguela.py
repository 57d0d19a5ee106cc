#!/usr/bin/env python3
"""Perft of Owela (Benguela) (4x12), the rules of Muvalavala (Quioco) in
perft_oracles.muvalavala on twelve columns from Owela's start: Silva's rule
text (see variants/owela-benguela.variant) captures as Quioco's does (a
last counter in an occupied hole of the mover's inner row takes the
opponent's facing hole when it holds counters, and the hole behind it,
sown on from the next hole; single counters are not sown), sowing
anti-clockwise.

- Start: 2 in every outer hole and in the first five inner holes sown after
  it (South's east end, North's west end), 68 stones.

Cross-checks tests/perft/owela-benguela.perft.

Usage: python3 -m perft_oracles.owela_benguela DEPTH [POSITION]
"""
from perft_oracles import muvalavala

muvalavala.COLS = 12


def start():
    cols = muvalavala.COLS
    b = [[0] * cols for _ in range(4)]
    for c in range(cols):
        b[0][c] = b[3][c] = 2
    for c in range(5):
        b[1][c] = 2  # North's first inner holes after its outer row (west)
        b[2][cols - 1 - c] = 2  # South's (east)
    return b, 0, 0


muvalavala.start = start

if __name__ == "__main__":
    muvalavala.main()
