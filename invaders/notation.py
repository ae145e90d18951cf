"""The Invaders move language, used by the REPL, records, the wire protocol and logs.

    place d            the humans put the Defender on column d of the lunar row (also: place d1)
    fire               play a Fire! card
    maneuver           the aliens' Maneuver (the whole fleet steps right)
    maneuver 2 left    the humans' Maneuver 2, Defender two squares left (also: left 2)
    reinforce c        a new ship on column c of the top row ("reinforce" alone if it is full;
                       "reinforce c7" names the top row too)
    shield             put a Deflector Shield into play
    spread             the humans' Spread Shot (three bullets side by side)
    snipe b6           the aliens' Lone Gunner: the ship at b6 fires
    drift b6 left      the aliens' Side Thrusters: the ship at b6 steps one square left
    end                end your phase
    discard fire       discard a card (down to the hand limit at the end of a phase)
"""

from __future__ import annotations

from common.engine import Move, NotationError

_ALIASES = {
    "f": "fire", "fuoco": "fire", "fuoco!": "fire", "fire!": "fire",
    "m": "maneuver", "manovra": "maneuver", "move": "maneuver",
    "r": "reinforce", "reinforcements": "reinforce", "rinforzi": "reinforce",
    "s": "shield", "deflector": "shield", "scudo": "shield",
    "e": "end", "pass": "end", "done": "end", "p": "place", "d": "discard",
    "gunner": "snipe", "shoot": "snipe", "thrusters": "drift", "thrust": "drift",
}
_CARD_ALIASES = {"reinforce": "reinforcements", "deflectorshield": "shield", "fire!": "fire",
                 "lonegunner": "gunner", "sidethrusters": "thrusters", "spreadshot": "spread"}
_DIRS = {"left": -1, "l": -1, "right": 1, "r": 1}

HELP = __doc__ or ""


def column(word: str) -> int:
    word = word.strip().lower()
    if not word or not ("a" <= word[0] <= "z") or (word[1:] and not word[1:].isdigit()):
        raise NotationError(f"{word!r} is not a column (a letter, e.g. d)")
    return ord(word[0]) - 97


def row(word: str) -> int | None:
    """The row a square like 'b7' names, None for a bare column: kept so that a wrong row is
    refused rather than silently dropped."""
    digits = word.strip()[1:]
    return int(digits) if digits else None


def place(word: str) -> Move:
    """The Defender's square: only the lunar row, row 1, whatever the board's size."""
    col, at = column(word), row(word)
    if at not in (None, 1):
        raise NotationError(f"the Defender stands on the lunar row, row 1, not row {at}")
    return ("place", col)


def reinforce(word: str) -> Move:
    """A top-row square; the row is checked by the rules, which know the board's height."""
    col, at = column(word), row(word)
    return ("reinforce", col) if at is None else ("reinforce", col, at)


def square(word: str) -> str:
    """A whole square like 'b6' (the rules check that a ship is there)."""
    column(word)
    if row(word) is None:
        raise NotationError(f"{word!r} is not a square: name its column and row, e.g. b6")
    return word.strip().lower()


def card_id(words: list[str]) -> str:
    key = "".join(words).lower()
    return _CARD_ALIASES.get(key, key)


def parse(text: str) -> Move:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise NotationError("empty move")
    verb = _ALIASES.get(words[0], words[0])
    rest = words[1:]
    if verb in ("left", "right") and len(rest) == 1 and rest[0].isdigit():
        return ("maneuver", int(rest[0]), _DIRS[verb])
    if verb in ("fire", "shield", "end", "spread") and not rest:
        return (verb,)
    if verb == "maneuver":
        if not rest:
            return ("maneuver",)
        if len(rest) == 2 and rest[0].isdigit() and rest[1] in _DIRS:
            return ("maneuver", int(rest[0]), _DIRS[rest[1]])
        raise NotationError("a Maneuver is 'maneuver' (aliens) or 'maneuver N left|right' (humans)")
    if verb == "place" and len(rest) == 1:
        return place(rest[0])
    if verb == "reinforce" and len(rest) <= 1:
        return reinforce(rest[0]) if rest else ("reinforce", -1)
    if verb == "snipe" and len(rest) == 1:
        return ("snipe", square(rest[0]))
    if verb == "drift" and len(rest) == 2 and rest[1] in _DIRS:
        return ("drift", square(rest[0]), _DIRS[rest[1]])
    if verb in ("snipe", "drift"):
        raise NotationError("a Lone Gunner is 'snipe SQUARE', Side Thrusters 'drift SQUARE left|right'")
    if verb == "discard" and rest:
        return ("discard", card_id(rest))
    raise NotationError(f"{text.strip()!r} is not a move; try 'help moves'")


def format_move(move: Move) -> str:
    verb = move[0]
    if verb == "place":
        return f"place {chr(97 + move[1])}"
    if verb == "reinforce":
        return "reinforce" if move[1] < 0 else f"reinforce {chr(97 + move[1])}"
    if verb == "maneuver" and len(move) == 3:
        return f"maneuver {move[1]} {'left' if move[2] < 0 else 'right'}"
    if verb == "snipe":
        return f"snipe {move[1]}"
    if verb == "drift":
        return f"drift {move[1]} {'left' if move[2] < 0 else 'right'}"
    if verb == "discard":
        card = move[1]
        return f"discard {card[:-1]} {card[-1]}" if card[-1].isdigit() else f"discard {card}"
    return verb
