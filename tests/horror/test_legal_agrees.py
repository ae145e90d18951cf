"""The legal moves and ``apply`` tell one truth (issue 21): over random and auteur films, every
listed move the deciding seat may make is accepted, and the moves the new rules take away are
neither listed nor accepted — 'move SET' outside a chase, a conflict whose two sides one player
plays, the trigger declared without the monster in hand or when a trope is the trigger —
and no move with a number or a card is accepted unlisted (a synonym such as 'pass' for 'done'
or 'claim N' in an auction is refused with the word to use). (The program once accepted 'move s3' in the middle of a check whose list held only 'roll'.)"""

from __future__ import annotations

from common.bots import RandomBot
from common.engine import GameError
from common.rng import Rng
from horror import dice
from horror.bots import AuteurBot
from horror.elements import CHARACTER_KINDS
from horror.legal import adjacent
from horror.rules import RULES
from horror.scene import trigger_trope
from horror.state import MONSTER, SCENE

LISTED_TRIED = 12  # listed moves tried a decision, at most (chosen at random)
DECISIONS = 2_500  # decisions a film, at most
PROBE_EVERY = 6  # every so many decisions, unlisted moves are tried too


def _accepted(st, seat, move) -> bool:
    try:
        RULES.apply(st.clone(), seat, move)
    except GameError:
        return False
    return True


def _refused_off_list(st, seat, legal) -> list:
    """Moves the rules must neither list nor accept now; returns those they did."""
    wrong = []
    probes = []
    if st.conflict is not None and st.conflict.kind != "chase" and st.director == seat:
        probes += [("move", s) for s in {b for p in st.near for b in p if st.active_set in p}]
    if st.phase == SCENE and st.conflict is None and st.director == seat and not st.window:
        sides = [c for c in st.screen if st.elements[c].kind in CHARACTER_KINDS]
        for a in sides:
            for b in [*sides, *([st.active_set] if st.active_set else []), *([MONSTER] if MONSTER in st.screen else [])]:
                if a != b and dice.one_player(st, a, b) is not None:
                    probes += [("check", a, b), ("contest", a, b)]
            if MONSTER in st.screen and dice.one_player(st, MONSTER, a) is not None:
                probes.append(("chase", a))
        if not st.triggered and (MONSTER not in st.hands[seat] or trigger_trope(st) is not None):
            probes.append(("trigger", ""))
    for move in probes:
        if move in legal or _accepted(st, seat, move):
            wrong.append(move)
    return wrong


BARE = ("agree", "close", "done", "decline", "pass", "quiet", "cut", "roll", "spring", "escape", "veto")


def _candidates(st, seat) -> list:
    """Moves with a number or a card (the ones the list holds in full) to try at a decision:
    every such move the rules accept must be listed. (Free text — names, lines, rulings — is
    listed by one suggestion per verb; several levels bought at once, 'armour c3 2', are listed
    only one level at a time.)"""
    moves = [(v,) for v in BARE]
    moves += [(v, n) for v in ("bid", "claim", "stake") for n in range(st.budgets[seat] + 2)]
    for card in st.elements:
        moves += [(v, card) for v in ("play", "chase", "attack", "help", "move", "drop", "accept")]
        moves += [("raise", card, 1), ("armour", card, 1), ("offer", card, "set"), ("offer", card, "role")]
    sides = [*st.screen, MONSTER]
    moves += [(v, a, b) for a in sides for b in sides for v in ("check", "contest")]
    return moves + [("pool", m, p) for m in range(3) for p in range(3)]


def _film(seed: int, players: int, bots: dict) -> tuple[int, int]:
    opts = {"players": str(players)}
    st = RULES.setup(opts, seed)
    pick = Rng(seed + 99)
    tried = chases = 0
    for _n in range(DECISIONS):
        decisions = RULES.decisions(st)
        if not decisions:
            break
        seat = decisions[0].seat
        legal = RULES.legal_moves(st, seat)
        sample = legal if len(legal) <= LISTED_TRIED else [pick.choice(legal) for _ in range(LISTED_TRIED)]
        for move in sample:
            assert _accepted(st, seat, move), (seed, seat, move)
        tried += len(sample)
        assert _refused_off_list(st, seat, legal) == [], (seed, seat)
        if _n % PROBE_EVERY == 0:
            listed = set(legal)
            unlisted = [m for m in _candidates(st, seat) if m not in listed and _accepted(st, seat, m)]
            assert unlisted == [], (seed, decisions[0].kind, unlisted)
        if st.conflict is not None and st.conflict.kind == "chase" and adjacent(st):
            chases += 1
        move = bots[seat].choose(RULES, RULES.view(st, seat), seat, legal)
        RULES.apply(st, seat, move)
    return tried, chases


def test_every_listed_move_is_accepted_and_the_new_refusals_are_not_listed():
    tried = 0
    for seed in range(3):
        seats = RULES.seats({"players": "3"})
        tried += _film(seed, 3, {s: RandomBot(seed * 7 + i) for i, s in enumerate(seats)})[0]
        tried += _film(seed, 3, {s: AuteurBot(seed * 7 + i) for i, s in enumerate(seats)})[0]
    assert tried > 2_000
