"""Playing at this terminal: a new game (again and again, with the same seats), a saved game
taken up again, and a record stepped through move by move. Each goes through the REPL's
``Ui`` (common.repl) or the full-screen table (common.tui)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

from common import _, ngettext
from common.engine import GameError
from common.render import error, say, show
from common.session import LocalSession
from common.spec import HUMAN, GameSpec, first_option, parse_seats


def check_save_path(save: str | None) -> None:
    """``--save FILE`` that cannot be written is said before the game, not after it: the
    folder must exist and the file be writable (a file made to try is removed again)."""
    if save is None:
        return
    path = Path(save)
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise GameError(_("cannot save to {path}: {reason}").format(
            path=save, reason=exc.strerror or exc)) from None
    if not existed:
        path.unlink(missing_ok=True)


def next_free(save: str | None) -> str | None:
    """Where the next game's record goes: ``save`` while it holds nothing, else the first
    of FILE-2.rec, FILE-3.rec, ... that is free (play again never overwrites the last game)."""
    if save is None or not Path(save).exists():
        return save
    path = Path(save)
    k = 2
    while (candidate := path.with_name(f"{path.stem}-{k}{path.suffix}")).exists():
        k += 1
    return str(candidate)


def play_local(spec: GameSpec, *, seed: int | None, seats: str, variant: str, think: float | None,
               save: str | None, options: dict[str, str], pace: float | None = None,
               tui: bool = False, vs: str | None = None, first: str | None = None) -> int:
    """Play at this terminal; the end screen may start another game with the same seats (a
    new shuffle each time, and a new first player unless ``first`` names one)."""
    from common.bots import BOT_KINDS
    from common.rng import new_seed
    from common.table import Table
    from common.tui import choose_ui

    rules = spec.rules
    kind = choose_ui(tui)
    check_save_path(save)
    while True:
        if seed is None:  # 128 bits from the OS: the keyed generator; nobody can search the deal
            seed = new_seed()
        probe = rules.seats({**options, "variant": variant})
        kinds = parse_seats(seats, probe, BOT_KINDS + tuple(getattr(rules, "bot_kinds", {})), vs,
                            aliases=spec.seat_aliases())
        chosen = first_option(spec, probe, seed, first, options)
        table = Table(rules, seed=seed, options=chosen, variant=variant, seat_kinds=kinds,
                      keep_undo=humans(kinds))
        code, again = _play_once(kind(spec, LocalSession(spec, table, kinds, seed, think), save, pace))
        if not again:
            return code
        seed, save = None, next_free(save)
        if save is not None:
            say(_("The next game's record goes to {path}.").format(path=save), "dim")


def _play_once(ui: Any) -> tuple[int, bool]:
    """One local game to its end screen: its exit code, and whether the players asked for
    another with the same seats."""
    ui.can_again = True
    try:
        code = ui.run()
    finally:
        ui.session.close()
    return code, ui.again


def load_local(spec: GameSpec, path: str, *, seats: str | None, think: float | None,
               save: str | None, pace: float | None = None, tui: bool = False,
               vs: str | None = None) -> int:
    """Go on with a saved game: the record's moves are played again (they may be undone),
    with the record's seats unless ``seats`` says otherwise. A torn or hand-edited line ends
    the load there, with a one-line note, and the game goes on from the move before it."""
    from common.batch import open_table, play_moves, read_record
    from common.bots import BOT_KINDS

    rules = spec.rules
    check_save_path(save)
    rec = read_record(path, forgiving=True)
    table = open_table(rules, rec)
    known = BOT_KINDS + tuple(getattr(rules, "bot_kinds", {}))
    if seats:
        kinds = parse_seats(seats, table.seats, known, vs, aliases=spec.seat_aliases())
    else:  # a seat the record gives no known kind is a human's
        kinds = {s: k if k in known else HUMAN for s, k in (rec.seats or {}).items()}
        kinds = {s: kinds.get(s, HUMAN) for s in table.seats}
        if vs is not None:
            kinds = parse_seats(",".join(f"{s}={k}" for s, k in kinds.items()), table.seats,
                                known, vs)
    table.record.seats = dict(kinds)
    table.keep_undo = humans(kinds)  # the replayed moves may be undone too
    unread: list[str] = []
    loaded: list[tuple[int, list]] = []  # each move's events: the log tells them again
    play_moves(table, rec, on_error=unread.append,
               on_events=lambda events: loaded.append((len(table.record.body), events)))
    if table.outcome() is not None:
        raise GameError(_("{path}: that game is over; '{game} replay {path}' shows it").format(
            path=path, game=spec.name))
    say(ngettext("Loaded {path}: {n} move played.", "Loaded {path}: {n} moves played.",
                 table.seq).format(path=path, n=table.seq), "dim")
    for note in unread:
        error(_("{reason} (loaded up to the line before it; the game goes on from there)").format(
            reason=note))
    from common.tui import choose_ui

    session = LocalSession(spec, table, kinds, rec.seed, think)
    session.loaded = loaded
    code, again = _play_once(choose_ui(tui)(spec, session, save, pace))
    if not again:
        return code
    options = {k: v for k, v in table.record.options.items() if k != "first"}
    return play_local(spec, seed=None, seats=",".join(f"{s}={k}" for s, k in kinds.items()),
                      variant=table.record.variant, think=think, save=next_free(save),
                      options=options, pace=pace, tui=tui)


def replay_record(spec: GameSpec, path: str, *, seat: str | None, step: bool,
                  coached: bool = False) -> int:
    """Show a record move by move; expectations are checked and reported as they pass.
    ``coached``: each move with the coach's estimate beside it (``common.coach.judge``)."""
    from common.batch import Replay, open_table, read_record
    from common.batch import step as do_line

    rules = spec.rules
    rec = read_record(path)
    table = open_table(rules, rec)
    result = Replay(table)
    show(spec.render.render_view(table.view(seat), seat))
    interactive = step and sys.stdin.isatty()
    moves = 0
    for line in rec.body:
        judged = None
        if coached and line.kind == "move":
            from common.coach import judge

            moves += 1
            with contextlib.suppress(GameError):  # a move the rules refuse: do_line reports it
                judged = judge(rules, table, line.seat, line.text, moves)
        events = do_line(table, rec, line, result)
        if line.kind != "move":
            continue
        say(f"{rec.where(line.lineno)}  {line.seat}: {line.text}", "bold")
        if judged is not None:
            from common.coachshow import judged_line

            say("  " + judged_line(spec, judged))
        for text in table.narrate(events, seat):
            say("  " + text)
        show(spec.render.render_view(table.view(seat), seat))
        if interactive:
            try:
                input(_("Enter for the next move, Ctrl-C to stop "))
            except (KeyboardInterrupt, EOFError):
                return 0
    for failure in result.failures:
        error(_("FAIL {failure}").format(failure=failure))
    return 1 if result.failures else 0


def humans(kinds: dict[str, str]) -> frozenset[str]:
    """The seats whose moves 'undo' may take back (the table keeps copies for those alone)."""
    return frozenset(seat for seat, kind in kinds.items() if kind == HUMAN)
