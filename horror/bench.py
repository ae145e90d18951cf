"""``horror bench``'s own figures: how long films run by table size (uniform random play, the
worst case for ending a film), and how the ``auteur`` bots tell a story — deaths before the
climax, chases per film, how many different character names 20 films use, and the share of
conflicts a bot stages between two elements of its own; and how their climaxes play, over
``--games`` films (at most 100; ``horror.tension``).
"""

from __future__ import annotations

import statistics
from typing import Any

from common.bots import RandomBot
from common.selfplay import play_game
from horror import _, pgettext
from horror.bots import AuteurBot
from horror.rules import RULES

FILM_CAP = 20_000  # decisions: every random film must end within this (the soak asserts it)
PLAYERS = range(2, 9)
STORY_FILMS = 20


def film_lengths(films: int, cap: int = FILM_CAP, players: Any = PLAYERS) -> list[dict[str, Any]]:
    """Random self-play by player count: median and maximum decisions per film, and how many
    films did not end within ``cap``."""
    rows = []
    for n in players:
        opts = {"players": str(n)}
        lengths, unfinished = [], 0
        for g in range(films):
            bots = {s: RandomBot(g * 7 + i) for i, s in enumerate(RULES.seats(opts))}
            result = play_game(RULES, 1000 + g, bots, opts, max_moves=cap)
            unfinished += result.outcome is None
            lengths.append(result.decisions)
        rows.append({"players": n, "films": films, "median": statistics.median(lengths),
                     "max": max(lengths), "unfinished": unfinished})
    return rows


def story(films: int = STORY_FILMS, players: int = 3) -> dict[str, Any]:
    """What ``films`` auteur films at ``players`` seats put on screen (each from its own seed)."""
    opts = {"players": str(players)}
    deaths_before: list[Any]
    chases: list[Any]
    names: set[str]
    deaths_before, chases, names, conflicts, own = [], [], set(), 0, 0
    for g in range(films):
        bots = {s: AuteurBot(g * 11 + i) for i, s in enumerate(RULES.seats(opts))}
        result = play_game(RULES, g, bots, opts)
        st = RULES.setup(opts, g)
        for seat, move in result.moves:
            RULES.apply(st, seat, move)
        climax = next((i for i, e in enumerate(st.log) if e[0] == "climax"), len(st.log))
        deaths_before.append(sum(1 for e in st.log[:climax] if e[0] == "death"))
        chases.append(sum(1 for e in st.log if e[0] == "conflict" and e[1] == "chase"))
        names.update(el.name for el in st.elements.values() if el.kind in ("extra", "supporting", "star"))
        for e in st.log:
            if e[0] == "conflict" and e[1] in ("check", "contest", "chase"):
                conflicts += 1
                own += e[4] == e[5]  # both sides played by one seat (H5a: never)
    return {"films": films, "players": players,
            "deaths_before_climax": round(statistics.mean(deaths_before), 2),
            "chases_per_film": round(statistics.mean(chases), 2),
            "distinct_character_names": len(names),
            "own_conflict_share": round(own / conflicts, 3) if conflicts else 0.0}


def report(games: int, options: dict[str, str] | None = None) -> tuple[dict[str, Any], list[Any]]:
    """The figures for ``bench`` (``games`` scales the random films: at least 5 a table size);
    with ``--players N`` (in ``options``), for that table size alone."""
    from rich.table import Table

    size = (options or {}).get("players")
    players = [len(RULES.seats({"players": size}))] if size else PLAYERS
    lengths = film_lengths(max(5, min(games, 200)), players=players)
    tale = story(players=players[0] if size else 3)
    t = Table(title=_("Decisions per random film (cap {cap})").format(cap=f"{FILM_CAP:,}"))
    for col in (pgettext("bench", "players"), pgettext("bench", "films"), pgettext("bench", "median"),
                pgettext("bench", "max"), pgettext("bench", "unfinished")):
        t.add_column(col, justify="right")
    for r in lengths:
        t.add_row(*(str(r[k]) for k in ("players", "films", "median", "max", "unfinished")))
    s = Table(title=_("auteur films as stories ({films} films, {players} players)").format(
        films=tale["films"], players=tale["players"]))
    for col in (_("deaths before the climax"), _("chases per film"), _("distinct character names"),
                _("conflicts between one seat's own elements")):
        s.add_column(col, justify="right")
    s.add_row(str(tale["deaths_before_climax"]), str(tale["chases_per_film"]),
              str(tale["distinct_character_names"]), f"{tale['own_conflict_share']:.1%}")
    from horror.tension import CLIMAX_FILMS, climax

    ends = climax(max(2, min(games, CLIMAX_FILMS)), players=players[0] if size else 3)
    c = Table(title=_("The climax in normal bots' films ({films} films, {players} players)").format(
        films=ends["films"], players=ends["players"]))
    for col in (_("the monster wins"), _("decided over more than one roll"), _("films that ended")):
        c.add_column(col, justify="right")
    c.add_row(*(f"{ends[k] / max(1, ends['ended']):.0%}" for k in ("monster_won", "more_than_one_roll")),
              str(ends["ended"]))
    return {"film_lengths": lengths, "story": tale, "climax": ends}, [t, s, c]
