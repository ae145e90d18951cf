"""``GAME bench --ladder``: how the three bot levels fare against each other, and their cost.

A benchmark, not a test: it plays whole games between the levels (one seat of the stronger
level against the weaker one in every other seat, the seats rotating from game to game) and
reports the stronger level's share of the wins with a 95% interval, and each level's speed.
``hard`` searches a fixed number of iterations per decision, so that a run replays exactly.
"""

from __future__ import annotations

import math
import time
from typing import Any

from common.bots import Bot, make_bot
from common.engine import Move, Rules
from common.selfplay import play_game
from common.spec import GameSpec

RUNGS = (("hard", "normal"), ("normal", "easy"), ("easy", "random"))


class Timed:
    """A bot that counts its decisions and the time it spends on them."""

    def __init__(self, bot: Bot, level: str, clock: dict[str, list[float]]) -> None:
        self.bot, self.kind = bot, bot.kind
        self.clock = clock.setdefault(level, [0.0, 0.0, 0.0])  # decisions, seconds, iterations

    @property
    def needs_view(self) -> bool:
        return self.bot.needs_view

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Any = None) -> Move:
        t0 = time.perf_counter()
        move = self.bot.choose(rules, view, seat, legal, progress)
        self.clock[0] += 1
        self.clock[1] += time.perf_counter() - t0
        self.clock[2] += getattr(self.bot, "done", 0)
        return move


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    mid = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, mid - half), min(1.0, mid + half)


def rung(rules: Rules, strong: str, weak: str, games: int, options: dict[str, str], iterations: int | None,
         clock: dict[str, list[float]], seed: int = 20_000, audit: Any = None,
         think: float | None = None) -> dict[str, Any]:
    """``strong`` in one seat, ``weak`` in the others, the strong seat moving round the table;
    ``audit.see(state, seat, move, level)`` is shown every move when the game has an audit."""
    seats = rules.seats(options)
    wins = ahead = 0.0
    for g in range(games):
        me = seats[g % len(seats)]
        levels = {s: strong if s == me else weak for s in seats}
        bots = {s: Timed(make_bot(levels[s], rules, seed=seed + g * 31 + i, iterations=iterations, think=think),
                         levels[s], clock) for i, s in enumerate(seats)}
        watch = (lambda st, seat, move, lv=levels: audit.see(st, seat, move, lv[seat])) if audit else None
        out = play_game(rules, seed + g, bots, options, watch=watch).outcome
        if out and me in out.winners:
            wins += 1 / len(out.winners)
        if out:  # head to head: finishing above each weaker seat (by score; a tie counts half)
            mine = out.scores.get(me, 1.0 if me in out.winners else 0.0)
            for s in seats:
                if s != me:
                    theirs = out.scores.get(s, 1.0 if s in out.winners else 0.0)
                    ahead += (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0) / (len(seats) - 1)
    low, high = wilson(wins, games)
    pairs = games * (len(seats) - 1)
    a_low, a_high = wilson(ahead * (len(seats) - 1), pairs)
    return {"strong": strong, "weak": weak, "seats": len(seats), "games": games,
            "wins": round(wins / games, 3), "low": round(low, 3), "high": round(high, 3),
            "even": round(1 / len(seats), 3), "ahead": round(ahead / games, 3),
            "ahead_low": round(a_low, 3), "ahead_high": round(a_high, 3)}


def ladder(spec: GameSpec, games: int, options: dict[str, str], iterations: int | None,
           think: float | None = None) -> dict[str, Any]:
    """Every rung; ``hard`` searches ``iterations`` a decision, or (``think``) as long as at the
    table, capped by ``iterations`` when given (a clock, so such a run does not replay)."""
    rules = spec.rules
    rules.check_options(options)
    clock: dict[str, list[float]] = {}
    audit = _loaded(spec.ladder_audit)(rules) if spec.ladder_audit else None
    rows = [rung(rules, a, b, games, options, iterations, clock, audit=audit, think=think) for a, b in RUNGS]
    speed = {k: {"decisions": int(n), "s_per_decision": round(s / n, 5) if n else None,
                 "decisions_per_s": round(n / s, 1) if s else None,
                 "iterations_per_s": round(it / s) if it and s else None}
             for k, (n, s, it) in clock.items()}
    report = {"game": spec.name, "options": options, "hard_iterations": iterations, "ladder": rows,
              "speed": speed, "hard_think": think}
    if audit is not None:
        report["audit"] = audit.report()
    return report


def _loaded(path: str) -> Any:
    """The object a "module:name" string names."""
    import importlib

    module, _sep, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def run_ladder(spec: GameSpec, *, games: int, as_json: bool, options: dict[str, str],
               iterations: int | None, think: float | None = None) -> int:
    import json

    from rich.table import Table

    from common import _, ngettext
    from common.render import say, show

    report = ladder(spec, games, options, iterations, think)
    if as_json:
        print(json.dumps(report))
        return 0
    if think is not None:
        title = _("{title}: the levels (hard thinks {think} s a decision, as at the table)").format(
            title=spec.shown_title(), think=think)
    else:
        title = ngettext("{title}: the levels ({n} iteration a decision for hard)",
                         "{title}: the levels ({n} iterations a decision for hard)",
                         report["hard_iterations"]).format(title=spec.shown_title(), n=report["hard_iterations"])
    t = Table(title=title)
    for col in (_("level"), _("against"), _("games"), _("wins"), _("95% interval"),
                _("even share"), _("ahead of each"), _("95% interval")):
        t.add_column(col, justify="right")
    for r in report["ladder"]:
        opponents = f"{r['seats'] - 1} × {r['weak']}" if r["seats"] > 2 else r["weak"]
        t.add_row(r["strong"], opponents, str(r["games"]), f"{r['wins']:.1%}",
                  f"{r['low']:.1%}–{r['high']:.1%}", f"{r['even']:.0%}", f"{r['ahead']:.1%}",
                  f"{r['ahead_low']:.1%}–{r['ahead_high']:.1%}")
    show(t)
    s = Table(title=_("speed of each level"))
    for col in (_("level"), _("decisions"), _("decisions/s"), _("s/decision"), _("iterations/s")):
        s.add_column(col, justify="right")
    for kind, v in report["speed"].items():
        s.add_row(kind, str(v["decisions"]), str(v["decisions_per_s"]), str(v["s_per_decision"]),
                  str(v["iterations_per_s"] or "-"))
    show(s)
    if "audit" in report:
        _audit_table(spec, report["audit"])
    say(_("The stronger level takes one seat, the weaker every other; the seats rotate each "
          "game. 'ahead of each': the share of its head-to-heads with one weaker seat it "
          "finished above (by final score; a tie counts half)."))
    return 0


def _audit_table(spec: GameSpec, audit: dict[str, Any]) -> None:
    """The moves no player would make, per level: how many, out of how many they could be."""
    from rich.table import Table

    from common import _
    from common.render import show

    words = _loaded(spec.ladder_audit.partition(":")[0] + ":labels")()
    t = Table(title=_("moves no player would make, in these games"))
    for col in (_("level"), _("what"), _("count"), _("out of"), _("moves of the kind"), _("share")):
        t.add_column(col, justify="right")
    for level, faults in audit.items():
        for fault, v in faults.items():
            what, of = words.get(fault, (fault, ""))
            t.add_row(level, what, str(v["faults"]), str(v["of"]), of, f"{v['share']:.1%}")
    show(t)
