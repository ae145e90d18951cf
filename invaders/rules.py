"""Galaxy Invaders rules (rulebook 002 with rulings I1–I10) behind the common contract."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from common import piles
from common.cards import CardDataError, canonical, checksum
from common.engine import Decision, Event, GameError, IllegalMove, Move, Outcome, Rules, int_option
from common.rng import Rng
from invaders import _, board, effects, ngettext, notation
from invaders.catalog import (
    DECKS_FILE,
    RULINGS_SETTINGS,
    SETTINGS,
    Card,
    Catalog,
    load_catalog,
    validate_deck,
)
from invaders.state import (
    ALIENS,
    ATTACK,
    DEFENCE,
    HUMANS,
    OVER,
    PLACE,
    SEATS,
    InvadersState,
    decider,
)


class InvadersRules(Rules[InvadersState]):
    name = "invaders"
    title = "Galaxy Invaders"
    variants = ("standard", "book")  # book: the book's decks, draw, hand and limit (rulings I3)
    option_keys = ("width", "height", "limit", "draw", "hand", "limit.aliens", "limit.humans", "draw.aliens",
                   "draw.humans", "hand.aliens", "hand.humans", "deck.aliens", "deck.humans")
    seat_names = SEATS
    notation = notation

    @property
    def bot_kinds(self) -> dict:  # type: ignore[override]
        from invaders.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def __init__(self, path: str = DECKS_FILE) -> None:
        self.path = path

    @cached_property
    def catalog(self) -> Catalog:
        return load_catalog(self.path)

    # -- set-up -------------------------------------------------------------------------
    def seats(self, options: dict[str, str]) -> list[str]:
        return list(SEATS)

    def composition(self, options: dict[str, str]) -> dict[str, dict[str, int]]:
        """The decks in use: the variant's, or ``deck.SEAT=card:n,card:n`` options."""
        comp = {}
        defaults = self.catalog.decks_for(options.get("variant", "standard"))
        for seat in SEATS:
            spec = options.get(f"deck.{seat}")
            if spec is None:
                comp[seat] = dict(defaults[seat])
                continue
            counts: dict[str, Any] = {}
            for part in str(spec).split(","):
                cid, _sep, n = part.strip().partition(":")
                counts[cid] = int(n) if n.isdigit() else -1
            try:
                comp[seat] = validate_deck(self.catalog.cards[seat], counts, "option", seat)
            except CardDataError as exc:
                raise GameError(str(exc)) from None
        return comp

    def settings(self, options: dict[str, str]) -> dict[str, dict[str, int]]:
        """Each side's opening hand, draw and hand limit: the variant's (decks.toml), then
        ``hand=N`` for both sides, then ``hand.SEAT=N`` for one (likewise draw and limit)."""
        out: dict[str, dict[str, int]] = {}
        defaults = self.catalog.settings_for(options.get("variant", "standard"))
        for seat in SEATS:
            out[seat] = {}
            for key, (low, high) in SETTINGS.items():
                value = int_option(options, key, defaults[seat][key], low, high)
                out[seat][key] = int_option(options, f"{key}.{seat}", value, low, high)
        return out

    def card_checksum(self, options: dict[str, str]) -> str:
        """The cards in the decks, the decks and, where they are not the rulings' (hand 4, draw 2,
        limit 4 for both sides), the hand settings: a game saved with the default draw is
        refused once the default changes, and records written before the settings were data
        (with the rulings') keep their checksum."""
        composition = self.composition(options)
        parts = [self.catalog.source(composition), canonical(composition)]
        settings = self.settings(options)
        if any(settings[seat] != RULINGS_SETTINGS for seat in SEATS):
            parts.append(canonical(settings))
        return checksum(parts)

    def card_parts(self, options: dict[str, str]) -> dict[str, tuple[str, str]]:
        """``SEAT.ID`` (both sides have a Fire!) -> the card's name and its data with its count."""
        return {f"{seat}.{cid}": (self.catalog.cards[seat][cid].name, f"{n}x{self.catalog.sources[seat][cid]}")
                for seat, counts in self.composition(options).items() for cid, n in counts.items() if n}

    def setup(self, options: dict[str, str], seed: int) -> InvadersState:
        width = int_option(options, "width", 7, 3, 26)
        height = int_option(options, "height", 6, 3, 30)
        comp = self.composition(options)
        sets = self.settings(options)
        st = InvadersState(width, height, Rng(seed), comp,
                           hand_limit={seat: sets[seat]["limit"] for seat in SEATS},
                           draw={seat: sets[seat]["draw"] for seat in SEATS})
        top, middle, gap = width * height, width // 2, (width + 1) // 4
        st.ships = [top + middle - gap, top + middle, top + middle + gap]  # b d f on 7 columns
        for seat in SEATS:
            deck = [cid for cid in sorted(comp[seat]) for _ in range(comp[seat][cid])]
            st.rng.shuffle(deck)
            st.decks[seat] = deck
            st.hands[seat] = [deck.pop() for _ in range(min(sets[seat]["hand"], len(deck)))]
            st.discards[seat] = []
        return st

    def record_help(self):
        from invaders.scenario import SETUP_HELP
        from invaders.views import FACT_HELP

        return SETUP_HELP, FACT_HELP

    def scenario(self, state: InvadersState, directive: str) -> None:
        from invaders.scenario import apply_directive

        apply_directive(self, state, directive)

    # -- the decision loop --------------------------------------------------------------
    decider = staticmethod(decider)

    def decisions(self, state: InvadersState) -> list[Decision]:
        seat = self.decider(state)
        if seat is None:
            return []
        kind = "discard" if state.discarding else ("place" if state.phase == PLACE else "turn")
        return [Decision(seat, kind)]

    def legal_moves(self, state: InvadersState, seat: str) -> list[Move]:
        st = state
        if seat != self.decider(st):
            return []
        hand = st.hands[seat]
        if st.discarding:
            return [("discard", cid) for cid in sorted(set(hand))]
        if st.phase == PLACE:
            return [("place", c) for c in range(st.width)]
        moves: dict[Move, None] = {}
        cards = self.catalog.cards[seat]
        for cid in sorted(set(hand)):
            for move in self._plays(st, cards[cid]):
                moves[move] = None
        moves[("end",)] = None
        return list(moves)

    def _plays(self, st: InvadersState, card: Card) -> list[Move]:
        return effects.REGISTRY[card.effect].plays(st, card)

    def apply(self, state: InvadersState, seat: str, move: Move) -> list[Event]:
        st = state
        decider = self.decider(st)
        if decider is None:
            raise IllegalMove(_("the game is over"))
        if seat != decider:
            raise IllegalMove(_("it is the aliens' decision, not the humans'") if decider == ALIENS
                              else _("it is the humans' decision, not the aliens'"))
        events: list[Event] = []
        verb = move[0]
        if st.discarding:
            if verb != "discard":
                raise IllegalMove(ngettext("you hold {n} card: discard down to {limit} first",
                                           "you hold {n} cards: discard down to {limit} first",
                                           len(st.hands[seat])).format(n=len(st.hands[seat]), limit=st.hand_limit[seat]))
            self._discard(st, seat, move[1], events)
        elif st.phase == PLACE:
            if verb != "place":
                raise IllegalMove(_("first place the Defender on the lunar row, e.g. 'place d'"))
            if not 0 <= move[1] < st.width:
                raise IllegalMove(_("the board has columns a to {last}").format(last=chr(96 + st.width)))
            st.defender = move[1]
            events.append(Event("placed", (chr(97 + move[1]),)))
            self._next_phase(st, events)
        elif verb == "end":
            if len(st.hands[seat]) > st.hand_limit[seat]:
                st.discarding = True
                events.append(Event("must_discard", (seat, len(st.hands[seat]) - st.hand_limit[seat])))
            else:
                self._next_phase(st, events)
        elif verb == "discard":
            raise IllegalMove(ngettext("you discard only at the end of your phase, down to {n} card",
                                       "you discard only at the end of your phase, down to {n} cards",
                                       st.hand_limit[seat]).format(n=st.hand_limit[seat]))
        else:
            self._play(st, seat, move, events)
            if st.phase == OVER:
                board.settle_fresh(st, seat)
        return events

    def _play(self, st: InvadersState, seat: str, move: Move, events: list[Event]) -> None:
        card = self._card_for(st, seat, move)
        st.hands[seat].remove(card.id)
        events.append(Event("play", (seat, card.id, notation.format_move(move))))
        effect = effects.REGISTRY[card.effect]
        if not effect.stays:
            st.discards[seat].append(card.id)
        effect.resolve(st, seat, card, move, events)

    def _card_for(self, st: InvadersState, seat: str, move: Move) -> Card:
        """The card in hand that makes ``move``, or an IllegalMove saying why there is none."""
        cards = self.catalog.cards[seat]
        verb = move[0]
        if verb == "maneuver" and (len(move) == 3) != (seat == HUMANS):
            raise IllegalMove(_("the humans' Maneuver needs a distance and a side, e.g. 'maneuver 2 left'")
                              if seat == HUMANS else _("the fleet's Maneuver takes no distance: just 'maneuver'"))
        effect = effects.for_verb(seat, verb)
        if effect is None:
            text = notation.format_move(move)
            raise IllegalMove(_("the aliens have no move {move!r}").format(move=text) if seat == ALIENS
                              else _("the humans have no move {move!r}").format(move=text))
        for cid in st.hands[seat]:
            card = cards[cid]
            if card.effect == effect.name and effect.fits(card, move):
                break
        else:
            if effect.name == "shift":
                raise IllegalMove(_("you hold no Maneuver {n} card").format(n=move[1]))
            raise IllegalMove(_("you hold no {card} card").format(card=_(effect.held)))
        if effect.check is not None:
            effect.check(st, card, move)
        return card

    def _card_name(self, seat: str, cid: str) -> str:
        """A card as a refusal names it, in the reader's language ('Отражающий щит'); a card of
        the other side's, or none, by what was typed."""
        from invaders import MESSAGES

        cards = self.catalog.cards
        side = seat if cid in cards[seat] else next((s for s in cards if cid in cards[s]), None)
        return MESSAGES.card(f"{side}.{cid}", "name", cards[side][cid].name) if side else cid

    def _discard(self, st: InvadersState, seat: str, cid: str, events: list[Event]) -> None:
        hand = st.hands[seat]
        if cid not in hand:
            raise IllegalMove(_("you hold no {card} card (hand: {hand})").format(
                card=self._card_name(seat, cid), hand=", ".join(dict.fromkeys(self._card_name(seat, c) for c in hand))))
        hand.remove(cid)
        st.discards[seat].append(cid)
        events.append(Event("discard", (seat, cid)))
        if len(hand) <= st.hand_limit[seat]:
            st.discarding = False
            self._next_phase(st, events)

    def _next_phase(self, st: InvadersState, events: list[Event]) -> None:
        """Close the current phase and run the game on to the next decision."""
        board.settle_fresh(st, ALIENS if st.phase == ATTACK else HUMANS)
        if st.phase == ATTACK:
            st.phase = DEFENCE
            events.append(Event("phase", (st.turn, DEFENCE)))
            self._draw(st, HUMANS, events)
            return
        st.turn += 1
        events.append(Event("turn", (st.turn,)))
        st.red = board.advance_red(st, st.red, events)  # phase 1
        if st.winner:
            return
        st.blue = board.advance_blue(st, st.blue, events)  # phase 2
        if st.winner:
            return
        board.descend(st, events)  # phase 3
        if st.winner:
            return
        if not st.hands[ALIENS] and not st.decks[ALIENS]:  # phase 4 opens with nothing to play
            board.win(st, HUMANS, board.OUT_OF_CARDS, events)
            return
        st.phase = ATTACK
        events.append(Event("phase", (st.turn, ATTACK)))
        self._draw(st, ALIENS, events)

    @staticmethod
    def _draw(st: InvadersState, seat: str, events: list[Event]) -> None:
        """Draw at the start of a phase. The humans reshuffle their discards only when the
        phase opens with no card in hand and an empty deck (the book, ruling I10); any other
        draw from an empty deck draws nothing. The aliens never reshuffle."""
        deck, hand = st.decks[seat], st.hands[seat]
        if seat == HUMANS and not deck and not hand and st.discards[HUMANS]:
            deck.extend(st.discards[HUMANS])
            st.discards[HUMANS].clear()
            st.rng.shuffle(deck)
            events.append(Event("reshuffle", (seat, len(deck))))
        drawn = piles.draw(deck, hand, st.draw[seat])
        events.append(Event("draw", (seat, len(drawn))))
        if drawn:  # (an empty draw shows nothing: no "You drew" line, nothing undo must keep)
            events.append(Event("drew", (seat, tuple(drawn)), seat))

    def outcome(self, state: InvadersState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome([state.winner], state.reason,
                       {s: 1.0 if s == state.winner else 0.0 for s in SEATS})

    def end_kind(self, outcome: Outcome) -> str:
        """The four ways a game ends (a landing names its square: grouped here)."""
        return board.END_KINDS.get(outcome.reason, board.LANDING)

    # -- information ----------------------------------------------------------------------
    def view(self, state: InvadersState, seat: str | None) -> dict[str, Any]:
        from invaders.views import view

        return view(self, state, seat)

    def determinize(self, view: dict[str, Any], seat: str, rng: Rng) -> InvadersState:
        from invaders.views import determinize

        return determinize(view, seat, rng)

    def hidden_facts(self, state: InvadersState) -> dict[str, str]:
        from invaders.views import hidden_facts

        return hidden_facts(state)

    def facts(self, state: InvadersState) -> dict[str, str]:
        from invaders.views import facts

        return facts(self, state)

    def narrate(self, event: Event) -> str:
        from invaders.views import narrate

        return narrate(self, event)

    # -- plumbing (parse, format, clone and to_json come from Rules) ------------------------
    def from_json(self, data: dict[str, Any]) -> InvadersState:
        return InvadersState.from_json(data)

    def check_invariants(self, state: InvadersState) -> list[str]:
        from invaders.views import invariants

        return invariants(state)


RULES = InvadersRules()
