"""``GAME bench``: random self-play speed and bot win rates, on the same code path as play."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from common import _
from common.bots import make_bot
from common.render import progress, say, show
from common.selfplay import play_game
from common.spec import GameSpec


def _opts(text: str, base: dict[str, str]) -> dict[str, str]:
    out = dict(base)
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, _sep, v = part.partition("=")
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
            options: dict[str, str], rotate: bool | None = None) -> dict[str, Any]:
    """Win shares over ``games`` games (ties split): per kind when the kinds rotate round the
    seats (``spec.bench_rotate`` unless ``rotate`` says), else per seat."""
    rules = spec.rules
    seats = rules.seats(options)
    rotate = spec.bench_rotate if rotate is None else rotate
    wins: Counter[str] = Counter()
    t0 = time.perf_counter()
    with progress(label, games) as advance:
        for g in range(games):
            # rotate seats so that no kind always sits first
            rot = g % len(seats)
            seat_kinds = kinds[rot:] + kinds[:rot] if len(set(kinds)) > 1 and rotate else kinds
            bots = {s: make_bot(k, rules, seed=g * 97 + i, iterations=60)
                    for i, (s, k) in enumerate(zip(seats, seat_kinds, strict=True))}
            out = play_game(rules, 10_000 + g, bots, options).outcome
            for w in out.winners if out else []:
                kind = seat_kinds[seats.index(w)]
                wins[kind if rotate else f"{w} ({kind})"] += 1 / len(out.winners)
            advance()
    return {"matchup": label, "kinds": kinds, "games": games,
            "share": {k: round(v / games, 3) for k, v in sorted(wins.items())},
            "seconds": round(time.perf_counter() - t0, 1)}


def _fit(kinds: list[str], seats: int) -> list[str]:
    """A match-up's kinds for another number of seats: the last kind fills or gives way
    ('heuristic,random,random' at 4 players: 'heuristic,random,random,random')."""
    return (kinds + kinds[-1:] * seats)[:seats]


def speed_configs(spec: GameSpec, options: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """The preset configurations, or, when the player gave game options, just theirs."""
    if options:
        return [(",".join(f"{k}={v}" for k, v in options.items()), dict(options))]
    return [(label, _opts(extra, {})) for label, extra in spec.bench_speed]


def _matchups(spec: GameSpec, games: int, options: dict[str, str]) -> list[dict[str, Any]]:
    """The spec's match-ups with the player's options on top (their seat count wins)."""
    out = []
    for label, kinds, n, extra in spec.bench_matchups:
        n = n if games >= spec.bench_games else max(1, n * games // spec.bench_games)
        opts = {**_opts(extra, {}), **options}
        fitted = _fit(kinds.split(","), len(spec.rules.seats(opts)))
        if fitted != kinds.split(","):
            label = f"{label}, as {','.join(fitted)}"
        out.append(matchup(spec, label, fitted, n, opts))
    return out


def run_bench(spec: GameSpec, *, games: int, as_json: bool, options: dict[str, str],
              matchups: bool = False) -> int:
    """Random self-play speed; the bot tables only when asked (they take minutes)."""
    spec.rules.check_options(options)
    report: dict[str, Any] = {"game": spec.name, "speed": [], "matchups": []}
    for label, opts in speed_configs(spec, options):
        report["speed"].append(speed(spec, games, opts, label))
    if matchups:
        report["matchups"] = _matchups(spec, games, options)
    extra_tables: list[Any] = []
    if spec.bench_report:  # a game's own figures (horror: film lengths, bot films as stories)
        from importlib import import_module

        module, _sep, name = spec.bench_report.partition(":")
        report["game_report"], extra_tables = getattr(import_module(module), name)(games)
    if as_json:
        print(json.dumps(report))
        return 0
    from rich.table import Table

    t = Table(title=_("{title}: random self-play").format(title=spec.shown_title()))
    for col in (_("config"), _("games"), _("games/s"), _("decisions/game"), _("µs/decision"),
                _("decisions/s")):
        t.add_column(col, justify="right")
    for r in report["speed"]:
        t.add_row(r["config"], str(r["games"]), str(r["games_per_s"]), str(r["decisions_per_game"]),
                  str(r["us_per_decision"]), str(r["decisions_per_s"]))
    show(t)
    if report["matchups"]:
        m = Table(title=_("win shares"))
        for col in (_("match-up"), _("games"), _("shares"), _("s")):
            m.add_column(col)
        for r in report["matchups"]:
            m.add_row(r["matchup"], str(r["games"]),
                      "  ".join(f"{k} {v:.1%}" for k, v in r["share"].items()), str(r["seconds"]))
        show(m)
    for extra in extra_tables:
        show(extra)
    say(_("µs/decision counts legal_moves + apply only; games/s is wall time including the "
          "bots."))
    if not matchups:
        say(_("The bots' win rates: '{game} bench --matchups' or '--ladder' (minutes).").format(
            game=spec.name))
    return 0
