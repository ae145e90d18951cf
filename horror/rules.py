"""Creature Feature (rulebook 004, rulings H1–H8) behind the common rules contract.

The software keeps the books — elements, budgets, the chair, dice, acts, rewards — while the
players tell the story: narration, dialogue and rulings are moves like any other and go into
the film's log and its screenplay.
"""

from __future__ import annotations

import json
import re
from typing import Any

from common.cards import checksum
from common.engine import Decision, Event, IllegalMove, Move, Outcome, Rules, first_seat
from common.rng import Rng
from horror import (
    _,
    chair,
    climax,
    dice,
    elements,
    filming,
    legal,
    notation,
    pools,
    scene,
    script,
    speech,
    trades,
)
from horror.ledger import emit
from horror.narration import conflict_name, decision_what, director_action, ending
from horror.notation import parse
from horror.state import (
    MEETING,
    MONSTER,
    OVER,
    SCENE,
    START_BUDGET,
    Element,
    Film,
)

SEAT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,15}$")
DIRECTOR_VERBS = ("play", "extra", "set", "raise", "trigger", "check", "contest", "chase", "attack",
                  "drop", "ruling", "cut", "plan", "spring", "escape", "move", "roll")


def _out_of_turn(st: Film, seat: str, verb: str, who: str, kind: str) -> str:
    """A refusal worded for the seat that moved: the director who must wait is told whose
    decision comes first; another seat, that only the director does this."""
    what = decision_what(kind)
    if verb in DIRECTOR_VERBS and st.director and st.phase == SCENE:
        if seat == st.director:
            return _("{seat} directs, but {who} decides first ({what}); the scene goes on after that").format(
                seat=seat, who=who, what=what)
        return _("only the director ({director}) may {action}; {who} decides now ({what})").format(
            director=st.director, action=director_action(verb), who=who, what=what)
    return _("{who} decides now ({what}), not {seat}").format(who=who, what=what, seat=seat)


def seat_names(options: dict[str, str]) -> list[str]:
    """``players`` is a count (2–8, seats p1..pN) or a comma list of seat names; default 3."""
    raw = str(options.get("players", "3")).strip()
    if raw.isdigit():
        n = int(raw)
        names = [f"p{i}" for i in range(1, n + 1)]
    else:
        names = [p.strip().lower() for p in raw.split(",") if p.strip()]
        bad = [p for p in names if not SEAT_NAME.match(p)]
        if bad:
            raise IllegalMove(_('seat names are short words (letters first): not {list}').format(list=', '.join(bad)))
        if len(set(names)) != len(names):
            raise IllegalMove(_('two seats share a name'))
    if not 2 <= len(names) <= 8:
        raise IllegalMove(_('Creature Feature takes 2 to 8 players, not {n}').format(n=len(names)))
    return names


def premise_options(options: dict[str, str]) -> dict[str, str]:
    """The premise given as options (--title and the like), held to the same limits as the
    premise moves; refused rather than cleaned, as they are written into the record as given."""
    given: dict[str, str] = {k: str(options[k]) for k in ("monster", "ability", "trigger", "setting", "title") if k in options}
    for key, text in given.items():
        if not text.isprintable():
            raise IllegalMove(_('option {key} holds control characters').format(key=key))
        given[key] = parse(f"{key} {text}")[1]
    return given


PRIVATE_DECISIONS = frozenset(("trade", "trade reply", "direct"))  # they need the hand


class HorrorRules(Rules[Film]):
    name = "horror"
    title = "Creature Feature"
    variants = ("standard",)
    option_keys = ("players", "budget", "monster", "ability", "trigger", "setting", "title", "first")
    reveal_kinds = frozenset({"hand", "got"})  # a dealt hand, a card received in a trade
    notation = notation

    def template(self, move: Move) -> Move:
        return notation.template(move)

    @property
    def bot_kinds(self) -> dict:  # type: ignore[override]
        from horror.bots import BOTS

        return BOTS

    # -- set-up -----------------------------------------------------------------------------
    def seats(self, options: dict[str, str]) -> list[str]:
        return seat_names(options)

    def card_checksum(self, options: dict[str, str]) -> str:
        """The cards are written in play; the digest covers the costs and Screen Times."""
        return checksum([json.dumps([elements.MEETING_COST, elements.FILMING_COST,
                                     elements.SCREEN_TIME, elements.SET_MAX_ST], sort_keys=True)])

    def setup(self, options: dict[str, str], seed: int) -> Film:
        seats = seat_names(options)
        base = pools.premise(seed)
        st = Film(seats, Rng(seed))
        st.meeting_first = first_seat(options, seats)  # who opens the first script meeting
        given = premise_options(options)
        st.monster = given.get("monster", base["monster"])
        # a monster named on the command line gets no default abilities it cannot shed
        ability = given.get("ability", "" if "monster" in given else base["ability"])
        st.abilities = [ability] if ability else []
        st.trigger = given.get("trigger", base["trigger"])
        st.setting = given.get("setting", base["setting"])
        st.title = given.get("title", base["title"])
        st.elements[MONSTER] = Element(MONSTER, "monster", st.monster)
        st.pool.append(MONSTER)
        raw = str(options.get("budget", START_BUDGET))
        if not raw.isdigit():
            raise IllegalMove(_('option budget is a whole number of dice, not {raw!r}').format(raw=raw))
        budget = int(raw)
        for s in seats:
            st.hands[s] = []
            st.budgets[s] = st.start[s] = budget
            st.earned[s] = st.spent[s] = st.lost[s] = 0
        return st

    def record_help(self):
        from horror.scenario import SETUP_HELP
        from horror.views import FACT_HELP

        return SETUP_HELP, FACT_HELP

    def scenario(self, state: Film, directive: str) -> None:
        from horror.scenario import apply_directive

        apply_directive(self, state, directive)

    # -- the decision loop --------------------------------------------------------------------
    def decisions(self, state: Film) -> list[Decision]:
        d = legal.decider(state)
        if d is None:
            return []
        return [Decision(d[0], d[1])]

    def legal_moves(self, state: Film, seat: str) -> list[Move]:
        return legal.legal_moves(state, seat)

    def open_moves(self, state: Film, seat: str) -> list[Move]:
        return legal.open_moves(state, seat)

    def resolve(self, state: Film, seat: str, move: Move) -> Move:
        """'stake N' in an auction is a bid and 'bid N' at a roll a stake: Italian 'punta' and
        Russian 'ставка' say both, so a player typing either means the one that is legal. So
        are 'pass' and 'done': 'pass' at the trade before a scene (where 'done' ends it) was
        refused, though it is the word for "nothing from me" everywhere else."""
        if move in (("pass",), ("done",)) and not self.listed(state, seat, move):
            word: Move = ("done",) if move == ("pass",) else ("pass",)
            if self.listed(state, seat, word):
                return word
        if len(move) == 2 and move[0] in ("stake", "bid") and not self.listed(state, seat, move):
            other = ("bid" if move[0] == "stake" else "stake", move[1])
            if self.listed(state, seat, other):
                return other
        return move

    def search_moves(self, state: Film, seat: str) -> list[Move]:
        """The legal moves with placeholders for their free text, and no lines: the search's
        play-outs read no text, and the suggestions were about half of listing's cost."""
        return legal.legal_moves(state, seat, suggest=False)

    def private_decision(self, state: Film, seat: str) -> bool:
        """Only trading and directing use the element cards in a hand; the premise, the
        meetings, bids, claims, stakes, help, rolls and the climax's pools are decided on what
        the whole table sees (budgets, the script, the screen). An empty hand hides nothing
        (how many cards each seat holds is public): a director with no card, as in the climax
        once every card is on screen, directs at the table's board."""
        d = legal.decider(state)
        return d is not None and d[0] == seat and d[1] in PRIVATE_DECISIONS and bool(state.hands[seat])

    def apply(self, state: Film, seat: str, move: Move) -> list[Event]:
        st = state
        events: list[Event] = []
        verb = move[0]
        if seat not in st.budgets:
            raise IllegalMove(_('there is no seat {seat!r}').format(seat=seat))
        if st.phase == OVER:
            raise IllegalMove(_('the film is over; the credits have rolled'))
        if verb == "say":
            speech.say(st, seat, move, events)
            return events
        if verb == "screenplay":
            st.requests += 1
            emit(st, events, "screenplay", seat)
            return events
        if verb == "veto" and not st.vetoable:
            raise IllegalMove(_("there is nothing to veto: a veto answers a line or action another player has "
                                "just written for a character {seat} plays").format(seat=seat))
        who, kind = legal.decider(st)  # type: ignore[misc]
        if seat != who:
            raise IllegalMove(_out_of_turn(st, seat, verb, who, kind))
        if verb == "ruling" and kind in ("direct", "roll"):
            filming.direct(st, seat, move, events)
            return events
        if kind == "veto":
            speech.answer(st, seat, move, events)
            return events
        if kind == "premise":
            script.premise(st, seat, move, events)
        elif kind == "meeting":
            if st.phase != MEETING:
                raise IllegalMove(_('there is no script meeting now'))
            script.meeting(st, seat, move, events, filming.start_act)
        elif kind in ("trade", "trade reply"):
            trades.trade(st, seat, move, events)
        elif kind in ("bid", "claim auction"):
            chair.bid(st, seat, move, events)
            if st.waiting and st.auction is None:  # the chair is taken: the open offers' turn
                trades.next_trade(st, events)
        elif kind == "pool":
            climax.pool(st, seat, move, events)
        elif kind == "claim":
            chair.claim(st, seat, move, events)
        elif kind == "stake":
            if verb != "stake":
                raise IllegalMove(_("{seat} stakes dice now: 'stake N'").format(seat=seat))
            dice.stake(st, seat, move[1], events)
        elif kind == "help":
            self._help(st, seat, move, events)
        elif kind == "roll":
            if verb == "move" and st.conflict.kind != "chase":  # type: ignore[union-attr]
                raise IllegalMove(_("sets change only when the action demands it: a chase moves to an adjacent "
                                    "set between its rolls, and this is a {kind}").format(
                    kind=conflict_name(st.conflict.kind)))  # type: ignore[union-attr]
            if verb == "move":
                scene.move_set(st, seat, move[1], events)
            elif verb == "roll":
                dice.roll(st, events)
            else:
                if st.conflict and st.conflict.kind == "chase":
                    raise IllegalMove(_("the dice are staked: 'roll' (or 'move SET' to an adjacent set)"))
                raise IllegalMove(_("the dice are staked: 'roll'"))
        else:
            filming.direct(st, seat, move, events)
        if st.settled:
            filming.aftermath(st, events)
        return events

    @staticmethod
    def _help(st: Film, seat: str, move: Move, events: list[Event]) -> None:
        if move[0] == "pass":
            dice.pass_help(st, seat, events)
        elif move[0] == "help":
            from horror.ledger import CHAR, find

            card = find(st, move[1], CHAR, "character").id
            dice.help_monster(st, seat, card, events)
            filming.catch(st, card, events)  # a melee attacker is caught (the book)
        else:
            raise IllegalMove(_("the monster is chasing: {seat} may 'help CHARACTER' or 'pass'").format(seat=seat))

    def outcome(self, state: Film) -> Outcome | None:
        if state.phase != OVER:
            return None
        best = max(state.earned.values())
        winners = [s for s in state.seats if state.earned[s] == best]
        return Outcome(winners, _("{ending}; top billing to the most dice earned").format(ending=ending(state.ending)),
                       {s: float(state.earned[s]) for s in state.seats})

    # -- information ------------------------------------------------------------------------
    def view(self, state: Film, seat: str | None) -> dict[str, Any]:
        from horror.views import view

        return view(state, seat)

    def views(self, state: Film, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
        from horror.views import views

        return views(state, seats)

    def determinize(self, view: dict[str, Any], seat: str, rng: Rng) -> Film:
        from horror.views import determinize

        return determinize(view, seat, rng)

    def facts(self, state: Film) -> dict[str, str]:
        from horror.views import facts

        return facts(state)

    def hidden_facts(self, state: Film) -> dict[str, str]:
        from horror.views import hidden_facts

        return hidden_facts(state)

    def narrate(self, event: Event) -> str:
        from horror.views import narrate

        return narrate(event)

    # -- plumbing (parse, format, clone and to_json come from Rules) ------------------------
    def from_json(self, data: dict[str, Any]) -> Film:
        return Film.from_json(data)

    def check_invariants(self, state: Film) -> list[str]:
        from horror.views import invariants

        return invariants(state)


RULES = HorrorRules()
