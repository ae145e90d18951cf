"""Bots in every game: search never changes the view it was handed, a bot that raises fails
loudly (only the live table falls back), and the level names resolve everywhere."""

from __future__ import annotations

import copy

import pytest

from common.bots import IsmctsBot, RandomBot, bot_move
from common.engine import Rules
from common.selfplay import play_game
from gros.rules import RULES as GROS
from horror.rules import RULES as HORROR
from invaders.rules import RULES as INVADERS

GAMES: dict[str, tuple[Rules, dict[str, str], int]] = {
    "gros": (GROS, {"players": "3"}, 60),
    "invaders": (INVADERS, {}, 6),
    "horror": (HORROR, {"players": "3"}, 150),
}


def midgame(name: str, seed: int = 4):
    """A position some random moves into a game, with its deciding seat."""
    rules, options, moves = GAMES[name]
    st = rules.setup(options, seed)
    rng = RandomBot(seed)
    for _ in range(moves):
        d = rules.decisions(st)
        if not d or rules.outcome(st) is not None:
            break
        seat = d[0].seat
        rules.apply(st, seat, rng.choose(rules, {}, seat, rules.legal_moves(st, seat)))
    return rules, st, rules.decisions(st)[0].seat


def _ids(obj, out: set[int]) -> set[int]:
    """The ids of every mutable container reachable from ``obj``."""
    if isinstance(obj, (list, dict, set)):
        out.add(id(obj))
        for v in obj.values() if isinstance(obj, dict) else obj:
            _ids(v, out)
    elif isinstance(obj, tuple):
        for v in obj:
            _ids(v, out)
    elif hasattr(obj, "__slots__") or hasattr(obj, "__dict__"):
        names = getattr(obj, "__slots__", None) or vars(obj)
        for n in names:
            if hasattr(obj, n):
                _ids(getattr(obj, n), out)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_determinize_shares_no_list_with_the_view(name):
    rules, st, seat = midgame(name)
    view = rules.view(st, seat)
    sampled = rules.determinize(view, seat, RandomBot(1).rng)
    assert not _ids(view, set()) & _ids(sampled, set())


@pytest.mark.parametrize("name", GAMES)
def test_search_leaves_its_view_unchanged(name):
    rules, st, seat = midgame(name)
    view = rules.view(st, seat)
    before = copy.deepcopy(view)
    legal = rules.legal_moves(st, seat)
    bot = IsmctsBot(seed=2, iterations=40)
    assert bot.choose(rules, view, seat, legal) in legal
    assert view == before


class Broken:
    kind = "broken"
    needs_view = False

    def choose(self, *args, **kwargs):
        raise RuntimeError("boom")


class Cheat(RandomBot):
    def choose(self, *args, **kwargs):
        return ("nonsense",)


@pytest.mark.parametrize("bot", [Broken(), Cheat()])
def test_a_failing_bot_fails_the_tests(bot):
    with pytest.raises(Exception):  # noqa: B017 - whatever it raised, or its illegal move
        bot_move(bot, INVADERS, {}, "aliens", [("end",), ("fire",)], strict=True)
    with pytest.raises(Exception):  # noqa: B017
        play_game(INVADERS, 1, {"aliens": bot, "humans": RandomBot(2)})


def test_only_the_live_table_falls_back_and_says_so(caplog):
    move = bot_move(Broken(), INVADERS, {}, "aliens", [("end",), ("fire",)], strict=False)
    assert move == ("end",)
    assert "broken bot for aliens failed" in caplog.text and "boom" in caplog.text
