"""Text from another person never drives a terminal (issue 20): a gros title with CSI colours
and blink, OSC 52 (a clipboard write), OSC 8 (a hidden link), a bare CR and U+202E reached every
other player's and spectator's screen raw, and was stored raw in the record, so that ``run``
and ``replay`` printed it again. One rule (``common.safetext``) now holds where text enters
(the move's parse, the host's chat and names, a record read back) and where it is shown."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from common.safetext import clean, markup, strip_controls, tree
from tests.common.netkit import ROOT, Wire, start_host

# the attack: blink and red, a clipboard write, a hidden link, a CR that returns to the line's
# start, a right-to-left override, C1 CSI, DEL, NEL and a bidi isolate
ATTACK = ("\x1b[5;31mNight\x1b[0m \x1b]52;c;cHduZWQ=\x07of the \x1b]8;;http://evil.example/\x1b\\{word}"
          "\x1b]8;;\x1b\\\rOWNED \u202eretsnom\u202c \x9b2J\x7f\x85end \u2066x\u2069")
SHOWN = "Night of the {word} OWNED retsnom end x"
FORBIDDEN = ("\x1b]", "\x1b[5;31m", "\u202e", "\u202c", "\u2066", "\u2069", "\x9b", "\x7f", "\x85",
             "\r", "evil.example", "cHduZWQ")


def raw_marks(text: str, terminal: bool = False) -> list[str]:
    """The pieces of the attack found in ``text`` (none may be); ``terminal``: what a pty
    wrote, whose line ends are CR LF."""
    return [mark for mark in FORBIDDEN if mark in text and not (terminal and mark == "\r")]


# -- the rule ---------------------------------------------------------------------------------
def test_one_rule_removes_escapes_controls_and_bidi_characters():
    attack = ATTACK.format(word="Brain")
    assert clean(attack) == SHOWN.format(word="Brain")
    assert raw_marks(strip_controls(attack)) == []
    assert strip_controls("a\tb\nc  d\re") == "a\tb\nc  d e"  # layout kept, a CR made a space
    assert clean("a\tb\nc  d", 3) == "a b"
    for kept in ("Zoë – «ночь» 🧟\u200d♂️", "x\u200cy"):  # text, emoji and joiners stay
        assert clean(kept) == kept and strip_controls(kept) == kept
    assert markup("[blink]boo[/blink] \x1b[5m") == "\\[blink]boo\\[/blink]"
    view = {"title": attack, "words": ["ok", "\x1b[2Jx"], "n": 3, "\x1b": "key stays"}
    assert tree(view) == {"title": strip_controls(attack), "words": ["ok", "x"], "n": 3,
                          "\x1b": "key stays"}
    calm = {"a": ["b", {"c": "d"}], "e": 1}
    assert tree(calm) is calm  # nothing to clean: the same object, no copy


# -- gros: the title enters through the move's parse ---------------------------------------------
def _candidates(rules, seed: int) -> list[str]:
    state = rules.setup({"players": "3", "variant": "gros"}, seed)
    return rules.view(state, None)["candidates"]


def test_a_gros_title_is_cleaned_where_it_is_read_and_in_the_record(tmp_path):
    from common.table import Table
    from gros.cli import SPEC

    word = _candidates(SPEC.rules, 7)[0]
    table = Table(SPEC.rules, seed=7, variant="gros", options={"players": "3"})
    table.play("ray", f"title {ATTACK.format(word=word)}: {word.lower()}")
    assert table.view(None)["title"] == SHOWN.format(word=word)
    text = table.record_text()
    assert "\x1b" not in text and raw_marks(text) == []
    assert f"ray: title {SHOWN.format(word=word)}: " in text


def test_run_and_replay_of_a_record_holding_escape_codes_print_them_cleaned(tmp_path):
    """A record written before the fix (or by hand) holds the raw title: reading it back cleans it."""
    from common.table import Table
    from gros.cli import SPEC

    word = _candidates(SPEC.rules, 7)[0]
    table = Table(SPEC.rules, seed=7, variant="gros", options={"players": "3"})
    table.play("ray", f"title {word}: {word.lower()}")
    old = ATTACK.format(word=word).replace("\r", " ").replace("\x85", " ")  # (they end a line)
    record = table.record_text().replace(f"ray: title {word}:", f"ray: title {old}:")
    assert "\x1b]52" in record  # the old record, as it was written
    path = tmp_path / "old.rec"
    path.write_text(record + f"expect title: {SHOWN.format(word=word)}\n", encoding="utf-8")
    env = {**os.environ, "FORCE_COLOR": "1", "COLUMNS": "120"}  # colour on: only its own escapes
    for command in (["run", str(path)], ["replay", str(path)]):
        done = subprocess.run([sys.executable, "-m", "gros", *command], cwd=ROOT, env=env, input="",
                              capture_output=True, text=True, timeout=60)
        out = done.stdout + done.stderr
        assert "Traceback" not in out
        assert raw_marks(out) == [], (command, raw_marks(out), out[-1500:])
        if command[0] == "run":
            assert done.returncode == 0, out[-1500:]  # the expect line saw the cleaned title
        else:
            assert SHOWN.format(word=word) in out, out[-1500:]


# -- over the network: the other players' and the spectators' screens ------------------------------
@pytest.fixture
def gros_table(procs, tmp_path):
    """A gros host whose first seat (ray, the title's decider) is a socket client, the second
    a person's client, the third a bot; the record saved to ``tmp_path/game.rec``."""
    host, port = start_host(procs, "gros", "--seats", "remote,remote,random", "--seed", "11",
                            "--save", str(tmp_path / "game.rec"), "--games", "1", "--first", "ray")
    ray = Wire(port, "gros")
    assert ray.hello(name="\x1b[31mRay\u202e", seat="ray")["type"] == "welcome"
    yield host, port, ray
    ray.close()


def send_title(ray: Wire) -> str:
    """ray's title, once the game has begun; the title as it must be shown."""
    state = ray.until("state", timeout=20)
    while "ray" not in (state.get("to_move") or []):
        state = ray.until("state", timeout=20)
    word = state["view"]["candidates"][0]
    ray.send({"type": "move", "move": f"title {ATTACK.format(word=word)}: {word.lower()}",
              "seq": state["seq"]})
    ack = ray.until("ack", "error")
    assert ack["type"] == "ack", ack
    return SHOWN.format(word=word)


def test_a_title_reaches_a_watchers_line_console_and_the_record_cleaned(gros_table, procs, tmp_path):
    host, port, ray = gros_table
    watcher = procs("gros", "join", f"127.0.0.1:{port}", "--watch", "--name", "wes")
    watcher.wait_line(r"to watch")
    dana = Wire(port, "gros")
    dana.hello(name="dana", seat="dana")  # every seat taken: the game begins
    shown = send_title(ray)
    said = dana.until("state")
    while said["view"].get("title") == "":
        said = dana.until("state")
    assert said["view"]["title"] == shown  # the host broadcast it cleaned
    names = {info.get("name") for info in (dana.whole.lobby or {}).get("seats", {}).values()}
    assert "Ray" in names and not any(raw_marks(str(n)) for n in names)
    watcher.wait_line(r"Night of the", timeout=20)
    for _ in range(100):  # the watcher's board after the title (bounded: 100 x 0.05 s)
        if shown in watcher.stdout:
            break
        time.sleep(0.05)
    out = watcher.stdout + watcher.stderr
    assert shown in out and raw_marks(out) == [] and "\x1b" not in out, out[-2000:]
    record = (tmp_path / "game.rec").read_text(encoding="utf-8")
    assert f"title {shown}:" in record and "\x1b" not in record and raw_marks(record) == []
    dana.close()


def test_a_title_reaches_a_players_full_screen_table_cleaned(gros_table, tmp_path):
    pytest.importorskip("pyte")
    from tests.common.test_tui_pty import Term

    host, port, ray = gros_table
    term = Term(tmp_path, "gros", f"127.0.0.1:{port}", "--seat", "dana", "--name", "dana",
                command="join", cols=120, rows=40)
    try:
        term.shows("Title words revealed")
        shown = send_title(ray)
        screen = term.shows(shown[:40])
        raw = term.raw.decode("utf-8", "replace")
        assert raw_marks(raw, terminal=True) == [], raw_marks(raw, terminal=True)
        assert "OWNED" in screen and "\u202e" not in screen
    finally:
        term.close()


def test_a_record_file_never_holds_an_escape_code(tmp_path):
    from common.record import Line, Record, format_record, parse_record

    rec = Record(game="gros", variant="gros", seed=1, setup=[(1, "top \x1b[2Jx")],
                 body=[Line(2, "move", "ray", "title A\x1b]52;c;eA==\x07\nexpect title: B #1: a")])
    text = format_record(rec)
    assert "\x1b" not in text and text.count("\n") == 5, text  # no line smuggled in
    again = parse_record(text)
    assert [ln.kind for ln in again.body] == ["move"]
    back = parse_record("game gros\nray: title \x1b[5mX\u202e\x07\t: x\n")
    assert back.body[0].text == "title X : x"


def test_a_client_cleans_what_a_host_sends_too():
    """The second line of defence: a host that did not clean (an old or a hostile one) still
    cannot drive a client's terminal through a view, an event, chat, a name or a refusal."""
    from common.net.remote import RemoteSession
    from common.table import Table
    from gros.cli import SPEC

    class Link:  # no socket: the messages are handed to the session directly
        lang = "en"

    word = _candidates(SPEC.rules, 7)[0]
    table = Table(SPEC.rules, seed=7, variant="gros", options={"players": "3"})
    table.play("ray", f"title {word}: {word.lower()}")
    raw = ATTACK.format(word=word)
    view = {**table.view(None), "title": raw}
    session = RemoteSession(SPEC, Link(), {"type": "welcome", "seat": None})
    session._handle({"type": "state", "game_no": 1, "seq": 1, "view": view, "seats": {},
                     "events": [{"kind": "title", "data": [raw, [word.lower()]], "seat": None}]})
    session._handle({"type": "chat", "from": "\x1b]52;c;eA==\x07eve\u202e", "seat": None, "text": raw})
    session._handle({"type": "lobby", "seats": {}, "people": [{"name": "\x1b[5mmal\u2066lory"}]})
    shown = [*session._take_lines(), *session.who(), repr(session.view(None))]
    assert raw_marks("\n".join(shown)) == [] and "\x1b" not in "\n".join(shown), shown
    assert session.view(None)["title"] == strip_controls(raw)
    assert any("eve" in line and SHOWN.format(word=word) in line for line in shown), shown
    assert any("mallory" in line for line in shown), shown
