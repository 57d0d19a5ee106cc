#!/usr/bin/env python3
"""Perft of Hus (Damara) (4x12), the rules of Hus (4x8) in
perft_oracles.hus on twelve columns: Vedder's rule text (see
variants/hus-damara.variant) reads as Wikipedia's Hus does, with two
counters in every outer hole and in the four rightmost inner holes.

Cross-checks tests/perft/hus-damara.perft.

Usage: python3 -m perft_oracles.hus_damara DEPTH
"""
from perft_oracles import hus

hus.COLS = 12

if __name__ == "__main__":
    hus.main()
