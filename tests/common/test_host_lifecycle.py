"""A host's start and stop (issue 20): Ctrl-C printed 'host: _GatheringFuture exception was
never retrieved: CancelledError()' even with no client; and a small --seed, from which every
game's deal is derived, could be found from six public title words in a second: the host
warns, and --help says what the seed is."""

from __future__ import annotations

import signal
import subprocess
import sys

from tests.common.netkit import ROOT, start_host


def test_ctrl_c_stops_a_host_in_one_quiet_line(game, procs):
    host, _port = start_host(procs, game, stdin=subprocess.PIPE)  # its console reads the terminal
    host.p.send_signal(signal.SIGINT)
    assert host.finish(20) == 130
    assert "never retrieved" not in host.stderr and "CancelledError" not in host.stderr, host.stderr
    assert host.stderr.strip() == "", host.stderr


def test_a_small_seed_is_said_to_be_searchable(procs):
    small, _port = start_host(procs, "invaders", "--seed", "4242")
    large, _port = start_host(procs, "invaders", "--seed", str(2**64 + 4242))
    none, _port = start_host(procs, "invaders")
    for host in (small, large, none):
        host.kill()
        host.finish(10)
    assert "warning: --seed 4242 is small enough to be found" in small.stderr
    assert "warning" not in large.stderr + none.stderr
    shown = subprocess.run([sys.executable, "-m", "invaders", "host", "--help"], cwd=ROOT,
                           capture_output=True, text=True, timeout=30, env={"COLUMNS": "200", "PATH": ""})
    assert "every game's and every table's deal is derived from" in shown.stdout, shown.stdout
