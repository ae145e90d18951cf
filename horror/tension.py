"""How the climax plays between bots: ``horror bench``'s climax figures (issue 22: a climax
in doubt, decided over more than one roll).

A film's climax is the plan against the monster (H7): the monster wins the film when no plan
ever beats it (the survivors escape or die); a climax is decided over more than one roll
when its plan contests rolled the dice more than once in all.
"""

from __future__ import annotations

from typing import Any

from common.selfplay import play_game
from horror.rules import RULES
from horror.state import Film

CLIMAX_FILMS = 100


def climax_of(st: Film) -> dict[str, Any]:
    """One film's climax, from its log: the ending, the plan contests and their rolls."""
    contests = rolls = 0
    for e in st.log:
        if e[0] == "conflict" and e[1] == "plan":
            contests += 1
        elif e[0] == "roll" and e[1] == "plan":
            rolls += 1
    return {"ending": st.ending, "monster_won": st.ending != "plan", "contests": contests, "rolls": rolls}


def climax(films: int = CLIMAX_FILMS, players: int = 3, first_seed: int = 0) -> dict[str, Any]:
    """``films`` bots-only films (``normal`` at every seat, each film its own seed): how often
    the monster wins, and how often the climax takes more than one roll to decide."""
    from horror.bots import AuteurBot

    opts = {"players": str(players)}
    won = long = ended = sprung = 0
    endings: dict[str, int] = {}
    for g in range(first_seed, first_seed + films):
        bots = {s: AuteurBot(g * 13 + i) for i, s in enumerate(RULES.seats(opts))}
        result = play_game(RULES, g, bots, opts)
        st = RULES.setup(opts, g)
        for seat, move in result.moves:
            RULES.apply(st, seat, move)
        if result.outcome is None:
            continue
        ended += 1
        one = climax_of(st)
        endings[one["ending"]] = endings.get(one["ending"], 0) + 1
        won += one["monster_won"]
        long += one["rolls"] > 1
        sprung += one["contests"] > 0
    return {"films": films, "players": players, "ended": ended, "monster_won": won,
            "more_than_one_roll": long, "plan_sprung": sprung, "endings": endings}
