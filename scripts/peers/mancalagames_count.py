"""Recount of StoneShark/MancalaGames' configurations against `sow`'s
language: for every configuration (each GameProps/*.txt file and each of
its named variants), which of its parameters the language says and which it
does not.

Usage (Python 3.11, standard library only; the peer checkout as for
mancalagames_dump.py, at commit 2b1c596c):

    python3 scripts/peers/mancalagames_count.py /tmp/mg            # summary
    python3 scripts/peers/mancalagames_count.py /tmp/mg --list     # one line per config

(scripts/peers/mancalagames_count.out is the `--list` output at the commit
it was made, for readers without the peer's checkout.)

The peer's own loader (src/man_config.py) reads each configuration and its
named variants, so the parameters are exactly those its engine plays; a
parameter at its default (game_info.GameInfo's) says nothing. Each
non-default parameter value is mapped, by the table below, either to the
`sow` rule words that say it (docs/language.md) or to a *missing feature*,
named as in the study (research/coverage.md, Part 2) where it had a name.
As in the study and docs/src/coverage.md:

- exact: nothing missing;
- partial: one or two features missing;
- out of reach: three or more.

The mapping is a reading of the peer's parameter descriptions
(src/game_param_descs.txt) against docs/language.md; a configuration that
is exact by this table is "readable alike", and only the ones replayed in
tests/peers.rs (tests/peers/mancalagames/) are checked ply by ply. Known
differences in reading that the replays found are not missing features
(the mirror files name them): they are listed per configuration as notes.
"""
import collections
import contextlib
import json
import os
import re
import sys

# Peer parameters that do not change the rules (display, AI, UI).
IGNORED = {"stores", "quitter", "about", "help_file", "name"}
# Parameters that only qualify another one (read where that one is).
QUALIFIERS = {"goal_param", "end_param", "sow_param", "mlap_param", "child_cvt",
              "child_locs", "child_rule", "capt_max", "capt_min", "evens",
              "capt_on", "xcpickown", "capt_dir", "udir_holes", "round_fill",
              "round_starter", "blocks"}

GAME_CLASSES = {
    "NorthSouthCycle": "own-row-only sowing (two cycles)",
    "ShareOne": "share-one-seed rule",
    "BearOff": "bear-off sowing",
    "Diffusion": "diffusion sowing",
    "DiffusionV2": "diffusion sowing",
    "EWGratuitous": "gratuitous placement of captures",
    "NSGratuitous": "gratuitous placement of captures",
    "ZigZag": "zigzag sowing",
}

ALLOW_RULES = {
    1: None,  # OPP_OR_EMPTY: legal { first_lap reaches_or_empty }
}
CAPT_TYPES = {1: None, 2: None}  # NEXT: take next; TWO_OUT: take two_out
SOW_STORES = {0: None, 1: None, 3: None, 4: None, 6: None}  # sown (+extra_turn store), sown_both
START_PATTERNS_OK = {1, 2, 3, 4, 5, 7, 8, 11, 13}  # fixed counts: board { start ... }
UNCLAIMED = {0: "row_owner", 1: "unscored", 2: "last_mover"}


MIRRORS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "..", "..", "tests", "peers", "mancalagames")


SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "..", "..", "variants")


def mirrors():
    """The configurations replayed by tests/peers.rs, by the peer's config
    name as the loader spells it ("Bosh", "Adi_II::No_Rounds"): a shipped
    variant's `mancalagames` reading (its `source` line names the
    GameProps file), or a mirror beside the data, read from its header
    ("GameProps/FILE.txt", "named variant NAME")."""
    found = {}
    for fname in sorted(os.listdir(SHIPPED)):
        if not fname.endswith(".variant"):
            continue
        with open(os.path.join(SHIPPED, fname), encoding="utf-8") as file:
            text = file.read()
        match = re.search(r"^reading mancalagames \{\s*source \"[^\"]*GameProps/(\S+?)\.txt",
                          text, re.MULTILINE)
        if match:
            found[match.group(1)] = f"variants/{fname} (reading mancalagames)"
    for fname in sorted(os.listdir(MIRRORS)):
        if not fname.endswith(".variant"):
            continue
        with open(os.path.join(MIRRORS, fname), encoding="utf-8") as file:
            head = file.read(400)
        match = re.search(r"GameProps/(\S+?)\.txt", head)
        variant = re.search(r"named variant (\S+?),", head)
        if match:
            key = match.group(1) + (f"::{variant.group(1)}" if variant else "")
            found[key] = f"tests/peers/mancalagames/{fname}"
    return found


def load(checkout):
    sys.path.insert(0, os.path.join(checkout, "src"))
    os.chdir(os.path.join(checkout, "src"))
    import animator  # noqa: E402  (the peer's modules)

    animator.ENABLED = False
    import game_info as gi  # noqa: E402
    import man_config  # noqa: E402

    man_config.read_params_data()
    return gi, man_config


def configs(gi, man_config):
    """Every configuration: (name, game class, holes, seeds, params)."""
    props = os.path.join("..", "GameProps")
    for fname in sorted(os.listdir(props)):
        if fname.startswith("_") or not fname.endswith(".txt"):
            continue
        path = os.path.join(props, fname)
        base = man_config.read_game(path)
        for variant in [None, *base.get("variants", {})]:
            game = man_config.read_game(path)
            if variant and variant == game["game_info"]["name"]:
                continue  # the base config under its own name
            if variant:
                with contextlib.redirect_stdout(sys.stderr):
                    man_config.update_config_for_variant(game, variant)
            info = game["game_info"]
            params = {k: v for k, v in info.items()
                      if k not in IGNORED and v != gi.GameInfo.get_default(k)}
            consts = game["game_constants"]
            # The peer's own rule check (rule_tester) may refuse a config.
            try:
                with contextlib.redirect_stdout(sys.stderr):
                    man_config.game_from_config(man_config.read_game(path), variant)
                refused = None
            except Exception as err:  # noqa: BLE001  (the peer's errors)
                refused = str(err).split("(")[0].strip()
            key = fname[:-4] + (f"::{variant}" if variant else "")
            yield (info["name"], key, game.get("game_class", "Mancala"),
                   consts["holes"], consts["nbr_start"], params, refused)


def read(gi, cls, holes, seeds, p):
    """(missing features, notes) for one configuration's parameters."""
    missing, notes = [], []
    get = p.get

    def miss(feature):
        if feature not in missing:
            missing.append(feature)

    if cls in GAME_CLASSES:
        miss(GAME_CLASSES[cls])
    elif cls != "Mancala":
        miss(f"game class {cls}")
    if holes > 15:
        miss("more than 15 pits per row")
    if 2 * holes * seeds > 255:
        miss("more than 255 stones")

    # -- sowing
    direct = get("sow_direct", 1)
    if direct in (2, 4):
        miss({2: "direction alternates each move", 4: "sowing toward the centre"}[direct])
    elif direct == 3:
        miss("direction by stone parity")
    if direct == -1 and get("sow_stores"):
        # The peer's stores stand at the ends of the board whatever the
        # direction: sowing clockwise, South passes its store (on its
        # right) between North's first hole and its own last; `stores sown`
        # puts each store after its row in the sowing path (Lagerung,
        # replayed: every game parts at its first ply).
        miss("store on the right when sowing clockwise")
    if get("sow_start"):
        notes.append("sow start origin" + ("_unless_single" if get("move_one") else ""))
        if get("skip_start"):
            miss("skip_start with sow_start")
    elif get("move_one"):
        miss("a single seed moves on (without sow_start)")
    mlaps = get("mlaps", 0)
    if mlaps == 1:
        notes.append("laps relay (relay_until_capture where a capture can end a lap)")
    elif mlaps == 2:
        notes.append("laps next_always")
    cont = get("mlap_cont", 0)
    if cont:
        miss("relay condition: " + gi.SowLapCont(cont).name.lower())
    sow_rule = get("sow_rule", 0)
    basic = any(k in p for k in ("capt_on", "evens", "capt_max", "capt_min"))
    if sow_rule in (4, 14, 15, 16) and get("capt_type"):
        # The peer: "after the owner collects the seeds in the final hole
        # sown, another capture type may occur, e.g. capture two out"; in
        # sow a last pit emptied by an `on every_pit` capture triggers no
        # last-pit rule (Pallam Kuzhi::No_Rounds, replayed: 31 of 100
        # games differ so).
        miss("next/two-out capture after the last pit is taken in the sowing")
    elif sow_rule in (4, 14, 15, 16):
        notes.append("capture on every_pit")
    elif sow_rule == 3:
        # The en-passant sower leaves each lap's last hole alone; the
        # capturer then takes the move's last hole for the sower.
        notes.append("capture on every_pit goes_to row_owner; last_stone lifted")
    elif sow_rule == 8 and basic and not get("crosscapt") and not get("capt_type"):
        notes.append("capture on relay_landing; then sows_on")
    elif sow_rule == 8:
        miss("capture at every relay lap (cross or next/two-out)")
    elif sow_rule in (1, 2):
        miss("closing pits (blocks)")
    elif sow_rule:
        miss("sow rule: " + gi.SowRule(sow_rule).name.lower())
    stores = get("sow_stores", 0)
    if stores in SOW_STORES:
        if stores:
            notes.append("stores sown" + ("_both" if stores in (4, 6) else "")
                         + (" extra_turn store" if stores in (1, 6) else ""))
    else:
        miss("sowing into both stores, extra turn in either"
             if stores == 2 else "sow stores: " + gi.SowStores(stores).name.lower())
    if get("no_sides"):
        notes.append("play_from any")
        if stores or get("udir_holes"):
            miss("no sides with stores or chosen directions")
    if direct == 0 and get("min_move", 1) == 1:
        # SPLIT with single seeds: "will not allow a player to move a
        # single seed that was just moved across the board sides back".
        miss("no immediate undo of a single-stone move")
    if get("udir_holes") or direct == 0:
        notes.append("per-pit direction (either)")
    pattern = get("start_pattern", 0)
    if pattern and pattern not in START_PATTERNS_OK:
        miss("random or moved start" if pattern in (6, 9, 10, 12)
             else "start pattern " + gi.StartPattern(pattern).name.lower())
    elif pattern:
        notes.append("board start (per pit)")
    if get("prescribed"):
        miss("prescribed opening")
    if get("play_locs"):
        miss("moves from the store")

    # -- legality
    allow = get("allow_rule", 0)
    if allow and allow not in ALLOW_RULES:
        miss("move restriction: " + gi.AllowRule(allow).name.lower())
    if get("moveunlock"):
        miss("locked pits")
    if get("nosinglecapt"):
        miss("no capture from a single-stone move")
    slam = get("grandslam", 0)
    if slam > 2:
        miss("grand slam: " + gi.GrandSlam(slam).name.lower())
    nocapt = get("nocaptmoves", 0)
    if nocapt > 2:
        miss("no captures for the first N moves")

    # -- captures
    capt_type = get("capt_type", 0)
    if capt_type and capt_type not in CAPT_TYPES:
        miss({3: "capture on matching opposite count", 4: "capture all singletons",
              5: "capture flag without removal (1ccw)", 6: "capture passing the store",
              7: "pull opposite stones across", 8: "capture opponent's store"}
             .get(capt_type, f"capture type {capt_type}"))
    multi = get("multicapt", 0)
    if multi > 1:
        miss("capture chain length limit")
    if get("capt_dir") == 2:
        miss("capture in both directions")
    side = get("capt_side", 0)
    if side in (3, 4):
        miss("chain side tested on first pit only")
    elif side in (5, 6):
        miss("capture side: territory")
    cross = get("crosscapt", 0)
    if cross:
        if multi:
            miss("cross-capture chain")
        if cross == 3:
            notes.append("cross capture ONE_ANY read as ONE_ZEROS (no chain)")
    if get("xc_sown"):
        miss("cross capture only after sowing the far row")
    if get("capt_rturn") == 1 and sow_rule in (3, 4, 14, 15, 16):
        # The peer's repeat turn follows its capturer, not the captures
        # made as the seeds pass (capturer.RepeatTurn).
        notes.append("extra_turn last_pit_capture")
    elif get("capt_rturn") == 1:
        notes.append("extra_turn capture")
    elif get("capt_rturn") == 2:
        miss("extra turn on the first capture only")
    pick = get("pickextra", 0)
    if pick == 4:
        miss("last stones to the round starter")
    elif pick == 5:
        miss("capture also takes last pit")
    elif pick == 1 and capt_type:
        miss("capture also takes the pit facing a next/two-out capture")
    elif pick:
        notes.append({1: "take last_and_opposite", 2: "sweep side opponent requires capture",
                      3: "sweep board_at_most (the last seeds to the mover)", 6: "take last_and_opposite_even_empty chain"}
                     [pick])
    presow = get("presowcapt", 0)
    if presow:
        miss("capture before sowing")

    # -- children
    child = get("child_type", 0)
    if child:
        if child in (5, 6, 7):
            miss({5: "bull children", 6: "qur children", 7: "ram children"}[child])
        rule = get("child_rule", 0)
        if rule not in (1, 4):
            miss("children on the mover's own row" if rule in (0, 2, 5)
                 else "child rule: " + gi.ChildRule(rule).name.lower())
        locs = get("child_locs", 0)
        if locs not in (0, 2, 8):
            miss("child locations: " + gi.ChildLocs(locs).name.lower())
        notes.append("claim")

    # -- ends, goals, rounds
    goal = get("goal", 0)
    rounds = get("rounds", 0)
    if goal == 1:
        # end_move.DepriveEndGame: the mover wins when the opponent's row is
        # empty, even if their own is too (`empty_row_loses` draws then),
        # and a player with seeds but no move loses (an end the language
        # scores by rows only).
        miss("goal: deprive opponent")
    elif goal == 2:
        miss("territory (hole ownership)")
    elif goal == 3:
        notes.append("row_empty empty_row_wins (clear)")
    elif goal == 10:
        miss("goal: immobilize opponent")
    elif goal:
        miss("rounds: tallies (" + gi.Goal(goal).name.lower() + ")")
    end = get("end_cond", 0)
    if end == 1 and not (get("crosscapt") or capt_type or pick or presow) and (
            not basic or side == 2):
        # No capture can empty the opponent's row (none, or from the
        # mover's own row only): a row empties only by its owner's move, so
        # row_empty tested before captured_majority ends where the peer's
        # CLEARED_OWN does (SimpleCapt, SimpleCapt::LastCapt replayed).
        notes.append("row_empty before captured_majority (only the mover's own row can empty)")
    elif end == 1:
        miss("end when the mover's row is empty")
    elif end == 2:
        miss("end when the opponent's row is empty")
    elif end == 3:
        notes.append("stones_left")
    elif end == 4:
        if get("end_param", 0) == 1:
            notes.append("all_pits_at_most_one")
        else:
            miss("end when every pit holds at most N")
    unclaimed = get("unclaimed", 0)
    extra_turns = stores in (1, 2, 5, 6) or get("capt_rturn") == 1
    if unclaimed == 3 and extra_turns:
        # The unfed player is then not always the last mover.
        miss("leftovers to the unfed player with extra turns")
    elif unclaimed == 3:
        # The must-share end gives the board to the unfed player, who
        # moved last; the peer's other ends score by `quitter`.
        notes.append("feeding_impossible last_mover (the unfed player)")
    elif unclaimed == 4:
        # `divided` leaves an odd stone to nobody; the peer gives it to
        # the player with fewer seeds (claimer.DivvySeedsStores).
        miss("leftovers divided, odd stone to the poorer player")
    if rounds:
        if rounds != 2:
            miss("rounds: other round ends (" + gi.Rounds(rounds).name.lower() + ")")
        # The peer's default fill (NOT_APPLICABLE) fills as its
        # OUTSIDE_FILL (new_game.NewRound): from both ends of a row to its
        # middle, whose holes are the ones closed (Raja Pasu's replay shows
        # it); counted where holes are closed and not owned.
        fill = get("round_fill", 0)
        if fill == 0 and get("blocks") and goal != 2:
            fill = 3
        if fill not in (0, 1, 2, 6):
            miss("rounds: fill " + gi.RoundFill(fill).name.lower())
        if get("round_starter", 0) == 3:
            notes.append("next_start last_mover")
        if unclaimed == 1:
            miss("rounds with stones nobody takes")
        if get("goal_param", 0) > 1 and goal == 0:
            notes.append(f"match_end_pits {get('goal_param')} (and score_reached: the clear win)")
        notes.append("rounds refill captures" + (" (closed pits)" if get("blocks") else ""))
    elif get("blocks"):
        miss("blocked pits without rounds")
    if get("blocks") and (capt_type in (1, 2) or mlaps == 2):
        notes.append("differs: the peer's 'next hole' passes closed pits")
    if get("udir_holes") and multi and direct in (-1, 1):
        notes.append("differs: the peer's chain ignores the chosen direction")
    if get("mustpass"):
        notes.append("neither_can_move")
    if get("mustshare"):
        notes.append("feed row_empty")
    if get("min_move"):
        notes.append("min_stones")
    if unclaimed in UNCLAIMED and unclaimed:
        notes.append("leftovers " + UNCLAIMED[unclaimed])
    return missing, notes


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    gi, man_config = load(os.path.abspath(sys.argv[1]))
    listing = "--list" in sys.argv[2:]
    classes = collections.Counter()
    needed = collections.Counter()
    alone = collections.Counter()
    rows = []
    refused_exact = []
    replayed = mirrors()
    replayed_exact = 0
    for name, key, cls, holes, seeds, params, refused in configs(gi, man_config):
        missing, notes = read(gi, cls, holes, seeds, params)
        if key in replayed:
            notes.insert(0, f"replayed: {replayed[key]}")
            replayed_exact += not missing
        if refused:
            notes.append(f"the peer's rule check refuses it: {refused}")
            if not missing:
                refused_exact.append(name)
        kind = "exact" if not missing else "partial" if len(missing) <= 2 else "out"
        classes[kind] += 1
        needed.update(missing)
        if len(missing) == 1:
            alone.update(missing)
        rows.append((kind, name, missing, notes))
    if listing:
        for kind, name, missing, notes in rows:
            print(f"{kind:8} {name:28} missing: {'; '.join(missing) or '-'}"
                  + (f" | notes: {'; '.join(notes)}" if notes else ""))
        print()
    total = sum(classes.values())
    print(f"{total} configurations: {classes['exact']} exact, "
          f"{classes['partial']} partial (1-2 features missing), "
          f"{classes['out']} out of reach (3 or more)")
    print(f"of the exact, {replayed_exact} have a peer mirror replayed by tests/peers.rs "
          f"({len(replayed)} mirrors in all)")
    if refused_exact:
        print(f"of the exact, the peer's own rule check refuses "
              f"{len(refused_exact)}: {', '.join(refused_exact)}")
    print("\nmissing feature | configs needing it | configs it alone keeps from exact")
    for feature, n in needed.most_common():
        print(f"{feature} | {n} | {alone[feature]}")


if __name__ == "__main__":
    main()
