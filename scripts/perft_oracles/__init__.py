"""Independent perft oracles: naive Python implementations of sowing games,
written from each game's rule text (never from `sow`'s engine), whose leaf
counts cross-check the tables in tests/perft/.

`core` holds what every oracle shares (the perft driver, the command line,
the position parsers); each other module is one rule family, named by what
it checks. Run one as `python3 -m perft_oracles.<module> ...` from scripts/
(its docstring gives the arguments); scripts/check-perft-oracles re-runs
every table that names an oracle.
"""
