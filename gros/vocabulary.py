"""The effect vocabulary's register: every kind a card may name, what fields it takes, which
targets it works on, and the checks a card's TOML passes when it is loaded.

Two families of kinds (``gros.effects`` describes what each does):

- passive effects work while their card is in play and are read when strengths are summed
  (``strength``, ``props``, ``allies``, ``chooses_victim``, ``untargetable``); they are small
  enough to live here, beside the register, so that ``gros.strength`` reads them without
  importing the action kinds (which themselves change strengths);
- action effects (``gros.effects``) run when an SFX resolves, an ability is used or a Creature
  is played as an SFX; they register here with the same ``effect`` decorator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common.cards import CardDataError
from gros.cardtypes import Action, Effect
from gros.state import Attack

OPS: dict[str, Callable[[int, int], int]] = {
    "add": lambda v, x: v + x, "multiply": lambda v, x: v * x, "set": lambda v, x: x}

WHEN_KEYS: dict[str, type] = {
    "attack": bool, "attack_trait": str, "attack_not_trait": str, "location_trait": str,
    "no_location": bool, "alone": bool, "defending": bool, "attacking": bool, "target_trait": str,
}


@dataclass(frozen=True)
class Kind:
    name: str
    family: str  # "passive" or "action"
    fields: dict[str, type]  # required fields
    optional: dict[str, type]
    targets: tuple[str, ...]  # action targets it works on
    attack_targets: tuple[str, ...]  # targets on which it needs an attack in progress
    fn: Callable[..., Any]
    doc: str


REGISTRY: dict[str, Kind] = {}


def effect(name: str, family: str, *, fields: dict[str, type] | None = None,
           optional: dict[str, type] | None = None, targets: tuple[str, ...] = ("none",),
           attack_targets: tuple[str, ...] = ()) -> Callable:
    """Register the function of one effect kind under ``name``."""

    def deco(fn: Callable) -> Callable:
        REGISTRY[name] = Kind(name, family, fields or {}, {"when": dict, **(optional or {})}, targets,
                              attack_targets, fn, (fn.__doc__ or "").strip())
        return fn

    return deco


# -- validation --------------------------------------------------------------------------------

def validate_when(card: str, when: Any, where: str) -> tuple[tuple[str, Any], ...]:
    if not isinstance(when, dict):
        raise CardDataError(f"{where}: card {card!r}: field 'when': must be a table of conditions")
    for key, value in when.items():
        if key not in WHEN_KEYS:
            raise CardDataError(f"{where}: card {card!r}: field 'when': unknown condition {key!r} "
                                f"(conditions: {', '.join(WHEN_KEYS)})")
        if not isinstance(value, WHEN_KEYS[key]):
            raise CardDataError(f"{where}: card {card!r}: field 'when': {key!r} has the wrong type ({value!r})")
    return tuple(sorted(when.items()))


def validate_effect(card: str, raw: dict[str, Any], where: str, family: str) -> None:
    kind = REGISTRY.get(raw["kind"])
    wanted = "passive" if family == "passive" else "action"
    if kind is None or kind.family != wanted:
        names = ", ".join(k for k, v in REGISTRY.items() if v.family == wanted)
        raise CardDataError(f"{where}: card {card!r}: field '{family}': {raw['kind']!r} is not a "
                            f"{wanted} effect (choose from {names})")
    for key, typ in kind.fields.items():
        if key not in raw:
            raise CardDataError(f"{where}: card {card!r}: effect {kind.name!r}: missing field {key!r}")
        if not isinstance(raw[key], typ) or isinstance(raw[key], bool) and typ is int:
            raise CardDataError(f"{where}: card {card!r}: effect {kind.name!r}: field {key!r} has the wrong type")
    for key, value in raw.items():
        if key == "kind" or key in kind.fields:
            continue
        if key not in kind.optional:
            raise CardDataError(f"{where}: card {card!r}: effect {kind.name!r}: unknown field {key!r}")
        if not isinstance(value, kind.optional[key]):
            raise CardDataError(f"{where}: card {card!r}: effect {kind.name!r}: field {key!r} has the wrong type")
    if "when" in raw:
        validate_when(card, raw["when"], where)
    if raw.get("who", "owner") not in ("owner", "attacker"):
        raise CardDataError(f"{where}: card {card!r}: effect {kind.name!r}: field 'who' is owner or attacker")
    if raw["kind"] in ("strength", "props") and raw.get("op", "add") not in OPS:
        raise CardDataError(f"{where}: card {card!r}: effect {raw['kind']!r}: field 'op' is add, multiply or set")


def validate_action(card: str, action: Action, where: str) -> None:
    for e in action.effects:
        kind = REGISTRY[e.kind]
        if action.target not in kind.targets and not (e.kind == "discard" and e.get("self")):
            raise CardDataError(f"{where}: card {card!r}: effect {e.kind!r} cannot act on target "
                                f"{action.target!r} (it works on {', '.join(kind.targets)})")
        if e.kind == "fetch" and not action.take:
            raise CardDataError(f"{where}: card {card!r}: effect 'fetch' needs the card's 'take' field")
        wanted = {"character": "prop", "movie": "location"}.get(action.target)
        if e.kind == "fetch" and e.get("to", "target") == "target" and wanted and action.take != wanted:
            raise CardDataError(f"{where}: card {card!r}: field 'take': a fetch onto a {action.target} "
                                f"takes a {wanted}")

        if e.kind in ("add", "grant") and action.target in ("character", "location") and not action.permanent:
            raise CardDataError(f"{where}: card {card!r}: effect {e.kind!r} on a {action.target} "
                                "must be permanent (the card is slid under it)")


def needs_attack(action: Action) -> bool:
    """True when the card can only be played while an attack is in progress."""
    if dict(action.when).get("attack"):
        return True
    return any(action.target in REGISTRY[e.kind].attack_targets for e in action.effects)


# -- passive kinds -----------------------------------------------------------------------------

@effect("strength", "passive", fields={"value": int}, optional={"op": str})
def _strength(e: Effect, v: int) -> int:
    """This card's own strength: add to it, multiply it or set it, when the condition holds."""
    return OPS[e.get("op", "add")](v, e.get("value"))


@effect("props", "passive", fields={"value": int}, optional={"op": str})
def _props(e: Effect, v: int) -> int:
    """Each Prop this Character holds is worth more (op multiply) or less."""
    return OPS[e.get("op", "multiply")](v, e.get("value"))


@effect("allies", "passive", fields={"value": int})
def _allies(e: Effect, others: int) -> int:
    """Every other Character in this Movie gets this much Defence."""
    return e.get("value") * others


@effect("chooses_victim", "passive", optional={"who": str})
def _chooses_victim(e: Effect, a: Attack, owner: int) -> int:
    """When this Movie is successfully attacked, its owner picks the victim (who = owner)."""
    return owner if e.get("who", "owner") == "owner" else a.attacker


@effect("untargetable", "passive")
def _untargetable(e: Effect) -> bool:
    """This Character cannot be picked as a victim while the condition holds."""
    return True
