"""``GAME run --restamp FILE…``: after a deliberate change to the cards, renew each record's
stamps in place (its comments and lines kept), say what changed, by card name where the old
stamp's sketch can tell (``common.stamps``), then replay the record as ``run`` does: one that
relied on the old deal shows at once whether its moves still fit."""

from __future__ import annotations

import re
from collections.abc import Callable

from common import _
from common.batch import open_table, read_record, run_files
from common.engine import Rules
from common.record import Record, RecordError
from common.stamps import Changes, card_sketch, changes, deal_digest

# a record's own words that may name a card it uses (ids, SEAT.ID): a removed card is named by them
_WORD = re.compile(r"[a-z0-9][a-z0-9.\-]*")


def restamp(rules: Rules, rec: Record) -> list[tuple[str, str, str]]:
    """The record's ``cards`` and ``deal`` stamps as the game makes them now: (key, old, new)
    for each that changed; the ``cards`` value holds the checksum and the sketch (a sketch the
    old stamp lacked is added; a ``deal`` the record does not carry is not)."""
    open_table(rules, rec, check_cards=False)  # bad options and setup lines fail here
    full = {**rec.options, "variant": rec.variant}
    stamp = rules.card_checksum(full)
    sketch = card_sketch(rules, full, stamp)
    cards = f"{stamp} {sketch}" if sketch else stamp
    old_cards = f"{rec.cards} {rec.sketch}" if rec.sketch else rec.cards or ""
    now = {"cards": cards, "deal": deal_digest(rules, rules.setup(full, rec.seed)) if rec.deal else ""}
    return [(key, old, now[key]) for key, old in (("cards", old_cards), ("deal", rec.deal or ""))
            if old and old != now[key]]


def _known(rec: Record) -> tuple[str, ...]:
    """Every word of the record's setup and moves that could be a card's id."""
    words = {w for _line, text in rec.setup for w in _WORD.findall(text.lower())}
    words |= {w for ln in rec.body for w in _WORD.findall(ln.text.lower())}
    seats = {f"{seat}.{w}" for seat in rec.seats for w in words}  # Invaders' SEAT.ID
    return tuple(sorted(words | seats))


def which_cards(rules: Rules, rec: Record) -> str:
    """The cards that changed since the record's stamp, by name, as one clause."""
    if not rec.sketch:
        return _("the cards in its decks changed; the old stamp does not say which")
    parts = rules.card_parts({**rec.options, "variant": rec.variant})
    found = changes(rec.sketch, {cid: data for cid, (_name, data) in parts.items()}, _known(rec))
    if found is None:
        return _("more cards in its decks changed than the old stamp can name")
    if not found:
        return _("no card's own data changed (the decks or their settings did)")
    return _told(found, {cid: name for cid, (name, _data) in parts.items()})


def _told(found: Changes, names: dict[str, str]) -> str:
    def named(ids: list[str]) -> str:
        return ", ".join(f"{names[i]} ({i})" if i in names else i for i in ids)

    out = []
    if found.changed:
        out.append(_("changed: {cards}").format(cards=named(found.changed)))
    if found.added:
        out.append(_("added: {cards}").format(cards=named(found.added)))
    if found.removed:
        out.append(_("removed: {cards}").format(cards=named(found.removed)))
    return "; ".join(out)


def _renewed(text: str, key: str, old: str, new: str) -> str:
    """The record's text with its ``key`` line's value ``old`` (a checksum, and any sketch
    after it) made ``new``; a comment after it stays."""
    first = re.escape(old.split(" ")[0])
    line = re.compile(rf"(?m)^(\s*{key}\s+){first}(?:[ \t]+[A-Za-z0-9_-]+)?(?=[ \t]*(?:#|$))")
    return line.sub(lambda m: m.group(1) + new, text, count=1)


def restamp_files(rules: Rules, paths: list[str], echo: Callable[[str], None]) -> int:
    """Renew each record's stamps, say what changed, replay it (exit code as ``run``'s)."""
    code = 0
    for path in paths:
        try:
            rec = read_record(path)
            stamps = restamp(rules, rec)
            if stamps:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
                for key, old, new in stamps:
                    text = _renewed(text, key, old, new)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
        except RecordError as exc:
            echo(_("error: {message}").format(message=exc))
            code = 2
            continue
        except OSError as exc:
            echo(_("error: {message}").format(message=_("{path}: cannot write: {reason}").format(
                path=path, reason=exc.strerror or exc)))
            code = 2
            continue
        for key, old, new in stamps:
            old_sum, new_sum = old.split(" ")[0], new.split(" ")[0]
            if key == "cards" and old_sum == new_sum:
                echo(_("{path}: cards {old}: the stamp now says which cards they are").format(
                    path=path, old=old_sum))
            elif key == "cards":
                echo(_("{path}: cards {old} -> {new} ({which})").format(
                    path=path, old=old_sum, new=new_sum, which=which_cards(rules, rec)))
            else:
                echo(_("{path}: deal {old} -> {new} (seed {seed} deals differently now; the record "
                       "relies on its deal)").format(path=path, old=old, new=new, seed=rec.seed))
        if not stamps:
            echo(_("{path}: its stamps are up to date").format(path=path))
        code = max(code, run_files(rules, [path], echo))
    return code
