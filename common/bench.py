"""``GAME bench``: random self-play speed and bot win rates, on the same code path as play."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from common import _
from common.bots import Bot, bot_move, make_bot
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
    """Random self-play: games/s overall, and the cost of one decision inside the rules.
    Decisions per second twice: of wall time, and of this process's CPU time, which other
    programs on a busy machine disturb less."""
    rules = spec.rules
    seats = rules.seats(options)
    decisions = 0
    in_rules = 0.0
    # one game untimed first: the lazy imports and caches of a cold start (6-29% of the first
    # configuration's time) are no part of what a decision costs
    play_game(rules, -1, {s: make_bot("random", rules, seed=i) for i, s in enumerate(seats)},
              options)
    t0, cpu0 = time.perf_counter(), time.process_time()
    with progress(f"self-play {label}", games) as advance:
        for g in range(games):
            bots = {s: make_bot("random", rules, seed=g * 31 + i) for i, s in enumerate(seats)}
            r = play_game(rules, g, bots, options)
            decisions += r.decisions
            in_rules += r.seconds_in_rules
            advance()
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    return {"config": label, "games": games, "games_per_s": round(games / wall, 1),
            "decisions_per_game": round(decisions / games, 1),
            "us_per_decision": round(in_rules / max(decisions, 1) * 1e6, 2),
            "decisions_per_s": round(decisions / wall),
            "decisions_per_cpu_s": round(decisions / cpu) if cpu > 0 else None}


def table_speed(spec: GameSpec, games: int, options: dict[str, str], label: str) -> dict[str, Any]:
    """The same random games played through ``Table`` (as ``run`` and the host play them, no
    undo) and on the rules alone, in CPU time: what the table adds to a decision."""
    from common.table import Table

    rules = spec.rules
    seats = rules.seats(options)
    variant = options.get("variant", rules.variants[0])
    opts = {k: v for k, v in options.items() if k != "variant"}
    spent = {"rules": 0.0, "table": 0.0}
    decisions = 0
    for g in range(games + 1):  # game 0 untimed: a warm start
        for path in ("rules", "table"):
            bots = {s: make_bot("random", rules, seed=g * 31 + i) for i, s in enumerate(seats)}
            t0 = time.process_time()
            if path == "rules":
                moves = play_game(rules, g, bots, {**opts, "variant": variant}).decisions
            else:
                table = Table(rules, seed=g, options=opts, variant=variant, keep_undo=False)
                moves = 0
                while asked := table.decisions():
                    seat = asked[0].seat
                    table.play(seat, bot_move(bots[seat], rules, {}, seat,
                                              table.legal_moves(seat), strict=True))
                    moves += 1
            if g:
                spent[path] += time.process_time() - t0
                decisions += moves if path == "table" else 0
    return {"config": label, "games": games, "decisions": decisions,
            "decisions_per_cpu_s": round(decisions / spent["table"]) if spent["table"] else None,
            "table_to_rules": round(spent["table"] / spent["rules"], 2) if spent["rules"] else None}


class Counted:
    """A bot that counts the choices it is given: decisions with more than one legal move."""

    def __init__(self, bot: Bot, tally: Counter[str], key: str) -> None:
        self.bot, self.kind, self.tally, self.key = bot, bot.kind, tally, key

    @property
    def needs_view(self) -> bool:
        return self.bot.needs_view

    def choose(self, rules: Any, view: dict[str, Any], seat: str, legal: list[Any],
               progress: Any = None) -> Any:
        self.tally[self.key] += len(legal) > 1
        return self.bot.choose(rules, view, seat, legal, progress)
SEARCHED = 12  # decisions the search figure rests on, whatever --games says


SEARCH_COUNT = 200  # iterations a decision the search figure is measured at, or the table's cap if lower


def search_speed(spec: GameSpec, label: str, options: dict[str, str], start: float,
                 iterations: int | None = None, positions: int = SEARCHED, seed: int = 5) -> dict[str, Any]:
    """The ``hard`` level's cost: its search's iterations per second of CPU time, over
    ``positions`` decisions that it searched (a choice to make, its rules of thumb did not
    answer), ``iterations`` a decision (``SEARCH_COUNT``, or the game's table cap if lower: a
    count past it is spent differently, ``Search.reach``), taken evenly from the part of games
    between ``normal`` bots after ``start`` (a share of each game); more games are played until
    there are enough.
    """
    rules = spec.rules
    if iterations is None:
        table = getattr(getattr(make_bot("hard", rules), "search", None), "iterations", None)
        iterations = min(SEARCH_COUNT, table or SEARCH_COUNT)
    seats = rules.seats(options)
    searched = done = tried = 0
    spent = 0.0
    with progress(_("hard, {n} iterations a decision ({config})").format(n=iterations, config=label),
                  positions) as advance:
        for game in range(seed, seed + 20):  # a game with too few choices: the next one too
            late = _choices(rules, seats, options, game)
            late = late[int(len(late) * start):]
            for k, (view, seat, legal) in enumerate(late[::max(1, len(late) // positions)]):
                bot = make_bot("hard", rules, seed=game + k, iterations=iterations)
                bot.settle = False  # type: ignore[attr-defined]  # the cost of a fixed count
                t0 = time.process_time()
                bot_move(bot, rules, view, seat, legal, strict=True)
                spent += time.process_time() - t0
                tried += 1
                n = getattr(bot, "done", 0)
                searched += n > 0
                done += n
                if n:
                    advance()
                if searched >= positions:
                    break
            if searched >= positions:
                break
    return {"config": label, "decisions": searched, "positions": tried, "iterations": done,
            "iterations_per_s": round(done / spent) if spent else None,
            "ms_per_decision": round(spent / searched * 1000, 1) if searched else None}


def _choices(rules: Any, seats: list[str], options: dict[str, str],
             seed: int) -> list[tuple[dict[str, Any], str, list]]:
    """Every decision with more than one legal move in a game between ``normal`` bots."""
    bots = {s: make_bot("normal", rules, seed=seed + i) for i, s in enumerate(seats)}
    st = rules.setup(options, seed)
    seen: list[tuple[dict[str, Any], str, list]] = []
    while decisions := rules.decisions(st):
        seat = decisions[0].seat
        legal = rules.legal_moves(st, seat)
        view = rules.view(st, seat)
        if len(legal) > 1:
            seen.append((view, seat, legal))
        rules.apply(st, seat, bot_move(bots[seat], rules, view, seat, legal, strict=True))
    return seen


def matchup(spec: GameSpec, label: str, kinds: list[str], games: int,
            options: dict[str, str], rotate: bool | None = None,
            iterations: int | None = None) -> dict[str, Any]:
    """Win shares over ``games`` games (ties split), with their 95% intervals and each side's
    choices a game: per kind when the kinds rotate round the seats (``spec.bench_rotate``
    unless ``rotate`` says), else per seat. ``hard`` searches ``iterations`` a decision."""
    from common.ladder import wilson

    rules = spec.rules
    seats = rules.seats(options)
    rotate = spec.bench_rotate if rotate is None else rotate
    iterations = iterations or spec.ladder_iterations
    wins: dict[str, float] = {}
    choices: Counter[str] = Counter()
    ends: Counter[str] = Counter()  # how the games ended (rules.end_kind)
    t0 = time.perf_counter()
    with progress(label, games) as advance:
        for g in range(games):
            # rotate seats so that no kind always sits first
            rot = g % len(seats)
            seat_kinds = kinds[rot:] + kinds[:rot] if len(set(kinds)) > 1 and rotate else kinds
            keys = [k if rotate else f"{s} ({k})" for s, k in zip(seats, seat_kinds, strict=True)]
            bots: dict[str, Bot] = {
                s: Counted(make_bot(k, rules, seed=g * 97 + i, iterations=iterations), choices, keys[i])
                for i, (s, k) in enumerate(zip(seats, seat_kinds, strict=True))}
            out = play_game(rules, 10_000 + g, bots, options).outcome
            ends[rules.end_kind(out) if out else "unfinished"] += 1
            winners = out.winners if out else []
            for w in winners:
                key = keys[seats.index(w)]
                wins[key] = wins.get(key, 0.0) + 1 / len(winners)
            advance()
    interval = {k: [round(x, 3) for x in wilson(v, games)] for k, v in sorted(wins.items())}
    return {"matchup": label, "kinds": kinds, "games": games, "hard_iterations": iterations,
            "share": {k: round(v / games, 3) for k, v in sorted(wins.items())},
            "wins": {k: round(v, 1) for k, v in sorted(wins.items())}, "interval": interval,
            "choices_per_game": {k: round(v / games, 1) for k, v in sorted(choices.items())},
            "ends": {k: round(v / games, 3) for k, v in ends.most_common()},
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


def _matchups(spec: GameSpec, games: int, options: dict[str, str],
              iterations: int | None = None) -> list[dict[str, Any]]:
    """The spec's match-ups with the player's options on top (their seat count wins)."""
    out = []
    for label, kinds, n, extra in spec.bench_matchups:
        n = n if games >= spec.bench_games else max(1, n * games // spec.bench_games)
        opts = {**_opts(extra, {}), **options}
        fitted = _fit(kinds.split(","), len(spec.rules.seats(opts)))
        if fitted != kinds.split(","):
            label = f"{label}, as {','.join(fitted)}"
        out.append(matchup(spec, label, fitted, n, opts, iterations=iterations))
    return out


def run_bench(spec: GameSpec, *, games: int, as_json: bool, options: dict[str, str],
              matchups: bool = False, iterations: int | None = None) -> int:
    """Random self-play speed; the bot tables only when asked (they take minutes)."""
    spec.rules.check_options(options)
    report: dict[str, Any] = {"game": spec.name, "speed": [], "matchups": []}
    for label, opts in speed_configs(spec, options):
        report["speed"].append(speed(spec, games, opts, label))
    label, opts = speed_configs(spec, options)[0]
    report["table"] = table_speed(spec, max(1, games // 10), opts, label)
    label, extra, start = spec.bench_search
    if options:
        label = ",".join(f"{k}={v}" for k, v in options.items())
    report["search"] = search_speed(spec, label, {**_opts(extra, {}), **options}, start)
    if matchups:
        report["matchups"] = _matchups(spec, games, options, iterations)
    extra_tables: list[Any] = []
    if spec.bench_report:  # a game's own figures (horror: film lengths, bot films as stories)
        from importlib import import_module

        module, _sep, name = spec.bench_report.partition(":")
        report["game_report"], extra_tables = getattr(import_module(module), name)(games, options)
    if as_json:
        print(json.dumps(report))
        return 0
    from rich.table import Table

    t = Table(title=_("{title}: random self-play").format(title=spec.shown_title()))
    for col in (_("config"), _("games"), _("games/s"), _("decisions/game"), _("µs/decision"),
                _("decisions/s"), _("decisions/CPU s")):
        t.add_column(col, justify="right")
    for r in report["speed"]:
        t.add_row(r["config"], str(r["games"]), str(r["games_per_s"]), str(r["decisions_per_game"]),
                  str(r["us_per_decision"]), str(r["decisions_per_s"]), str(r["decisions_per_cpu_s"]))
    show(t)
    r = report["table"]
    say(_("Through the table ({config}, {games} games, as 'run' and the host play): {rate} "
          "decisions/CPU s, {ratio}× the rules alone.").format(
        config=r["config"], games=r["games"], rate=r["decisions_per_cpu_s"], ratio=r["table_to_rules"]))
    h = Table(title=_("the hard level's search (CPU time)"))
    for col in (_("config"), _("decisions"), _("iterations"), _("iterations/s"), _("ms/decision")):
        h.add_column(col, justify="right")
    r = report["search"]
    h.add_row(r["config"], str(r["decisions"]), str(r["iterations"]), str(r["iterations_per_s"]),
              str(r["ms_per_decision"]))
    show(h)
    if report["matchups"]:
        m = Table(title=_("win shares (hard: {n} iterations a decision)").format(
            n=report["matchups"][0]["hard_iterations"]))
        for col in (_("match-up"), _("games"), _("side"), _("wins"), _("95% interval"),
                    _("choices a game"), _("s")):
            m.add_column(col)
        for r in report["matchups"]:
            for i, (k, v) in enumerate(r["share"].items()):
                low, high = r["interval"][k]
                m.add_row(r["matchup"] if i == 0 else "", str(r["games"]) if i == 0 else "", k,
                          f"{v:.1%}", f"{low:.1%}–{high:.1%}", str(r["choices_per_game"].get(k, 0)),
                          str(r["seconds"]) if i == 0 else "")
        show(m)
        say(_("A choice: a decision with more than one legal move."))
        for r in report["matchups"]:
            say(_("{matchup}: how the games ended: {ends}").format(matchup=r["matchup"], ends=", ".join(
                f"{spec.text(k)} {v:.1%}" for k, v in r["ends"].items())))
    for extra in extra_tables:
        show(extra)
    say(_("µs/decision counts legal_moves + apply only; games/s and decisions/s are wall time "
          "including the bots, decisions/CPU s the same over this process's CPU time (steadier "
          "on a busy machine); each configuration is timed after one game untimed. The search: "
          "a fixed count of iterations at 12 decisions it searched, of games between normal "
          "bots."))
    if not matchups:
        say(_("The bots' win rates: '{game} bench --matchups' or '--ladder' (minutes).").format(
            game=spec.name))
    return 0
