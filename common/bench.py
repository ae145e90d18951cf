"""``GAME bench``: random self-play speed and bot win rates, on the same code path as play."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from common.bots import make_bot
from common.render import progress, say, show
from common.selfplay import play_game
from common.spec import GameSpec


def _opts(text: str, base: dict[str, str]) -> dict[str, str]:
    out = dict(base)
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, _, v = part.partition("=")
        out[k] = v
    return out


def speed(spec: GameSpec, games: int, options: dict[str, str], label: str) -> dict[str, Any]:
    """Random self-play: games/s overall, and the cost of one decision inside the rules."""
    rules = spec.rules
    seats = rules.seats(options)
    decisions = 0
    in_rules = 0.0
    t0 = time.perf_counter()
    with progress(f"self-play {label}", games) as advance:
        for g in range(games):
            bots = {s: make_bot("random", rules, seed=g * 31 + i) for i, s in enumerate(seats)}
            r = play_game(rules, g, bots, options)
            decisions += r.decisions
            in_rules += r.seconds_in_rules
            advance()
    wall = time.perf_counter() - t0
    return {"config": label, "games": games, "games_per_s": round(games / wall, 1),
            "decisions_per_game": round(decisions / games, 1),
            "us_per_decision": round(in_rules / max(decisions, 1) * 1e6, 2),
            "decisions_per_s": round(decisions / wall)}


def matchup(spec: GameSpec, label: str, kinds: list[str], games: int,
            options: dict[str, str]) -> dict[str, Any]:
    """Win shares by seat over ``games`` games (ties split)."""
    rules = spec.rules
    seats = rules.seats(options)
    wins: Counter[str] = Counter()
    t0 = time.perf_counter()
    with progress(label, games) as advance:
        for g in range(games):
            # rotate seats so that no kind always sits first
            rot = g % len(seats)
            seat_kinds = kinds[rot:] + kinds[:rot] if len(set(kinds)) > 1 and spec.bench_rotate else kinds
            bots = {s: make_bot(k, rules, seed=g * 97 + i, iterations=60)
                    for i, (s, k) in enumerate(zip(seats, seat_kinds, strict=True))}
            out = play_game(rules, 10_000 + g, bots, options).outcome
            for w in out.winners if out else []:
                kind = seat_kinds[seats.index(w)]
                wins[kind if spec.bench_rotate else f"{w} ({kind})"] += 1 / len(out.winners)
            advance()
    return {"matchup": label, "kinds": kinds, "games": games,
            "share": {k: round(v / games, 3) for k, v in sorted(wins.items())},
            "seconds": round(time.perf_counter() - t0, 1)}


def run_bench(spec: GameSpec, *, games: int, as_json: bool, options: dict[str, str]) -> int:
    spec.rules.check_options(options)
    report: dict[str, Any] = {"game": spec.name, "speed": [], "matchups": []}
    for label, extra in spec.bench_speed:
        report["speed"].append(speed(spec, games, _opts(extra, options), label))
    for label, kinds, n, extra in spec.bench_matchups:
        n = n if games >= spec.bench_games else max(10, n * games // spec.bench_games)
        report["matchups"].append(matchup(spec, label, kinds.split(","), n, _opts(extra, options)))
    extra_tables: list[Any] = []
    if spec.bench_report:
        from importlib import import_module

        module, _, name = spec.bench_report.partition(":")
        report["game_report"], extra_tables = getattr(import_module(module), name)(games)
    if as_json:
        print(json.dumps(report))
        return 0
    from rich.table import Table

    t = Table(title=f"{spec.title}: random self-play")
    for col in ("config", "games", "games/s", "decisions/game", "µs/decision", "decisions/s"):
        t.add_column(col, justify="right")
    for r in report["speed"]:
        t.add_row(r["config"], str(r["games"]), str(r["games_per_s"]), str(r["decisions_per_game"]),
                  str(r["us_per_decision"]), str(r["decisions_per_s"]))
    show(t)
    if report["matchups"]:
        m = Table(title="win shares")
        for col in ("match-up", "games", "shares", "s"):
            m.add_column(col)
        for r in report["matchups"]:
            m.add_row(r["matchup"], str(r["games"]),
                      "  ".join(f"{k} {v:.1%}" for k, v in r["share"].items()), str(r["seconds"]))
        show(m)
    for extra in extra_tables:
        show(extra)
    say("µs/decision counts legal_moves + apply only; games/s is wall time including the bots.")
    return 0
