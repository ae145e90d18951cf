"""The last line between a command and its player: one clear line for any error, never a
traceback, and a quiet stop when the reader of the output goes away (``| head``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

import click

from common import _


def guard(fn: Callable[[], int | None]) -> None:
    """Run a command; players see one clear line for any error, never a traceback."""
    from common.cards import CardDataError
    from common.engine import GameError
    from common.record import RecordError

    try:
        code = fn()
        sys.stdout.flush()  # here, not at exit, so that a reader gone away is seen below
    except BrokenPipeError:
        _reader_gone()
    except (GameError, RecordError, CardDataError) as exc:  # bad input: a move, a file, card data
        click.echo(_("error: {message}").format(message=exc), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("", err=True)
        sys.exit(130)
    except click.ClickException:  # a usage error: click prints it, with the usage line
        raise
    except Exception as exc:  # pragma: no cover - the last line of defence
        if os.environ.get("BMOVIE_DEBUG"):
            raise
        click.echo(_("internal error: {error} (set BMOVIE_DEBUG=1 for details)").format(
            error=repr(exc)), err=True)
        sys.exit(3)
    sys.exit(code or 0)


def _reader_gone() -> NoReturn:
    """The output's reader went away (``| head``): stop quietly, as Unix tools do.

    What Python still holds for stdout goes to /dev/null, so its flush at exit finds no
    broken pipe to complain of; 141 is what a shell reports for a program ended by SIGPIPE.
    """
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured stream)
        pass
    sys.exit(141)
