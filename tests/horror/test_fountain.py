"""The Fountain screenplay parses as a screenplay, by a small reader of the format's rules
(fountain.io/syntax) written here: a title page of 'Key: value' lines; scene headings (a line
starting INT., EXT., EST., INT./EXT. or I/E, or forced with '.'); a character cue (a line in
capitals, or forced with '@', after a blank line and followed by dialogue); dialogue (the lines
under a cue, parentheticals in brackets); transitions (capitals ending in 'TO:', or forced
with '>'); centred text ('> ... <'); sections ('#'); notes ('[[...]]'); and action, everything
else ('!' forces it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from common.batch import read_record, replay
from horror import screenplay
from horror.rules import RULES
from tests.horror.test_front import ENV, finished_table

RECORDS = Path(__file__).parent.parent / "records" / "horror"
HEADING = re.compile(r"^(?:INT|EXT|EST|INT\./EXT|INT/EXT|I/E)[. ]", re.IGNORECASE)


def parse_fountain(text: str) -> list[tuple[str, str]]:
    """(element type, text) for each element of a Fountain document."""
    lines = text.split("\n")
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(lines) and re.match(r"^[A-Za-z][A-Za-z ]*:", lines[i]):  # the title page
        key, _, value = lines[i].partition(":")
        out.append(("title:" + key.strip().lower(), value.strip()))
        i += 1
    paragraphs: list[list[str]] = []
    block: list[str] = []
    for line in lines[i:]:
        if line.strip():
            block.append(line)
        elif block:
            paragraphs.append(block)
            block = []
    if block:
        paragraphs.append(block)
    for para in paragraphs:
        first = para[0].strip()
        if first.startswith("!"):
            out.append(("action", "\n".join([first[1:], *para[1:]])))
        elif first.startswith("[[") and first.endswith("]]"):
            out.append(("note", first[2:-2]))
        elif first.startswith("#"):
            out.append(("section", first.lstrip("#").strip()))
        elif first.startswith(">") and first.endswith("<"):
            out.append(("centered", first[1:-1].strip()))
        elif first.startswith(">") or (first.isupper() and first.endswith("TO:") and len(para) == 1):
            out.append(("transition", first.lstrip(">").strip()))
        elif (HEADING.match(first) or (first.startswith(".") and not first.startswith(".."))) and len(para) == 1:
            out.append(("heading", first.lstrip(".")))
        elif len(para) > 1 and (first.startswith("@") or (re.search(r"[A-Z]", first) and first == first.upper())):
            out.append(("character", first.lstrip("@")))
            for line in para[1:]:
                kind = "parenthetical" if line.strip().startswith("(") and line.strip().endswith(")") else "dialogue"
                out.append((kind, line.strip()))
        else:
            out.append(("action", "\n".join(para)))
    return out


def test_a_bot_film_in_fountain_parses_as_a_screenplay():
    table = finished_table(4)
    st = table.state
    view = RULES.view(st, None)
    doc = parse_fountain(screenplay.fountain(view))
    kinds = [k for k, _ in doc]
    assert ("title:title", st.title) in doc
    headings = [t for k, t in doc if k == "heading"]
    sets = {el.name.upper().removeprefix("THE ") for el in st.elements.values() if el.kind == "set"}
    assert headings and all(h.split(". ", 1)[1].rsplit(" - ", 1)[0] in sets for h in headings)
    assert kinds.count("section") >= 4  # three acts, the climax (and the cast)
    assert ("centered", "THE END") in doc
    assert "transition" in kinds
    # nothing that is not dialogue is read as a character cue
    assert "character" not in kinds or all(k == "character" for k, _ in doc if k == "character")


def test_dialogue_comes_out_under_the_characters_name():
    table = replay(RULES, read_record(RECORDS / "story.rec")).table
    doc = parse_fountain(screenplay.fountain(table.view("bob")))
    pairs = [(doc[i][1], doc[i + 1][1]) for i in range(len(doc) - 1)
             if doc[i][0] == "character" and doc[i + 1][0] == "dialogue"]
    assert pairs == [("THE LIGHTHOUSE KEEPER", "Nobody goes down to the cove after dark."),
                     ("YOUNG TOM", "Then why is the boat gone?")]
    assert ("heading", "INT. LAMP ROOM - DUSK") in doc
    actions = [t for k, t in doc if k == "action"]
    assert "The lamp turns. Far below, something answers the light." in actions
    assert not [t for k, t in doc if k == "character" and t not in {"THE LIGHTHOUSE KEEPER", "YOUNG TOM"}]


def test_text_that_looks_like_fountain_syntax_stays_action():
    """Narration that begins like a heading or ends like a transition is forced to action."""
    view = {"title": "T", "seats": ["a"], "setting": "s", "monster": "M", "abilities": [], "trigger": "t",
            "elements": [], "gone": [], "phase": "scene", "rulings": [], "earned": {"a": 0},
            "log": [("scene", 1, 1, "a", 1), ("say", "a", "INT. nothing: it is a line"),
                    ("say", "a", "SMASH CUT TO:"), ("say", "a", "# not a section"), ("say", "a", "AAARGH")]}
    doc = parse_fountain(screenplay.fountain(view))
    assert [t for k, t in doc if k == "action"] == ["INT. nothing: it is a line.", "SMASH CUT TO:",
                                                   "# not a section.", "AAARGH."]


def test_the_command_writes_fountain(tmp_path):
    out = tmp_path / "film.fountain"
    done = subprocess.run([sys.executable, "-m", "horror", "screenplay", str(RECORDS / "story.rec"),
                           "--format", "fountain", "-o", str(out)], capture_output=True, text=True, env=ENV,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert ("character", "YOUNG TOM") in parse_fountain(out.read_text())
