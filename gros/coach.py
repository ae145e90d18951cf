"""The coach's words for a Grave Robbers move (``common.coach``'s ``coach_reason`` hook, read
from gros.render): what the seat can see that makes the move good, from its view only."""

from __future__ import annotations

import re
from typing import Any

from gros import _, ngettext
from gros.lang import card_name, cards

ATTACK = re.compile(r"attack (\S+) with (\S+)$")


def _movie(view: dict[str, Any], seat: str) -> dict[str, Any] | None:
    return next((m for m in view.get("movies", []) if m.get("seat") == seat), None)


def coach_reason(view: dict[str, Any], seat: str, move: str) -> str | None:
    """'attack amanda with The Blob: Attack 9 against her Defence 7; she holds 2 cards', or
    for the credits the score that would stand; None when a move needs no words of ours."""
    hit = ATTACK.match(move)
    if hit:
        target, creature = hit.groups()
        movie, card = _movie(view, target), cards().get(creature)
        if movie is None or card is None:
            return None
        held = view.get("hand_sizes", {}).get(target, 0)
        return _("{creature}: Attack {attack} against {target}'s Defence {defence}; {held}").format(
            creature=card_name(creature), attack=card.strength, target=target,
            defence=movie.get("defence", 0),
            held=ngettext("{target} holds {n} card", "{target} holds {n} cards", held).format(
                target=target, n=held))
    kind = (view.get("decision") or {}).get("kind")
    stack = view.get("stack") or []
    if kind in ("stop", "anytime") and stack and move.startswith("play ") and stack[-1]["card"] in move.split():
        top = stack[-1]
        return _("{card} ({player}) is stopped before it takes effect").format(
            card=card_name(top["card"]), player=top["seat"])
    attack = view.get("attack")
    if kind == "respond" and attack:
        stands = _("it succeeds") if attack["value"] >= attack["defence"] else _("it fails")
        return _("the attack of {creature}: Attack {attack} against {target}'s Defence {defence}; "
                 "as it stands, {stands}").format(
            creature=card_name(attack["creature"]), attack=attack["value"], target=attack["target"],
            defence=attack["defence"], stands=stands)
    if move.startswith("play roll-the-credits"):
        scores = {m["seat"]: m.get("score", 0) for m in view.get("movies", [])}
        rivals = {s: v for s, v in scores.items() if s != seat}
        if not rivals or seat not in scores:
            return None
        leader = max(rivals, key=lambda s: rivals[s])
        return _("the game ends with your Movie at {mine} against {leader}'s {theirs}").format(
            mine=scores[seat], leader=leader, theirs=rivals[leader])
    return None
