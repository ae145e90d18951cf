"""Grave Robbers from Outer Space (book 000) and Skippy's Revenge (book 001) behind the common
rules contract, with rulings G1–G15. Variants: ``gros`` and ``gr2``; decks: ``gros``, ``gr2``
and ``gros+gr2``; 2–6 players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common.cards import CardDataError
from common.engine import (
    Decision,
    Event,
    GameError,
    IllegalMove,
    Move,
    Outcome,
    Rules,
    first_seat,
    int_option,
)
from common.rng import Rng
from gros import _, flow, notation, zones
from gros import moves as mv
from gros.catalog import DECKS, Card, Catalog, load_catalog
from gros.state import OVER, TITLE, GrosState, Kinds
from gros.views import PROMPTS

NAMES = ("ray", "dana", "amanda", "bela", "vincent", "ed")
_CARD_PLAYS = frozenset(("play", "attack", "combine"))  # moves that put a card on the stack
_DECISIONS: dict[tuple[str, str], Decision] = {}
_INSTANCES: dict[int, tuple[Catalog, tuple[str, ...], tuple[Card, ...], Kinds]] = {}


def _instances(cat: Catalog) -> tuple[tuple[str, ...], tuple[Card, ...], Kinds]:
    """The card of every instance of a catalog's deck, in instance order, and their ``Kinds``:
    made once per catalog (loaded catalogs are cached), so every game shares them."""
    key = id(cat)
    got = _INSTANCES.get(key)
    if got is None or got[0] is not cat:
        if len(_INSTANCES) > 16:  # catalogs read from other folders (tests): keep it small
            _INSTANCES.clear()
        ids = tuple(cid for cid in sorted(cat.deck) for _ in range(cat.deck[cid]))
        defs = tuple(cat.cards[c] for c in ids)
        got = _INSTANCES[key] = (cat, ids, defs, Kinds.of(defs))
    return got[1], got[2], got[3]


class GrosRules(Rules[GrosState]):
    PROMPTS = PROMPTS
    name = "gros"
    title = "Grave Robbers from Outer Space"
    variants = ("gros", "gr2")
    option_keys = ("deck", "players", "names", "autopass", "autopass.*", "target", "timing", "first")

    @property
    def bot_kinds(self) -> dict:  # type: ignore[override]
        from gros.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    # -- set-up ----------------------------------------------------------------------------
    def catalog(self, options: dict[str, str]) -> Catalog:
        deck = options.get("deck") or options.get("variant", "gros")
        if deck not in DECKS:
            raise GameError(_("no deck {deck!r} (decks: {decks})").format(deck=deck, decks=", ".join(DECKS)))
        try:
            return load_catalog(deck)
        except CardDataError as exc:
            raise GameError(str(exc)) from None

    def seats(self, options: dict[str, str]) -> list[str]:
        """``players`` is a count (2-6, the book's seat names) or the seats' own names
        ('ray,dana,amanda', as in horror); ``names`` is its older spelling, still read from
        saved records."""
        raw = options.get("players", "").strip()
        if raw and not raw.isdigit():
            options = {**{k: v for k, v in options.items() if k != "players"}, "names": raw}
        players = int_option(options, "players", 3, 2, 6)
        names = [n.strip().lower() for n in options.get("names", "").split(",") if n.strip()]
        if names and len(names) != players and "players" in options:
            raise GameError(_("option names lists {n} seats but players is {players}").format(
                n=len(names), players=players))
        if names:
            if len(set(names)) != len(names) or not all(n.isalnum() for n in names) or not 2 <= len(names) <= 6:
                raise GameError(_("players: 2 to 6 different one-word names, e.g. ray,dana,amanda"))
            return names
        return list(NAMES[:players])

    def card_checksum(self, options: dict[str, str]) -> str:
        return self.catalog(options).source

    def card_parts(self, options: dict[str, str]) -> dict[str, tuple[str, str]]:
        cat = self.catalog(options)
        return {cid: (card.name, cat.sources[cid]) for cid, card in cat.cards.items()}

    def setup(self, options: dict[str, str], seed: int) -> GrosState:
        variant = options.get("variant", "gros")
        if variant not in self.variants:
            raise GameError(_("no rules variant {variant!r} (gros or gr2)").format(variant=variant))
        cat = self.catalog(options)
        names = tuple(self.seats(options))
        ids, defs, kinds = _instances(cat)
        default = options.get("autopass", "on") != "off"
        autopass = tuple(options.get(f"autopass.{n}", "on" if default else "off") != "off" for n in names)
        timing = options.get("timing", "books")
        if timing not in ("books", "windows"):
            raise GameError(_("option timing is 'books' (SFX at any time, the default) or 'windows', "
                              "not {timing!r}").format(timing=timing))
        st = GrosState(variant, options.get("deck") or variant, names, Rng(seed), ids, defs, autopass=autopass,
                       target=int_option(options, "target", 0, 0, 100_000), totals=[0] * len(names),
                       dcache=[None] * len(names), windows=timing == "windows", kinds=kinds)
        st.first = first_seat(options, names)
        flow.start_game(st, [])
        return st

    def record_help(self):
        from gros.scenario import SETUP_HELP
        from gros.views import FACT_HELP

        return SETUP_HELP, FACT_HELP

    def scenario(self, state: GrosState, directive: str) -> None:
        from gros.scenario import apply_directive

        state.legal_cache = state.decided = None
        apply_directive(self, state, directive)

    # -- the decision loop --------------------------------------------------------------------
    def decisions(self, state: GrosState) -> list[Decision]:
        # kept for legal_moves, which self-play and the search call next: apply clears it
        d = state.decided = mv.decider(state)
        if d is None:
            return []
        key = (state.names[d[0]], d[1])
        dec = _DECISIONS.get(key)
        if dec is None:  # a Decision is frozen: one per seat name and kind serves every game
            if len(_DECISIONS) > 1024:  # players' own names: keep a long-lived server's cache small
                _DECISIONS.clear()
            dec = _DECISIONS[key] = Decision(key[0], key[1], True, PROMPTS[key[1]])
        return [dec]

    def legal_moves(self, state: GrosState, seat: str) -> list[Move]:
        try:
            s = state.names.index(seat)  # zones.seat_of, written out: once a decision
        except ValueError:
            return []
        moves = mv.legal(state, s, state.decided)
        state.legal_cache = (s, moves)
        return moves

    def resolve(self, state: GrosState, seat: str, move: Move) -> Move:
        """A card in play named alone, or by some of its words ('on lab assistant', 'on
        brother') stands for the one listed target that card is: 'ray/the-lab-assistant'.
        In a window (a stop, an answer to an attack) a card typed with no target takes the one
        it may take ('play cheap rubber suit': the attacking Creature; with a cost not named,
        the refusal then asks for the cards to pay with); in a turn it is asked, as
        a lone target there may be the player's own. Asked, never guessed, when two would fit;
        but a Location named alone goes into the player's own Movie, where nearly every Location
        is played ('play the swamp'; 'play the swamp on dana' for another's). So is a victim
        named alone ('victim reporter': the one victim that card is), and a card with an
        ability ('use psychic': the one in the player's own Movie, where abilities are used).
        'draw N' for all the cards there are to draw is 'draw'."""
        if move[0] == "draw" and len(move) == 2 and isinstance(move[1], int):
            legal = self.legal_moves(state, seat)
            fewer = [m[1] for m in legal if m[0] == "draw" and len(m) == 2]
            if mv.DRAW_FULL in legal and move[1] == (max(fewer) + 1 if fewer else 0):
                return mv.DRAW_FULL  # 'draw 1' when one card is all there is to draw
            return move
        if move[0] == "victim" and len(move) == 2 and "/" not in move[1]:  # 'victim reporter'
            fits = [m for m in self.legal_moves(state, seat)
                    if m[0] == "victim" and _names_card(move[1], m[1], state.names)]
            return fits[0] if len(fits) == 1 else move
        if move[0] == "use" and "/" not in move[1] and seat in state.names:  # 'use psychic'
            mine = {ref for ref, _iid in mv.ability_cards(state, state.names.index(seat))
                    if _names_card(move[1], ref, state.names)}
            move = (move[0], mine.pop(), *move[2:]) if len(mine) == 1 else move
        if move[0] not in ("play", "use") or (move[2] and all("/" in t or t in state.names for t in move[2])):
            return move
        legal = self.legal_moves(state, seat)
        if move in legal:
            return move
        fits = [m for m in legal if m[0] == move[0] and m[1] == move[1] and m[3:] == move[3:]
                and len(m[2]) == len(move[2])
                and all(t == u or _names_card(t, u, state.names) for t, u in zip(move[2], m[2], strict=True))]
        if not move[2] and not fits and mv.PASS in legal:  # in a window, the one target the card may take
            fits = [m for m in legal if m[0] == move[0] and m[1] == move[1] and m[3:] == move[3:]]
            aims = {m[2] for m in legal if m[:2] == move[:2]}
            if not fits and len(aims) == 1:  # its cost not (rightly) named: the refusal is about that
                return (move[0], move[1], *aims, *move[3:])
        elif not move[2] and not fits and move[0] == "play" and _is_location(state, seat, move[1]):
            fits = [m for m in legal if m[:2] == move[:2] and m[2] == (seat,) and m[3:] == move[3:]]
        return fits[0] if len(fits) == 1 else move

    def apply(self, state: GrosState, seat: str, move: Move) -> list[Event]:
        st = state
        try:
            s = st.names.index(seat)  # zones.seat_of, written out: once a decision
        except ValueError:
            raise IllegalMove(_("there is no seat {seat!r}").format(seat=seat)) from None
        cache = st.legal_cache
        legal = cache[1] if cache is not None and cache[0] == s else mv.legal(st, s)
        if move not in legal and not self._custom_title(st, s, move):
            from gros.explain import explain

            raise IllegalMove(explain(st, s, move))
        st.legal_cache = st.decided = None
        events: list[Event] = []
        verb = move[0]
        if verb in _CARD_PLAYS:  # the commonest moves, tested first
            self._play(st, s, move, events)
        elif verb == "title":
            flow.set_title(st, move[1], move[2], events)
        elif verb == "pass":
            st.passes += 1
            st.actor = flow.next_seat(st, st.actor)
            # told to the passer only: the table sees the window go on (who is asked is
            # public), and "X passes" after every card would bury the story
            events.append(Event("pass", (seat,), seat))
            flow.settle(st, events)
        elif verb == "draw":
            flow.draw_at_start(st, move[1] if len(move) > 1 else None, events)
        elif verb == "end":
            flow.end_requested(st, events)
        elif verb == "discard":
            st.discard.append(zones.take_from_hand(st, s, move[1]))
            events.append(Event("discard", (seat, move[1])))
            if not st.hands[s]:
                flow.end_turn(st, events)
        elif verb == "done":
            flow.end_turn(st, events)
        elif verb == "victim":
            flow.kill(st, move[1], events)
            flow.settle(st, events)
        elif verb == "move":
            self._move_prop(st, move, events)
        elif verb == "use":
            found = [iid for ref, iid in mv.ability_cards(st, s) if ref == move[1]]
            self._pay(st, s, move[4], events)
            flow.use_ability(st, s, found[0], move, events)
        return events

    @staticmethod
    def _custom_title(st: GrosState, s: int, move: Move) -> bool:
        """A title of the players' own (G2): any text that uses at least one of the six words
        revealed; the words it names must be among the six, each once, and in the text."""
        if move[0] != "title" or st.phase != TITLE or s != st.first or not move[1]:
            return False
        pool = [w.lower() for w in st.candidates]
        return (bool(move[2]) and all(w in pool for w in move[2]) and len(set(move[2])) == len(move[2])
                and all(flow.title_uses(move[1], w) for w in move[2]))

    @staticmethod
    def _pay(st: GrosState, s: int, pay: tuple[str, ...], events: list[Event]) -> None:
        for cid in pay:
            st.discard.append(zones.take_from_hand(st, s, cid))
        if pay:
            events.append(Event("paid", (st.names[s], pay)))

    def _play(self, st: GrosState, s: int, move: Move, events: list[Event]) -> None:
        iid = zones.take_from_hand(st, s, move[1])
        if move[0] == "play":  # a Prop counts for its Character once it resolves (flow._place_prop)
            self._pay(st, s, move[4], events)
        if st.attack_open and not st.stack:  # a response (not a stop): the window goes on after it
            st.resume = flow.next_seat(st, s)
        flow.push(st, iid, s, move, events)

    @staticmethod
    def _move_prop(st: GrosState, move: Move, events: list[Event]) -> None:
        src = zones.find_prop(st, move[1])
        dst = zones.find_char(st, move[2])
        assert src is not None and dst is not None
        seat, holder, p = src
        said = (zones.spoken(st, move[1]), zones.spoken(st, move[2]))
        holder.props.remove(p)
        dst[1].props.append(p)
        st.propped.append(dst[1].iid)
        zones.touch(st, seat, cast=False, able=p in st.kinds.able)
        events.append(Event("moved", said))

    def outcome(self, state: GrosState) -> Outcome | None:
        if state.phase != OVER:
            return None
        final = state.totals if state.target else state.scores
        return Outcome([state.names[s] for s in state.winners], state.reason,
                       {n: float(v) for n, v in zip(state.names, final, strict=True)})

    # -- information ------------------------------------------------------------------------
    def view(self, state: GrosState, seat: str | None) -> dict[str, Any]:
        from gros.views import view

        return view(self, state, seat)

    def views(self, state: GrosState, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
        from gros.views import views

        return views(self, state, seats)

    def determinize(self, view: dict[str, Any], seat: str, rng: Rng) -> GrosState:
        from gros.views import determinize

        return determinize(self, view, seat, rng)

    def facts(self, state: GrosState) -> dict[str, str]:
        from gros.views import facts

        return facts(state)

    def hidden_facts(self, state: GrosState) -> dict[str, str]:
        from gros.views import hidden_facts

        return hidden_facts(state)

    def narrate(self, event: Event) -> str:
        from gros.views import narrate

        return narrate(event)

    # -- notation and plumbing: parse/format come from gros.notation, clone/to_json from the state
    notation = notation

    def template(self, move: Move) -> Move:
        """A title's text and words are the players' own (G2): the listed 'title' (the
        generated one) stands for every title."""
        return ("title",) if move[0] == "title" else move

    def from_json(self, data: dict[str, Any]) -> GrosState:
        cat = self.catalog({"deck": data["deck_name"]})
        ids, defs, kinds = _instances(cat)
        if tuple(data["ids"]) != ids:  # not the deck these rules deal: its own instances
            return GrosState.from_json(data, tuple(cat.cards[c] for c in data["ids"]))
        return GrosState.from_json(data, defs, kinds)

    def check_invariants(self, state: GrosState) -> list[str]:
        from gros.views import invariants

        return invariants(state)


RULES = GrosRules()


def _is_location(state: GrosState, seat: str, card: str) -> bool:
    """Whether the player holds ``card`` and it is a Location."""
    s = zones.seat_of(state, seat)
    return s >= 0 and any(state.ids[i] == card and state.defs[i].type == "location" for i in state.hands[s])


def _names_card(typed: str, target: str, seats: Sequence[str]) -> bool:
    """Whether ``typed`` (a target without its owner, 'little-brother') names the card in play
    ``target`` ('ray/the-annoying-little-brother'): every typed word is one of its words. A seat's
    name stays a seat."""
    if "/" in typed or typed in seats or "/" not in target:
        return False
    words = target.split("/", 1)[1].split("-")
    return all(w in words for w in typed.split("-"))
