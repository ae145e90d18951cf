"""``GAME bench --attention``: what a game asks of a person (issue 23), measured with bots.

One seat is treated as a human under the default settings: a ``normal`` bot decides for it,
but each of its decisions is counted as a prompt unless the REPL would pass it itself
(``common.reactions``, the default level). Figures, each before (every decision the rules
give the seat is a prompt; the keyboard changes hands at every change of seat) and after
(the REPL's rules now):

- the share of the seat's prompts that are pure reactions it passes (goal in GROS: ≤ 10%);
- hand-overs per 10 moves in a game of two people at one keyboard, both seats such humans
  (goal for a two-human Creature Feature film: ≤ 1);
- the bots' waits: decisions of a ``hard`` bot (at ``--think``, as in play) that took over
  0.3 s, and their total a game (goal in GROS: ≤ 10 s). Wall time: a busy machine shows more.
"""

from __future__ import annotations

import json
import time
from typing import Any

from common import _
from common.bots import Bot, bot_move, make_bot
from common.handoff import keyboard_after
from common.reactions import Reactions, is_reaction
from common.render import progress, say, show
from common.spec import GameSpec
from common.table import Table

WAIT = 0.3  # seconds: a wait a player notices


def _table(spec: GameSpec, seed: int, options: dict[str, str]) -> Table:
    rules = spec.rules
    return Table(rules, seed=seed, options=options, variant=rules.variants[0], keep_undo=False)


def _reactions(spec: GameSpec, seed: int, options: dict[str, str], filtered: bool) -> dict[str, int]:
    """One game, the first seat a 'human': its prompts and the reactions among them it passed
    (``filtered``: after the REPL's own passes, else every decision the rules gave it)."""
    table = _table(spec, seed, options)
    rules, human = table.rules, table.seats[0]
    bots: dict[str, Bot] = {s: make_bot("normal", rules, seed=seed * 7 + i)
                            for i, s in enumerate(table.seats)}
    levels = Reactions("")  # the defaults, whatever this machine's player chose
    levels.levels.clear()
    out = {"prompts": 0, "passed": 0, "auto": 0, "moves": 0}
    while table.outcome() is None:
        seat = table.decisions()[0].seat
        legal = table.legal_moves(seat)
        view = table.view(seat)
        if (seat == human and filtered and levels.skip(seat, view) is not None
                and "pass" in table.legal(seat)):
            out["auto"] += 1
            table.play(seat, "pass")
            continue
        move = bot_move(bots[seat], rules, view, seat, legal, strict=True)
        if seat == human:
            out["prompts"] += 1
            out["passed"] += is_reaction(view) and rules.format(move) == "pass"
        table.play(seat, move)
    out["moves"] = len(table.record.body)
    return out


def _handovers(spec: GameSpec, seed: int, options: dict[str, str], filtered: bool) -> dict[str, int]:
    """One game of two people at one keyboard (every seat a 'human', bots deciding for them):
    how often the keyboard changes hands, in moves."""
    table = _table(spec, seed, options)
    rules = table.rules
    bots: dict[str, Bot] = {s: make_bot("normal", rules, seed=seed * 11 + i)
                            for i, s in enumerate(table.seats)}
    levels = Reactions("")
    levels.levels.clear()
    holder: str | None = None
    handed = 0
    while table.outcome() is None:
        seat = table.decisions()[0].seat
        view = table.view(seat)
        if filtered and levels.skip(seat, view) is not None and "pass" in table.legal(seat):
            table.play(seat, "pass")
            continue
        if filtered:
            over, holder = keyboard_after(holder, seat, rules.private_decision(table.state, seat))
        else:
            over, holder = seat != holder, seat
        handed += over
        table.play(seat, bot_move(bots[seat], rules, view, seat, table.legal_moves(seat),
                                  strict=True))
    return {"handovers": handed, "moves": len(table.record.body)}


def _waits(spec: GameSpec, seed: int, options: dict[str, str], think: float) -> dict[str, float]:
    """One game against ``hard`` bots at ``think``: their decisions over WAIT, and the time."""
    table = _table(spec, seed, options)
    rules = table.rules
    human = table.seats[0]
    bots: dict[str, Bot] = {s: make_bot("normal" if s == human else "hard", rules,
                                        seed=seed * 13 + i, think=think)
                            for i, s in enumerate(table.seats)}
    long = waited = 0.0
    decisions = 0
    while table.outcome() is None:
        seat = table.decisions()[0].seat
        legal = table.legal_moves(seat)
        start = time.perf_counter()
        move = bot_move(bots[seat], rules, table.view(seat), seat, legal, strict=True)
        spent = time.perf_counter() - start
        if seat != human:
            decisions += 1
            if spent > WAIT:
                long += 1
                waited += spent
        table.play(seat, move)
    return {"decisions": decisions, "long": long, "waited": waited}


def _share(part: float, whole: float) -> float | None:
    return round(part / whole, 3) if whole else None


def run_attention(spec: GameSpec, *, games: int, options: dict[str, str], think: float,
                  wait_games: int, as_json: bool) -> int:
    """The figures over ``games`` games (``wait_games`` against hard bots), printed."""
    spec.rules.check_options(options)
    pairs = {**options}
    if any(key == "players" for _f, key, _h in spec.flags) and "players" not in options:
        pairs["players"] = "2"  # two people at one keyboard
    report: dict[str, Any] = {"game": spec.name, "games": games, "think": think}
    with progress(_("attention: reactions and hand-overs"), games * 4) as advance:
        for when, filtered in (("before", False), ("after", True)):
            r = {"prompts": 0, "passed": 0, "auto": 0, "moves": 0}
            h = {"handovers": 0, "moves": 0}
            for g in range(games):
                for k, v in _reactions(spec, 500 + g, options, filtered).items():
                    r[k] += v
                advance()
                for k, v in _handovers(spec, 700 + g, pairs, filtered).items():
                    h[k] += v
                advance()
            report[when] = {
                "prompts_per_game": round(r["prompts"] / games, 1),
                "reactions_passed_share": _share(r["passed"], r["prompts"]),
                "passed_for_the_player_per_game": round(r["auto"] / games, 1),
                "handovers_per_10_moves": round(10 * h["handovers"] / max(h["moves"], 1), 2),
                "handovers_per_game": round(h["handovers"] / games, 1)}
    w = {"decisions": 0.0, "long": 0.0, "waited": 0.0}
    with progress(_("attention: waiting for hard bots"), wait_games) as advance:
        for g in range(wait_games):
            for key, seconds in _waits(spec, 900 + g, options, think).items():
                w[key] += seconds
            advance()
    report["waits"] = {"games": wait_games, "bot_decisions_per_game": round(w["decisions"] / max(wait_games, 1), 1),
                       "waits_over_0_3_s_per_game": round(w["long"] / max(wait_games, 1), 1),
                       "seconds_waited_per_game": round(w["waited"] / max(wait_games, 1), 1)}
    if as_json:
        print(json.dumps(report))
        return 0
    _show(spec, report)
    return 0


def _show(spec: GameSpec, report: dict[str, Any]) -> None:
    from rich.table import Table as Grid

    t = Grid(title=_("{title}: what the table asks of a player ({n} games; one seat a person "
                     "with the default settings)").format(title=spec.shown_title(), n=report["games"]))
    for col in (_("when"), _("prompts a game"), _("reactions passed / prompts"),
                _("passed for the player a game"), _("hand-overs / 10 moves (two people)")):
        t.add_column(col, justify="right")
    for when, label in (("before", _("before")), ("after", _("now"))):
        r = report[when]
        share = r["reactions_passed_share"]
        t.add_row(label, str(r["prompts_per_game"]), "—" if share is None else f"{share:.1%}",
                  str(r["passed_for_the_player_per_game"]), str(r["handovers_per_10_moves"]))
    show(t)
    w = report["waits"]
    say(_("Against hard bots thinking {think} s a move ({n} games): {long} waits over 0.3 s a "
          "game of {decisions} bot decisions, {seconds} s of waiting a game (wall time).").format(
        think=report["think"], n=w["games"], long=w["waits_over_0_3_s_per_game"],
        decisions=w["bot_decisions_per_game"], seconds=w["seconds_waited_per_game"]))
