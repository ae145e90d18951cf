"""The coach at the terminal: ``hint`` at the prompt and ``GAME review RECORD``.

The figures come from ``common.coach``; this module only words and shows them, in the
player's language. A game may add its own words for why a move is good (``coach_reason`` in
its render module) and name what its estimate is (``ESTIMATE_LABEL``: Creature Feature's is
the chance of top billing).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from common import _, coach, ngettext
from common.engine import GameError
from common.render import console, error, plain, say
from common.spoken import spoken

BAR_AFTER = 0.3  # seconds of thinking before a hint shows a progress bar


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def sureness_words(sureness: str) -> str:
    return {"sure": _("sure"), "fairly sure": _("fairly sure"),
            "close call": _("a close call")}.get(sureness, sureness)


def grade_words(grade: str) -> str:
    return {"blunder": _("blunder"), "inaccuracy": _("inaccuracy")}.get(grade, "")


def estimate_label(spec: Any) -> str:
    label = getattr(spec.render, "ESTIMATE_LABEL", None)
    return spec.text(label) if label else _("win chance")


@contextmanager
def late_bar(description: str) -> Iterator[Callable[[float], None]]:
    """A progress callback (fraction done) that shows a bar only once ``BAR_AFTER`` seconds
    have passed: a quick answer is not preceded by a flash of a bar."""
    start = time.perf_counter()
    held: dict[str, Any] = {}

    def report(fraction: float) -> None:
        if plain() or time.perf_counter() - start < BAR_AFTER:
            return
        if "bar" not in held:
            from rich.progress import BarColumn, Progress, TextColumn

            held["bar"] = Progress(TextColumn("{task.description}"), BarColumn(),
                                   console=console(), transient=True)
            held["bar"].start()
            held["task"] = held["bar"].add_task(description, total=1.0)
        held["bar"].update(held["task"], completed=fraction)

    try:
        yield report
    finally:
        if "bar" in held:
            held["bar"].stop()


def reason_hook(spec: Any) -> Callable[[dict[str, Any], str, str], str | None] | None:
    """The game's words for a move: ``coach_reason`` in its ``coach`` module (beside its
    rules), else in its render module; None for a game that has none."""
    import importlib

    package = spec.rules_path.partition(".")[0]
    try:
        module: Any = importlib.import_module(f"{package}.coach")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.coach":
            raise
        module = spec.render
    return getattr(module, coach.REASON_HOOK, None)


def reason(spec: Any, view: dict[str, Any], seat: str, found: coach.Hint) -> str:
    """One line: the game's own words for the choice when it has some, else what the search
    saw (how often its play-outs went the seat's way, and how far ahead of the runner-up)."""
    best = found.candidates[0]
    hook = reason_hook(spec)
    words = hook(view, seat, best.move) if hook else None
    shown = spoken(spec.rules.notation, best.move)
    if words:
        return f"{shown}: {words}"
    if len(found.candidates) < 2:
        return ngettext("{move}: the search found nothing better in {n} play-out from what you can see",
                        "{move}: the search found nothing better in {n} play-outs from what you can see",
                        found.playouts).format(move=shown, n=found.playouts)
    runner = found.candidates[1]
    return ngettext("{move}: {share} in {n} play-out from what you can see, against {other_share} for {other}",
                    "{move}: {share} in {n} play-outs from what you can see, against {other_share} for {other}",
                    best.visits).format(move=shown, share=_percent(best.estimate), n=best.visits,
                                        other_share=_percent(runner.estimate),
                                        other=spoken(spec.rules.notation, runner.move))


def show_hint(spec: Any, session: Any, seat: str, *, iterations: int | None = None) -> None:
    """The `hint` command: worked out here, from this seat's view only."""
    if not getattr(session, "hints_allowed", True):
        error(_("the host does not allow hints at this table"))
        return
    view = session.view(seat)
    rules = spec.rules
    legal = [rules.parse(m) for m in session.legal(seat)]
    if not legal:
        error(_("you have no decision to make now"))
        return
    with late_bar(_("the coach is thinking…")) as report:
        found = coach.hint(rules, view, seat, legal, iterations=iterations, progress=report)
    note = getattr(session, "note_hint", None)
    if note:
        try:
            note(seat)  # the table (and the record) learn that a hint was asked
        except GameError as exc:  # a network game whose host is gone: the hint still shows
            error(str(exc))
    if not found.candidates:
        error(_("the coach found no move to suggest"))
        return
    label = estimate_label(spec)
    notation = spec.rules.notation
    say(_("Hint ({sure}): {move}").format(sure=sureness_words(found.sureness),
                                          move=spoken(notation, found.candidates[0].move)), "bold")
    for c in found.candidates:
        say("  " + ngettext("{move}  {label} {share} ({n} play-out)", "{move}  {label} {share} ({n} play-outs)",
                            c.visits).format(move=spoken(notation, c.move), label=label,
                                             share=_percent(c.estimate), n=c.visits))
    say("  " + reason(spec, view, seat, found))


def review_game(spec: Any, text: str, seats: list[str]) -> None:
    """The end screen's review: the game just played, the seats played at this keyboard."""
    from common.record import parse_record

    rec = parse_record(text, forgiving=True)
    print_review(spec, _reviewed(spec, rec, text, seats or list(rec.seats), 0))


def _reviewed(spec: Any, rec: Any, text: str, seats: list[str], seed: int) -> coach.Review:
    """The review of ``rec``, behind a progress bar (one step a move)."""
    from common.render import progress

    with progress(_("Reviewing"), max(1, len(rec.moves()))) as advance:
        done = [0]

        def report(n: int, _total: int) -> None:
            advance(n - done[0])
            done[0] = n

        return coach.review(spec.rules, rec, seats, seed=seed, text=text, progress=report)


def review_file(spec: Any, path: str, *, seats: list[str] | None, as_json: bool,
                seed: int = 0) -> int:
    """``GAME review RECORD``: every decision of the seats (default: the human ones)."""
    from common.batch import read_record

    rec = read_record(path, forgiving=True)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    known = list(rec.seats) or sorted({s for s, _m in rec.moves()})
    for seat in seats or []:
        if seat not in known:
            raise GameError(_("there is no seat {seat} in this record (seats: {seats})").format(
                seat=repr(seat), seats=", ".join(known)))
    chosen = seats or [s for s in known if rec.seats.get(s) == "human"] or known
    result = _reviewed(spec, rec, text, chosen, seed)
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return 0
    print_review(spec, result)
    return 0


def judged_line(spec: Any, d: coach.Judged) -> str:
    """One move's estimate beside it (``replay --coach``)."""
    if d.played == d.best:
        return _("{label} {was}: the search's choice").format(label=estimate_label(spec),
                                                                was=_percent(d.played_estimate))
    text = _("{label} {was}; the search's choice: {best} ({could})").format(
        label=estimate_label(spec), was=_percent(d.played_estimate), best=d.best,
        could=_percent(d.best_estimate))
    return f"{text} — {grade_words(d.grade)}" if d.grade else text


def print_review(spec: Any, result: coach.Review) -> None:
    label = estimate_label(spec)
    say(_("Review ({label} of the move made, against the search's choice, from each seat's "
          "view at the time)").format(label=label), "bold")
    for seat in result.seats:
        accuracy = result.accuracy(seat)
        if accuracy is None:
            say(_("{seat}: no decision with a choice").format(seat=seat))
            continue
        say(_("{seat}: accuracy {accuracy}%, {inaccuracies}, {blunders}").format(
            seat=seat, accuracy=round(accuracy),
            inaccuracies=ngettext("{n} inaccuracy", "{n} inaccuracies",
                                  result.count(seat, "inaccuracy")).format(
                n=result.count(seat, "inaccuracy")),
            blunders=ngettext("{n} blunder", "{n} blunders", result.count(seat, "blunder")).format(
                n=result.count(seat, "blunder"))))
    say(_("Thresholds: an inaccuracy loses {inaccuracy} points of {label}, a blunder {blunder}.")
        .format(inaccuracy=round(100 * coach.INACCURACY), blunder=round(100 * coach.BLUNDER),
                label=label))
    points = result.turning_points()
    if not points:
        say(_("No turning point: no move lost {n} points or more.").format(
            n=round(100 * coach.INACCURACY)))
        return
    say(_("Turning points:"), "bold")
    for d in points:
        say("  " + _("move {number}, {seat}: {played} ({was}) — {grade}; better: {best} "
                     "({could})").format(
            number=d.number, seat=d.seat, played=d.played, was=_percent(d.played_estimate),
            grade=grade_words(d.grade), best=d.best, could=_percent(d.best_estimate))
            + (" " + _("(after a hint)") if d.hinted else ""))
