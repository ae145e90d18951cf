"""The rules contract holds one truth in every game: a move ``apply`` accepts is in
``legal_moves`` (or matched by a template there: ``Rules.listed``), and every listed move is
accepted. Random self-play checks both at every decision, for every seat:

- each move listed for a seat (``legal_moves`` and ``open_moves``: what a book leaves
  open-ended, such as a line said at any time) is tried on a copy and must be accepted;
- candidate moves that are not listed must be refused: the moves listed earlier in the game
  (for any seat: a set's ``move`` listed in a chase, tried later mid-check), what the other
  seats may do now (a sample of those), and each game's ``probes``, every one of them (moves
  a game may never list, such as a line said between beats or a set's ``move``).

Bounded by counts (games, decisions a game, moves tried a decision), never by the clock.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from common.engine import GameError, Move, Rules

DECISIONS = 400  # at most, a game
LISTED_TRIED = 24  # listed moves tried a seat and decision (a sample when more are listed)
UNLISTED_TRIED = 24  # candidates tried a seat and decision (likewise)
OPEN_TRIED = 2  # open moves (``Rules.open_moves``) tried a seat and decision: every seat has them
RECENT = 200  # moves listed lately that stay candidates


def rules_of(game: str) -> Rules:
    return importlib.import_module(f"{game}.rules").RULES


def _gros_probes(st: Any) -> Iterable[Move]:
    return [("pass",), ("end",), ("done",), ("draw",), ("draw", 0)]


def _invaders_probes(st: Any) -> Iterable[Move]:
    return [("end",), ("pass",)]


def _horror_probes(st: Any) -> Iterable[Move]:
    sets = [e.id for e in st.elements.values() if e.kind == "set"]
    return [("move", s) for s in sets] + [("say", "The lights flicker."), ("roll",), ("cut",), ("pass",)]


def _seeded(options: list[dict[str, str]], seeds: Iterable[int]) -> list[tuple[dict[str, str], int]]:
    return list(zip(options, seeds, strict=True))


# game -> (the games played: options and seed, probes)
GAMES: dict[str, tuple[list[tuple[dict[str, str], int]], Callable[[Any], Iterable[Move]]]] = {
    "gros": (_seeded([{"variant": "gros", "players": "3"}, {"variant": "gr2", "players": "2"},
                      {"variant": "gros", "players": "4", "deck": "gros+gr2", "autopass": "off"},
                      {"variant": "gr2", "players": "3", "deck": "gr2", "timing": "windows"},
                      {"variant": "gros", "players": "2", "deck": "gr2"}, {"variant": "gr2", "players": "5"}],
                     range(1000, 1006)), _gros_probes),
    "invaders": (_seeded([{"variant": "standard"}] * 30, range(1000, 1030)), _invaders_probes),  # 25-30 decisions each
    # three films of 3, 2 and 4 players, about 2.5 CPU seconds in all: the first two reach a
    # check beside a set the director could move to (one film in four does), and every film
    # has lines said out of turn, free elements past the suggestions' caps and a premise
    # amended twice (``open_moves``), and Plot Armour and Screen Time bought more than one level
    # at once
    "horror": (_seeded([{"variant": "standard", "players": p} for p in ("3", "2", "4")], (1001, 1009, 1011)),
               _horror_probes),
}


class ChangedByRefusal(AssertionError):
    """A refused move changed the state: ``Table.play`` keeps no copy to restore (it applies on
    the live state), so a refusal must leave the game exactly as it was."""


def _verdict(rules: Rules, st: Any, seat: str, move: Move) -> str | None:
    """None if ``apply`` accepts ``move`` (tried on a copy), else its refusal; a refusal that
    changed the copy raises ChangedByRefusal."""
    copy = rules.clone(st)
    try:
        rules.apply(copy, seat, move)
    except GameError as exc:
        if rules.to_json(copy) != rules.to_json(st):
            raise ChangedByRefusal(f"{seat}: {rules.format(move)} was refused ({exc}) but "
                                   "changed the state") from None
        return str(exc)
    return None


def _lister(rules: Rules, listed: list[Move]) -> Callable[[Move], bool]:
    """``Rules.listed`` for one seat and decision, on its list made once."""
    known, blanks = set(listed), {rules.template(m) for m in listed}
    return lambda move: move in known or (rules.template(move) != move and rules.template(move) in blanks)


def mismatches(game: str, options: dict[str, str], seed: int, rules: Rules | None = None,
               decisions: int = DECISIONS) -> list[tuple[str, str, str]]:
    """(kind, decision, move) for every disagreement found in one random game: kind is
    'listed but refused' or 'accepted but not listed', decision the kind of decision then."""
    rules = rules or rules_of(game)
    probes = GAMES[game][1]
    st = rules.setup(options, seed)
    seats = rules.seats(options)
    rng = random.Random(seed)
    recent: deque[tuple[str, Move]] = deque(maxlen=RECENT)
    found: list[tuple[str, str, str]] = []
    for _ in range(decisions):
        asked = rules.decisions(st)
        if not asked or rules.outcome(st) is not None:
            break
        kind = asked[0].kind
        open_now = {seat: rules.open_moves(st, seat) for seat in seats}
        listed_now = {seat: rules.legal_moves(st, seat) + open_now[seat] for seat in seats}
        for seat in seats:
            listed, opened = listed_now[seat], open_now[seat]
            closed = listed[:len(listed) - len(opened)]
            for move in (rng.sample(closed, min(len(closed), LISTED_TRIED))
                         + rng.sample(opened, min(len(opened), OPEN_TRIED))):
                why = _verdict(rules, st, seat, move)
                if why is not None:
                    found.append(("listed but refused", kind, f"{seat}: {rules.format(move)} ({why})"))
            candidates = {m for _s, m in recent} | {m for ms in listed_now.values() for m in ms}
            probing = set(probes(st))
            is_listed = _lister(rules, listed)
            unlisted = sorted((m for m in candidates - probing if not is_listed(m)), key=rules.format)
            tried = rng.sample(unlisted, min(len(unlisted), UNLISTED_TRIED))
            tried += sorted((m for m in probing if not is_listed(m)), key=rules.format)
            for move in tried:
                assert not rules.listed(st, seat, move), f"{seat}: {rules.format(move)}"  # the same answer
                if _verdict(rules, st, seat, move) is None:
                    found.append(("accepted but not listed", kind, f"{seat}: {rules.format(move)}"))
        recent.extend((seat, m) for seat, ms in listed_now.items() for m in ms)
        seat = asked[0].seat
        moves = list(rules.legal_moves(st, seat))
        rng.shuffle(moves)  # a random move the rules accept (a refused one is reported above)
        move = next((m for m in moves if _verdict(rules, st, seat, m) is None), None)
        if move is None:
            break
        rules.apply(st, seat, move)
    return found


@functools.cache
def _run(game: str) -> tuple[tuple[str, str, str], ...]:
    out = []
    for options, seed in GAMES[game][0]:
        out += mismatches(game, options, seed)
    return tuple(out)


def test_the_check_finds_both_kinds_of_disagreement():
    """A Grave Robbers whose list leaves out 'end' and offers a move nobody may make is caught
    both ways."""
    from gros.rules import GrosRules

    class Skewed(GrosRules):
        def legal_moves(self, state, seat):
            moves = [m for m in super().legal_moves(state, seat) if m != ("end",)]
            return moves + [("victim", "ray/nobody")]

    found = mismatches("gros", {"variant": "gros", "players": "2"}, 7, Skewed(), decisions=60)
    kinds = {(kind, text.split(" (")[0].split(": ", 1)[1]) for kind, _d, text in found}
    assert ("accepted but not listed", "end") in kinds
    assert ("listed but refused", "victim ray/nobody") in kinds


@pytest.mark.parametrize("game", ["gros", "invaders", "horror"])
def test_accepted_moves_are_exactly_the_listed_ones(game):
    found = _run(game)
    assert found == (), found[:10]
