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


def midgame(name: str, seed: int = 4, kind: str | None = None, avoid: frozenset[str] = frozenset(),
            need: frozenset[str] = frozenset()):
    """A position some random moves into a game where its deciding seat has a choice (of
    decision ``kind``, if given, with no move whose verb is in ``avoid`` and, if ``need`` is
    given, one whose verb is in it), with that seat."""
    rules, options, moves = GAMES[name]
    st = rules.setup(options, seed)
    rng = RandomBot(seed)
    for done in range(moves + 500):  # on to a decision with a choice in it
        seat = rules.decisions(st)[0].seat
        legal = rules.legal_moves(st, seat)
        if done >= moves and len(legal) > 1 and kind in (None, rules.decisions(st)[0].kind) \
                and not any(m[0] in avoid for m in legal) and (not need or any(m[0] in need for m in legal)):
            return rules, st, seat
        rules.apply(st, seat, rng.choose(rules, {}, seat, legal))
    raise AssertionError(f"no choice in 500 moves of {name} seed {seed}")


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


# -- the levels -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random", "ismcts"])
def test_every_level_resolves_and_plays_a_legal_move(name, level):
    from common.bots import bot_kinds, make_bot

    rules, st, seat = midgame(name)
    assert level in bot_kinds(rules)
    bot = make_bot(level, rules, seed=3, iterations=20)
    view = rules.view(st, seat) if bot.needs_view else {}
    legal = rules.legal_moves(st, seat)
    assert bot_move(bot, rules, view, seat, legal, strict=True) in legal


def test_the_old_names_stay():
    from common.bots import make_bot

    assert make_bot("heuristic", GROS).kind == "heuristic"
    assert make_bot("auteur", HORROR).kind == "auteur"
    assert make_bot("normal", INVADERS).kind == "heuristic"
    assert make_bot("ismcts", GROS, iterations=5).kind == "ismcts"


def spying(rules: Rules) -> tuple[Rules, list[dict]]:
    """The game's rules, but every view handed to ``determinize`` is kept in the list."""
    real = type(rules).determinize
    seen: list[dict] = []

    class Spy(type(rules)):  # type: ignore[misc]
        def determinize(self, v, s, rng):
            seen.append(v)
            return real(self, v, s, rng)

    return Spy(), seen


@pytest.mark.parametrize("name", GAMES)
def test_hard_is_given_a_view_never_the_state(name):
    """It searches samples of what its seat cannot see; the view it gets hides the rest."""
    from common.bots import make_bot

    # (horror's hard searches only the chair: a bid or a claim; the rest are rules of thumb)
    from horror.bots import SEARCHED

    rules, st, seat = midgame(name, avoid=frozenset({"close", "cut"}),
                              need=frozenset(SEARCHED) if name == "horror" else frozenset())
    view = rules.view(st, seat)
    spy, seen = spying(rules)
    bot = make_bot("hard", rules, seed=1, iterations=25)
    assert bot.choose(spy, view, seat, rules.legal_moves(st, seat)) in rules.legal_moves(st, seat)
    assert seen and all(v is view for v in seen)
    others = [s for s in rules.seats({"players": "3"}) if s != seat] if name != "invaders" else \
        [s for s in ("aliens", "humans") if s != seat]
    for other in others:  # the view holds no other seat's hand (no hand keyed by its name:
        # a seat's name may also be a card's id, as horror's subplot p3 and seat p3)
        assert view["hand"] is not None and view.get("hands") is None
        assert f"'{other}':" not in str(view.get("hand"))


def test_hard_thinks_within_its_budget_in_iterations():
    """Its budget is a count of iterations when given one (a test never times a clock)."""
    from common.bots import make_bot

    rules, st, seat = midgame("gros", kind="turn")
    bot = make_bot("hard", rules, seed=1, iterations=37)
    bot.choose(rules, rules.view(st, seat), seat, rules.legal_moves(st, seat))
    assert bot.done == 37
    timed = make_bot("hard", rules, seed=1)
    assert timed.think == 1.0 and make_bot("hard", rules, think=0.2).think == 0.2


@pytest.mark.parametrize("name", ["invaders"])
def test_a_search_that_stops_once_settled_chooses_what_the_full_search_would(name):
    """Settling stops when the runner-up could not catch the leader in the iterations left:
    the same choice as the whole budget's, in fewer iterations somewhere. (GROS's table
    search weighs its moves on the same deals, ``Search.paired``, and runs its whole count.)"""
    from common.bots import make_bot

    saved = 0
    for seed in (1, 2, 3, 4, 6, 7):  # (seed 5 ends its game before a choice)
        rules, st, seat = midgame(name, seed=seed)
        view, legal = rules.view(st, seat), rules.legal_moves(st, seat)
        full, settled = (make_bot("hard", rules, seed=2, iterations=300) for _ in range(2))
        full.settle, settled.settle = False, True
        assert settled.choose(rules, view, seat, legal) == full.choose(rules, view, seat, legal)
        assert settled.done <= full.done
        saved += full.done - settled.done
    assert saved > 0


def test_a_search_weighs_only_its_candidates_at_the_root():
    """Search.candidates narrows the root (horror's hard weighs pass and the lowest bids);
    a flat search with an early stop still runs its count of iterations."""
    from common.bots import Search

    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    keep = legal[-2:]
    stops: list[int] = []
    search = Search(candidates=lambda r, v, s, moves: keep, flat=True,
                    until=lambda state: stops.append(1) is None)
    bot = IsmctsBot(1, iterations=24, search=search)
    assert bot.choose(rules, rules.view(st, seat), seat, legal) in keep
    assert bot.done == 24 and len(stops) == 24  # one play-out an iteration, stopped at once


def test_hard_reports_progress_while_it_thinks():
    from common.bots import make_bot

    rules, st, seat = midgame("gros", kind="turn")
    seen: list[float] = []
    make_bot("hard", rules, seed=1, iterations=80).choose(rules, rules.view(st, seat), seat,
                                                          rules.legal_moves(st, seat), seen.append)
    assert seen and all(0.0 <= f <= 1.0 for f in seen) and seen == sorted(seen)


def test_horror_sampling_does_not_grow_with_the_film_log():
    """A sampled film keeps only the log since the last deal: the rules only append to it."""
    rules, st, seat = midgame("horror", seed=4)
    view = rules.view(st, seat)
    padded = dict(view, log=[("say", "p1", "padding")] * 50_000 + list(view["log"]))
    a = rules.determinize(view, seat, RandomBot(1).rng)
    b = rules.determinize(padded, seat, RandomBot(1).rng)
    assert len(b.log) == len(a.log) < 1_000
    # what it leaves out is still counted (suggested lines depend on the log's length)
    assert a.log_length == len(st.log) and b.log_length == len(st.log) + 50_000
    assert rules.legal_moves(a, seat) == rules.legal_moves(st, seat)


def test_easy_is_the_normal_bot_slipping():
    from common.bots import SloppyBot, make_bot

    for rules, slip in ((GROS, 95), (INVADERS, 30), (HORROR, 50)):
        bot = make_bot("easy", rules, seed=1)
        assert isinstance(bot, SloppyBot) and bot.slip == slip


def test_a_confident_search_departs_from_the_favourite_only_beyond_its_noise():
    """With ``confidence``, another move must beat the game's favourite by that many standard
    errors of the difference as well as by the ``margin``: the same gain of 0.02 is noise over
    a few play-outs and sure over many, so a longer search departs from the favourite more."""
    from common.bots import Search, _Node

    def root(visits: int) -> _Node:
        node = _Node()
        for move, mean in ((("a",), 0.50), (("b",), 0.52)):  # rewards of 0 and 1: the widest spread
            child = node.children[("s", move)] = _Node()
            child.visits, child.reward, child.squares = visits, mean * visits, mean * visits
        return node

    bot = IsmctsBot(1, search=Search(margin=0.01, confidence=2.0))
    assert bot._favourite(root(100), "s", ("a",), ("b",)) == ("a",)  # 0.02 against 2 x 0.071
    assert bot._favourite(root(40000), "s", ("a",), ("b",)) == ("b",)  # against 2 x 0.0035
    bot.search.margin = 0.03
    assert bot._favourite(root(40000), "s", ("a",), ("b",)) == ("a",)  # the margin is a floor


def test_a_widening_search_reaches_further_down_its_candidates_with_more_iterations():
    """``widen``: the first ``breadth`` candidates from the start, more as the play-outs pile
    up (1 + widen * sqrt(visits)); the coach's ``rank`` weighs every legal move all the same."""
    from common.bots import Search

    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    assert len(legal) >= 4
    search = Search(candidates=lambda r, v, s, moves: moves, flat=True, depth=2, widen=0.15, breadth=2)

    def weighed(iterations: int) -> int:
        bot = IsmctsBot(1, iterations=iterations, search=search)
        seen: list[int] = []
        bot._favourite = lambda root, s, first, best: seen.append(len(root.children)) or best  # type: ignore[method-assign]
        bot.choose(rules, rules.view(st, seat), seat, legal)
        return seen[0]

    assert weighed(30) == 2  # 1 + 0.15 * sqrt(30) < 2: the breadth alone
    assert weighed(700) == 4  # 1 + 0.15 * sqrt(699): 4 once 400 play-outs are in
    coach = IsmctsBot(1, iterations=30, search=search)
    assert len(coach.rank(rules, rules.view(st, seat), seat, legal)) == min(len(legal), 30)


def test_a_search_deals_its_iterations_with_the_games_deal():
    """``Search.deal`` replaces ``rules.determinize`` for every iteration, from the same view."""
    from common.bots import Search

    rules, st, seat = midgame("gros", kind="turn")
    view = rules.view(st, seat)
    dealt: list[dict] = []

    def deal(r, v, s, rng):
        dealt.append(v)
        return r.determinize(v, s, rng)

    bot = IsmctsBot(1, iterations=12, search=Search(deal=deal, flat=True, depth=2))
    bot.settle = False
    bot.choose(rules, view, seat, rules.legal_moves(st, seat))
    assert len(dealt) == 12 and all(v is view for v in dealt)
