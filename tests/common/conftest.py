"""Fixtures of the network tests: a game per playable package, and processes that are always
killed afterwards and never show a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from tests.common.netkit import GAMES, Proc, unplayable


@pytest.fixture(params=GAMES)
def game(request) -> str:
    reason = unplayable(request.param)
    if reason:
        pytest.skip(reason)
    return request.param


@pytest.fixture
def procs():
    started: list[Proc] = []

    def start(game: str, *args: str, **kw: Any) -> Proc:
        proc = Proc(game, *args, **kw)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.kill()
    for proc in started:  # nobody ever shows a traceback
        assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr[-3000:]
        assert "internal error" not in proc.stdout, proc.stdout[-3000:]
