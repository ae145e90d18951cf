"""The end of a game at the REPL: the result and its reason, each player's part of it (the
game's ``end_summary(view, outcome)`` render hook), then save, play again or quit.

Leaving mid-game offers to save as well, so a player who typed 'quit' does not lose the game
(``play --load FILE`` goes on with it).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from common import _, ngettext
from common.engine import GameError
from common.render import error, say, show
from common.streams import drop_typed_ahead

AGAIN, QUIT = "again", "quit"


def _no_words() -> tuple[str, ...]:
    """'n' and 'no' refuse to save in every language; the player's own 'no' does too."""
    # Translators: the answer that declines to save the game (lower case)
    return (_("no").lower(),)


def default_file(game: str, folder: Path | None = None) -> str:
    """A record file name that is free in the current folder: gros-20261203-0415.rec."""
    folder = folder or Path.cwd()
    stem = f"{game}-{time.strftime('%Y%m%d-%H%M')}"
    name, k = f"{stem}.rec", 2
    while (folder / name).exists():
        name, k = f"{stem}-{k}.rec", k + 1
    return name


def result_line(out: dict[str, Any], label: str = "Winner", word: Any = None,
                reason_text: Any = None, seat_name: Any = None) -> str:
    """'Winner: ray — the last card was drawn.' (a film says 'Top billing', not 'Winner':
    a game's own label is in its own words, ``word`` translates it). A game whose outcome
    keeps its reason in English (records assert on it) words it with ``reason_text``."""
    winners = out.get("winners") or []
    reason = out.get("reason") or ""
    reason = (reason_text(reason) if reason_text else reason) or _("the game is over")
    if not winners:
        return _("No winner — {reason}.").format(reason=reason)
    names = ", ".join(map(seat_name, winners) if seat_name else winners)
    if label == "Winner":
        return ngettext("Winner: {names} — {reason}.", "Winners: {names} — {reason}.",
                        len(winners)).format(names=names, reason=reason)
    return _("{label}: {names} — {reason}.").format(label=word(label) if word else label,
                                                    names=names, reason=reason)


def show_end(spec: Any, view: dict[str, Any], out: dict[str, Any]) -> None:
    """The end screen: a rule, the result, then the game's own breakdown."""
    from rich.rule import Rule

    show(Rule(_("The end of {title}").format(title=spec.shown_title(view.get("variant")))))
    hook = getattr(spec.render, "end_summary", None)
    parts = list(hook(view, out)) if hook else []
    say(result_line(out, getattr(spec.render, "WINNER_LABEL", "Winner"), spec.text,
                    getattr(spec.render, "reason_text", None), spec.seat_name), "bold green")
    for part in parts:
        if isinstance(part, str):
            say(part)
        else:
            show(part)


def ask(question: str) -> str | None:
    """One answer typed at the terminal; None on Ctrl-D or Ctrl-C."""
    try:
        sys.stdout.write(question)
        sys.stdout.flush()
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        return None
    return line.strip() if line else None


def offer_save(ui: Any, question: str) -> None:
    """Ask whether to save, offering a file name; a local game only (a network game's record
    stays with the host until the end)."""
    try:
        ui.session.record_text()
    except GameError:
        return
    name = default_file(ui.spec.name)
    answer = ui.ask(_("{question} File name [{name}], or 'n': ").format(question=question,
                                                                        name=name))
    if answer is None or answer.lower() in ("n", "no", *_no_words()):
        return
    ui.save(answer or name)


def keep_record(ui: Any) -> None:
    """A finished local game is kept: the default answer saves it, under the name shown; only
    'n' declines."""
    name = default_file(ui.spec.name)
    answer = ui.ask(_("Save the record? File name [{name}], or 'n': ").format(name=name))
    if answer is not None and answer.lower() in ("n", "no", *_no_words()):
        say(_("Not saved."), "dim")
        return
    ui.save(answer or name)


def after_game(ui: Any, can_again: bool) -> str:
    """The menu after the end screen: the record kept (the default answer saves it, unless
    --save wrote it already), then save it elsewhere too, play again, or quit."""
    try:
        ui.session.record_text()
        can_save = True
        can_review = True  # the record is here (a network game's, only if the host shared it)
    except GameError:
        can_save = can_review = False
    if not ui.interactive() or not (can_save or can_again or can_review):
        return QUIT
    drop_typed_ahead()
    if can_save and not ui.save_path:
        keep_record(ui)
    while True:
        # the letters stay s, r, a and q in every language (they are keys, not words)
        choices = ([_("s) save the record")] if can_save else []) + (
            [_("r) review the game")] if can_review else []) + (
            [_("a) play again with the same seats")] if can_again else []) + [_("q) quit")]
        answer = ui.ask("  ".join(choices) + "  > ")
        if answer is None or answer.lower() in ("q", "quit", "exit", ""):
            drop_typed_ahead()
            return QUIT
        key = answer.lower()[0]
        if key == "a" and can_again:
            return AGAIN
        if key == "r" and can_review:
            from common.coachshow import review_game

            review_game(ui.spec, ui.session.record_text(), ui.here)
            continue
        if key == "s" and can_save:
            name = default_file(ui.spec.name)
            path = ui.ask(_("File name [{name}]: ").format(name=name))
            if path is not None:
                ui.save(path or name)
            continue
        error(_("{answer}: type one of the letters shown").format(answer=repr(answer)))
