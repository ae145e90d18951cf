"""What each seat may see of an Invaders game, and what bots may assume about the rest."""

from __future__ import annotations

from collections import Counter
from typing import Any

from common.engine import Event
from common.rng import Rng
from invaders import MESSAGES, _, ngettext
from invaders.board import LANDED, REASONS, square_name, square_names
from invaders.catalog import HasCatalog
from invaders.state import ALIENS, ATTACK, HUMANS, OVER, SEATS, InvadersState
from invaders.state import decider as decider_of


def _squares(st: InvadersState, squares: list[int]) -> list[str]:
    return sorted(square_name(st, sq) for sq in squares)




def view(rules: HasCatalog, st: InvadersState, seat: str | None) -> dict[str, Any]:
    """JSON-safe. Hands are shown only to their owner; deck order to nobody."""
    decider = decider_of(st)
    return {
        "game": "invaders",
        "seat": seat,
        "width": st.width,
        "height": st.height,
        "turn": st.turn,
        "phase": st.phase,
        "discarding": st.discarding,
        "to_move": [decider] if decider else [],
        "ships": _squares(st, st.ships),
        "red": _squares(st, st.red),
        "blue": _squares(st, st.blue),
        "fresh": _squares(st, st.fresh),
        "fresh_colour": "red" if st.phase == ATTACK else "blue",
        "defender": chr(97 + st.defender) if st.defender >= 0 else None,
        "shields": len(st.shields),
        "hand": sorted(st.hands[seat]) if seat in SEATS else None,
        "hand_sizes": {s: len(st.hands[s]) for s in SEATS},
        "deck_sizes": {s: len(st.decks[s]) for s in SEATS},
        "discards": {s: sorted(st.discards[s]) for s in SEATS},
        "composition": {s: dict(c) for s, c in st.composition.items()},
        "hand_limit": dict(st.hand_limit),
        "draw": dict(st.draw),
        "winner": st.winner,
        "reason": st.reason,
    }


def determinize(v: dict[str, Any], seat: str, rng: Rng) -> InvadersState:
    """Rebuild a full state from ``seat``'s view, dealing the unseen cards at random."""
    w, at = v["width"], square_names(v["width"], v["height"])[1]
    sq = [at[n] for n in v["ships"]]
    composition = {s: dict(cards) for s, cards in v["composition"].items()}  # never the view's own
    st = InvadersState(w, v["height"], rng.fork(), composition, sq,
                       [at[n] for n in v["red"]], [at[n] for n in v["blue"]], [at[n] for n in v["fresh"]],
                       ord(v["defender"]) - 97 if v["defender"] else -1,
                       turn=v["turn"], phase=v["phase"], discarding=v["discarding"],
                       winner=v["winner"], reason=v["reason"], hand_limit=dict(v["hand_limit"]), draw=dict(v["draw"]))
    st.shields = ["shield"] * v["shields"]
    for s in SEATS:
        unseen = Counter(v["composition"][s])
        unseen.subtract(v["discards"][s])
        if s == HUMANS:
            unseen.subtract(st.shields)
        if s == seat:
            unseen.subtract(v["hand"])
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        st.discards[s] = list(v["discards"][s])
        st.hands[s] = list(v["hand"]) if s == seat else [pool.pop() for _ in range(v["hand_sizes"][s])]
        st.decks[s] = pool
    return st


FACT_HELP = (
    ("turn", "the turn's number"), ("phase", "place, attack, defence or over ('discard' added while discarding)"),
    ("to_move", "the seat that decides now"),
    ("ships", "the ships' squares"), ("red", "the red bullets' squares"), ("blue", "the blue bullets' squares"),
    ("defender", "the Defender's column"), ("shields", "Deflector Shields in play"),
    ("winner", "aliens or humans, once the game is over"), ("reason", "why the game ended"),
    ("hand.SEAT", "how many cards SEAT holds"), ("hand.SEAT.cards", "SEAT's hand as SEAT sees it"),
    ("deck.SEAT", "cards left in SEAT's deck"),
    ("deck.SEAT.top", "the top card of SEAT's deck (hidden from both seats: for a deck stacked with 'setup deck')"),
    ("discard.SEAT", "cards in SEAT's discard pile"), ("discard.SEAT.cards", "the cards in SEAT's discard pile, sorted (public; its order is not)"),
)


def hidden_facts(st: InvadersState) -> dict[str, str]:
    """Each hand as its owner sees it, and the decks' top cards (for records only)."""
    out = {}
    for s in SEATS:
        out[f"hand.{s}.cards"] = " ".join(st.hands[s]) or "none"
        out[f"deck.{s}.top"] = st.decks[s][-1] if st.decks[s] else "none"
    return out


def facts(rules: HasCatalog, st: InvadersState) -> dict[str, str]:
    """Public facts for record ``expect`` lines (FACT_HELP, with ``hidden_facts``, says what
    each is; a test keeps them in step)."""
    decider = decider_of(st)
    out = {
        "turn": str(st.turn),
        "phase": st.phase + (" discard" if st.discarding else ""),
        "to_move": decider or "none",
        "ships": " ".join(_squares(st, st.ships)) or "none",
        "red": " ".join(_squares(st, st.red + (st.fresh if st.phase == ATTACK else []))) or "none",
        "blue": " ".join(_squares(st, st.blue + (st.fresh if st.phase != ATTACK else []))) or "none",
        "defender": chr(97 + st.defender) if st.defender >= 0 else "none",
        "shields": str(len(st.shields)),
        "winner": st.winner or "none",
        "reason": st.reason or "none",
    }
    for s in SEATS:
        out[f"hand.{s}"] = str(len(st.hands[s]))
        out[f"deck.{s}"] = str(len(st.decks[s]))
        out[f"discard.{s}"] = str(len(st.discards[s]))
        out[f"discard.{s}.cards"] = " ".join(sorted(st.discards[s])) or "none"
    return out


def reason_text(reason: str) -> str:
    """Why the game ended, in the reader's language (the state keeps the English)."""
    if reason in REASONS:
        return _(reason)
    head = LANDED.split("{")[0]
    if reason.startswith(head):
        return _(LANDED).format(square=reason[len(head):])
    return reason


def card_name(rules: HasCatalog, seat: str, cid: str) -> str:
    return MESSAGES.card(f"{seat}.{cid}", "name", rules.catalog.cards[seat][cid].name)


def _side(seat: str, aliens: str, humans: str) -> str:
    """One of two whole sentences, by side: the languages word each side differently."""
    return aliens if seat == ALIENS else humans


def narrate(rules: HasCatalog, ev: Event) -> str:
    k, d = ev.kind, ev.data

    def names(seat: str, ids) -> str:
        return ", ".join(card_name(rules, seat, c) for c in ids) or _("nothing")

    texts = {
        "turn": lambda: _("— Turn {n}: bullets fly, the fleet descends —").format(n=d[0]),
        "phase": lambda: (_("Turn {n}: the aliens attack.") if d[1] == ATTACK
                          else _("Turn {n}: the humans defend.")).format(n=d[0]),
        "placed": lambda: _("The humans place the Defender on column {column}.").format(column=d[0]),
        "play": lambda: _side(d[0], _("The aliens play {card}."), _("The humans play {card}.")).format(
            card=card_name(rules, d[0], d[1])),
        "fire": lambda: (
            ngettext("Every ship fires ({n} bullet).", "Every ship fires ({n} bullets).", d[1]) if d[0] == ALIENS
            else ngettext("The outpost fires ({n} bullet).", "The outpost fires ({n} bullets).", d[1])
        ).format(n=d[1]),
        "reinforced": lambda: _("A new ship arrives on the top row, column {column}.").format(column=d[0]),
        "snipe": lambda: _("The ship at {square} fires alone.").format(square=d[0]),
        "ray": lambda: _("The ship at {square} fires a death ray straight down.").format(square=d[0]),
        "ray_stopped": lambda: _("A blue bullet at {square} takes the death ray.").format(square=d[0]),
        "drift": lambda: _("The ship at {square} fires its side thrusters and slides to {to}.").format(
            square=d[0], to=d[1]),
        "moved": lambda: _("The Defender moves to column {column}.").format(column=d[0]),
        "fleet": lambda: (_("The fleet moves right: ships at {squares}.").format(squares=d[0]) if d[0]
                          else _("The fleet moves right: ships at nowhere.")),
        "bullets_collide": lambda: _("Red and blue bullets explode at {square}.").format(square=d[0]),
        "ship_destroyed": lambda: _("A ship explodes at {square}!").format(square=d[0]),
        "shielded": lambda: ngettext("A Deflector Shield stops a red bullet ({n} left).",
                                     "A Deflector Shield stops a red bullet ({n} left).", d[0]).format(n=d[0]),
        "draw": lambda: (
            ngettext("The aliens draw {n} card.", "The aliens draw {n} cards.", d[1]) if d[0] == ALIENS
            else ngettext("The humans draw {n} card.", "The humans draw {n} cards.", d[1])
        ).format(n=d[1]),
        "drew": lambda: _("You drew: {cards}.").format(cards=names(d[0], d[1])),
        "reshuffle": lambda: (
            ngettext("The aliens shuffle their discards into a new deck of {n}.",
                     "The aliens shuffle their discards into a new deck of {n}.", d[1]) if d[0] == ALIENS
            else ngettext("The humans shuffle their discards into a new deck of {n}.",
                          "The humans shuffle their discards into a new deck of {n}.", d[1])
        ).format(n=d[1]),
        "must_discard": lambda: (
            ngettext("The aliens must discard {n} card.", "The aliens must discard {n} cards.", d[1])
            if d[0] == ALIENS
            else ngettext("The humans must discard {n} card.", "The humans must discard {n} cards.", d[1])
        ).format(n=d[1]),
        "discard": lambda: _side(d[0], _("The aliens discard {cards}."), _("The humans discard {cards}.")).format(
            cards=names(d[0], [d[1]])),
        "win": lambda: _side(d[0], _("The aliens win: {reason}."), _("The humans win: {reason}.")).format(
            reason=reason_text(d[1])),
    }
    return texts[k]() if k in texts else f"{k} {d}"


def invariants(st: InvadersState) -> list[str]:
    """Every rule about where things may be; the self-play tests check these after each move."""
    bad: list[str] = []
    for s in SEATS:
        held = Counter(st.decks[s]) + Counter(st.hands[s]) + Counter(st.discards[s])
        if s == HUMANS:
            held += Counter(st.shields)
        if held != Counter({k: n for k, n in st.composition[s].items() if n}):
            bad.append(f"{s}: cards {dict(held)} != deck list {st.composition[s]}")
    top = st.width * (st.height + 1)
    if len(set(st.ships)) != len(st.ships):
        bad.append("two ships share a square")
    landed = st.winner == ALIENS and st.phase == OVER
    for sq in st.ships:
        if not (st.width <= sq < top or (landed and 0 <= sq < st.width)):
            bad.append(f"ship off the space rows at {sq}")
    reds = st.red + (st.fresh if st.phase == ATTACK else [])
    blues = st.blue + (st.fresh if st.phase != ATTACK else [])
    for sq in reds:
        if not st.width <= sq < top:
            bad.append(f"red bullet outside space at {sq}")
    for sq in blues:
        if not 0 <= sq < top:
            bad.append(f"blue bullet off the board at {sq}")
        if sq in st.ships:
            bad.append(f"blue bullet resting on a ship at {square_name(st, sq)}")
        if sq in reds:
            bad.append(f"red and blue bullets share {square_name(st, sq)}")
    if st.phase != "place" and not 0 <= st.defender < st.width:
        bad.append("the Defender is off the lunar row")
    if (st.winner is None) != (st.phase != OVER):
        bad.append("winner and phase disagree")
    return bad
