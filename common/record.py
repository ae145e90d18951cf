r"""Records: one text format for saved games, batch input and regression scenarios.

    # comments run to the end of a line
    game invaders              which game; checked against the game running it
    variant standard           rules variant
    cards 1a2b3c4d SKETCH      checksum of the cards in the record's decks (optional in
                               hand-written scenarios; ``GAME run --restamp FILE`` renews it),
                               then, optionally, which cards they were (``common.stamps``)
    seed 42
    deal 5e6f7a8b              the record relies on what this seed deals (a digest of it): a
                               reshuffle (a card added to the deck) is reported as such
    seats aliens=random humans=human
    option width 7             any number of game options
    setup hand humans: fire, shield      scenario set-up, handed to the game's rules
    humans: place d            a move: SEAT: MOVE, in the game's notation
    expect ships: b6 d6 f6     assert a public fact after the moves so far
    expect illegal aliens: maneuver 2 left -> no distance
                               assert a move is refused (optionally, with these words)
    expect legal humans: fire  assert a move is legal now, without playing it
    result aliens              written at the end of a finished game (checked if present)

``\#`` writes a ``#`` that does not start a comment (``title We're \#1: ...``).
A record never holds a control character or an escape code, and one read back is cleaned of
them (``common.safetext``): its free text is someone's, and ``run`` prints it.
A record holds one game: one rules variant, one set of options, all before the first move
(to check a rule under both variants, write two records).

The reader is strict: the first line that is not a record line stops the run with
``file:line: what was expected``. A move the rules refuse is not bad input but a failure
(``common.batch``), reported at its line like a failed ``expect``. Loading a saved game to
go on with it is forgiving instead (``parse_record(..., forgiving=True)``): a torn or
hand-edited line after the first move ends the body there, and ``Record.unread`` says why,
so that one bad last line does not cost the whole game (STYLE.md, section 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from common import _
from common.safetext import clean

HEADER_KEYS = ("game", "variant", "cards", "seed", "deal", "seats", "option")


class RecordError(Exception):
    """A record cannot be read or replayed; the message starts with ``file:line:``."""


@dataclass(slots=True)
class Line:
    """One body line: kind is 'move', 'expect', 'illegal', 'legal' or 'result'; a table's
    own record may hold a 'note' (a hint asked), written as a comment."""

    lineno: int
    kind: str
    seat: str = ""
    text: str = ""
    key: str = ""


@dataclass
class Record:
    game: str = ""
    variant: str = "standard"
    seed: int = 0
    cards: str | None = None
    sketch: str | None = None  # which cards the stamp was made with (common.stamps), after its checksum
    deal: str | None = None  # the digest of the seed's deal, when the record relies on it
    seats: dict[str, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    setup: list[tuple[int, str]] = field(default_factory=list)
    body: list[Line] = field(default_factory=list)
    path: str = "<record>"
    unread: str | None = None  # forgiving reads: why the body stopped early (``file:line: ...``)

    def where(self, lineno: int) -> str:
        return f"{self.path}:{lineno}"

    def moves(self) -> list[tuple[str, str]]:
        return [(ln.seat, ln.text) for ln in self.body if ln.kind == "move"]


def _strip(line: str) -> str:
    """The line without its comment; ``\\#`` is a literal ``#``."""
    if "#" not in line:
        return line.strip()
    out, k = [], 0
    while k < len(line):
        c = line[k]
        if c == "\\" and line[k + 1:k + 2] == "#":
            out.append("#")
            k += 2
            continue
        if c == "#":
            break
        out.append(c)
        k += 1
    return "".join(out).strip()


def escape(text: str) -> str:
    """Text as a record line writes it: a ``#`` in it must not start a comment, and no
    escape code or line break can ride in it (a record is printed again by ``run``)."""
    return (text if text.isprintable() else clean(text)).replace("#", "\\#")


def parse_record(text: str, path: str = "<record>", *, forgiving: bool = False) -> Record:
    """The record in ``text``. Strict, the first bad line raises RecordError; ``forgiving``,
    a bad line after the first move ends the body instead (``Record.unread`` says why)."""
    rec = Record(path=path)
    seen_move = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        try:
            seen_move = _read_line(rec, raw, lineno, path, seen_move)
        except RecordError as exc:
            if not (forgiving and seen_move):
                raise
            rec.unread = str(exc)
            break
    if not rec.game:
        raise RecordError(_("{where}: the record names no game (a 'game NAME' line)").format(
            where=f"{path}:1"))
    return rec


def _read_line(rec: Record, raw: str, lineno: int, path: str, seen_move: bool) -> bool:
    """Add one line to ``rec``; whether a move or expectation has been seen, after it."""
    line = _strip(raw)
    if not line.isprintable():  # someone's text read back: never an escape code (safetext)
        line = clean(line)
    if not line:
        return seen_move
    word, _sep, rest = line.partition(" ")
    rest = rest.strip()
    where = f"{path}:{lineno}"
    if word == "expect":
        key, sep, value = rest.partition(":")
        if not sep or not key.strip():
            raise RecordError(_("{where}: an expectation reads 'expect KEY: VALUE'").format(
                where=where))
        key = key.strip()
        if key.startswith("illegal "):
            seat = key.removeprefix("illegal ").strip()
            move, _sep, words = value.partition("->")
            rec.body.append(Line(lineno, "illegal", seat, move.strip(), words.strip()))
        elif key.startswith("legal "):
            seat = key.removeprefix("legal ").strip()
            if not value.strip():
                raise RecordError(_("{where}: 'expect legal SEAT: MOVE' names a "
                                    "move").format(where=where))
            rec.body.append(Line(lineno, "legal", seat, value.strip()))
        else:
            rec.body.append(Line(lineno, "expect", key=key, text=value.strip()))
        seen_move = True
    elif word == "result":
        rec.body.append(Line(lineno, "result", text=rest))
    elif word == "setup":
        if seen_move:
            raise RecordError(_("{where}: setup lines go before the first move").format(
                where=where))
        rec.setup.append((lineno, rest))
    elif word in HEADER_KEYS and ":" not in word:
        if seen_move:
            raise RecordError(_("{where}: header line {word} after the first move").format(
                where=where, word=repr(word)))
        _header(rec, word, rest, where)
    elif ":" in line:
        seat, _sep, move = line.partition(":")
        seat, move = seat.strip(), move.strip()
        if not seat or " " in seat or not move:
            raise RecordError(_("{where}: expected 'SEAT: MOVE', got {line}").format(
                where=where, line=repr(line)))
        rec.body.append(Line(lineno, "move", seat, move))
        seen_move = True
    else:
        raise RecordError(_("{where}: expected a header line ({keys}), 'setup', 'SEAT: MOVE' "
                            "or 'expect KEY: VALUE', got {line}").format(
            where=where, keys=", ".join(HEADER_KEYS), line=repr(line)))
    return seen_move


def _header(rec: Record, key: str, value: str, where: str) -> None:
    if not value:
        raise RecordError(_("{where}: {key} needs a value").format(where=where, key=repr(key)))
    if key == "game":
        rec.game = value
    elif key == "variant":
        rec.variant = value
    elif key == "cards":
        rec.cards, _sep, sketch = value.partition(" ")
        rec.sketch = sketch.strip() or None
    elif key == "deal":
        rec.deal = value
    elif key == "seed":
        try:
            rec.seed = int(value)
        except ValueError:
            raise RecordError(_("{where}: the seed must be a whole number, not {value}").format(
                where=where, value=repr(value))) from None
    elif key == "seats":
        for part in value.split():
            seat, _sep, kind = part.partition("=")
            rec.seats[seat] = kind or "human"
    elif key == "option":
        name, _sep, val = value.partition(" ")
        if not val.strip():
            raise RecordError(_("{where}: an option reads 'option NAME VALUE'").format(
                where=where))
        rec.options[name] = val.strip()


def format_record(rec: Record, result: str | None = None) -> str:
    """The text of a record (header, setup, moves); ``result`` adds the closing line."""
    out = [f"game {rec.game}", f"variant {rec.variant}"]
    if rec.cards:
        out.append(f"cards {rec.cards}" + (f" {rec.sketch}" if rec.sketch else ""))
    out.append(f"seed {rec.seed}")
    if rec.deal:
        out.append(f"deal {rec.deal}")
    if rec.seats:
        out.append("seats " + " ".join(f"{s}={k}" for s, k in rec.seats.items()))
    out += [f"option {k} {v}" for k, v in rec.options.items()]
    out += [f"setup {escape(d)}" for _line, d in rec.setup]
    for ln in rec.body:
        if ln.kind == "move":
            out.append(f"{ln.seat}: {escape(ln.text)}")
        elif ln.kind == "expect":
            out.append(f"expect {ln.key}: {escape(ln.text)}")
        elif ln.kind == "illegal":
            out.append(f"expect illegal {ln.seat}: {escape(ln.text)}" + (f" -> {escape(ln.key)}" if ln.key else ""))
        elif ln.kind == "legal":
            out.append(f"expect legal {ln.seat}: {escape(ln.text)}")
        elif ln.kind == "note":  # a comment: read back, it is skipped like any other
            out.append(f"# {escape(ln.text)} {ln.seat}")
    if result:
        out.append(f"result {result}")
    return "\n".join(out) + "\n"


def reference(rules) -> str:
    """The Markdown list of a game's record ``setup`` directives and ``expect`` facts, built
    from ``rules.record_help()`` (``GAME rules --all`` ends with it)."""
    setups, facts = rules.record_help()
    out = [f"## Records of {rules.title}: set-up directives and facts", "",
           "Generated from the code. A record holds one game: one rules variant (its `variant` "
           "line) and one set of options, all before the first move; to check a rule under two "
           "variants, write two records. `#` starts a comment; write `\\#` for a `#` in free text.",
           "", "Lines: `SEAT: MOVE`; `expect FACT: VALUE`; `expect illegal SEAT: MOVE -> words of the "
           "refusal`; `expect legal SEAT: MOVE` (listed by the legal moves now, or matched by a template "
           "there for free text; not played); `result WINNERS`. A fact below that does not "
           "apply now (no attack on, a score before the end) reads `none`. "
           "`GAME run FILE` exits 0 when all hold, 1 on a failed `expect` or a move the rules "
           "refused (a FAIL at its line), 2 on text that is not a record.", ""]
    def cell(text: str) -> str:  # a '|' would end the table cell
        return text.replace("|", "\\|")

    if setups:
        out += ["| setup line | example | what it does |", "|---|---|---|"]
        out += [f"| `setup {cell(syntax)}` | `setup {cell(example)}` | {cell(meaning)} |"
                for syntax, example, meaning in setups]
    else:
        out.append(f"{rules.title} records take no `setup` lines.")
    out += ["", "| fact | what it is |", "|---|---|"]
    out += [f"| `{name}` | {cell(meaning)} |" for name, meaning in facts]
    return "\n".join(out) + "\n"
