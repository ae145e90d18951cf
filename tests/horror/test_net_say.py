"""Over the network 'say' is a move of Creature Feature (narration or dialogue, into the film's
log, record and screenplay), while 'chat' talks to the table and stays out of the film."""

from __future__ import annotations

import io
import os
import sys
import time

import pexpect

from tests.common.conftest import procs  # noqa: F401, F811  (the fixture: host processes, stopped after)
from tests.common.netkit import Wire, start_host


def test_say_is_a_move_and_chat_stays_out_of_the_film(tmp_path, procs):  # noqa: F811
    host, port = start_host(procs, "horror", "--seats", "remote,remote", "--players", "2", "--seed", "3")
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state"), "NO_COLOR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "horror", "join", f"127.0.0.1:{port}", "--seat", "p1",
                                           "--name", "ann"], encoding="utf-8", timeout=20,
                          dimensions=(50, 120), env=env)
    child.logfile_read = seen = io.StringIO()
    other = Wire(port, "horror")
    other.hello(name="bob", seat="p2")
    child.expect("p1>")  # the premise: p1 agrees first
    time.sleep(0.3)
    child.sendline("say The fog rolls in over the cove.")
    child.sendline("chat good luck, bob")
    said = chat = None
    deadline = time.monotonic() + 15
    while (said is None or chat is None) and time.monotonic() < deadline:
        msg = other.next(timeout=1.0)
        if msg is None:
            continue
        if msg["type"] == "chat":
            chat = msg["text"]
        if msg["type"] == "state" and "The fog rolls in" in str(msg):
            said = msg
    assert chat == "good luck, bob"
    assert said is not None  # the narration reached the other seat as part of the film
    assert "good luck" not in str(said)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    other.close()
    assert "Traceback" not in seen.getvalue()
