"""One table for the REPL's commands (issue 25): ``common.commands.COMMANDS`` gives each
command its word, its help and its handler; the help, the words in every language, completion
and ``Ui.command``'s dispatch are all read from it, so that one entry is enough."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from common import commands
from common.commands import COMMANDS, MOVE, Command
from common.i18n import language
from common.repl import Ui, hints, words
from common.session import LocalSession
from common.table import Table
from gros.cli import SPEC

LOCALE = Path(commands.__file__).parent / "locale"


def _ui() -> tuple[Ui, str]:
    table = Table(SPEC.rules, seed=3, variant="gros")
    ui = Ui(SPEC, LocalSession(SPEC, table, {s: "human" for s in table.seats}, 1, None))
    return ui, table.seats[0]


def test_every_command_has_help_a_handler_and_its_words_in_every_language():
    for lang in ("it", "ru"):
        with open(LOCALE / lang / "LC_MESSAGES" / "common.po", "rb") as fh:
            catalog = read_po(fh)
        local = []
        for command in COMMANDS:
            assert command.what and callable(getattr(Ui, command.handler, None)), command.word
            for word in (command.word, *command.also):
                message = catalog.get(word, context="command")
                assert message is not None and message.string and not message.fuzzy, (lang, word)
                assert " " not in message.string.strip(), (lang, word)
                local.append(message.string.strip().lower())
        assert len(set(local)) == len(local), f"{lang}: two commands share a word"


def test_help_lists_every_command_in_the_players_language(capsys):
    ui, _seat = _ui()
    for lang in ("en", "it", "ru"):
        with language(lang):
            ui.help("")
            shown = capsys.readouterr().out
            for command in COMMANDS:
                assert commands.local_word(command.word) in shown, (lang, command.word)
                assert words().count(commands.local_word(command.word)) == 1 or lang == "en"


def test_quit_is_never_a_typo_correction():
    with language("it"):
        assert "quit" in words() and "quit" not in hints() and "esci" not in hints()
        assert "tavolo" in hints()


def test_one_entry_is_enough_for_a_new_command(monkeypatch, capsys):
    """A command added to the table alone is listed by help, completed and dispatched."""
    heard: list[tuple[str, str]] = []

    def on_shout(self, seat: str, rest: str) -> str | None:
        heard.append((seat, rest))
        return None

    monkeypatch.setattr(Ui, "on_shout", on_shout, raising=False)
    shout = Command("shout", "TEXT", "say something to the table", "on_shout")
    monkeypatch.setattr(commands, "COMMANDS", (*COMMANDS, shout))
    monkeypatch.setattr(commands, "BY_WORD", {**commands.BY_WORD, "shout": shout})
    monkeypatch.setattr("common.repl.BY_WORD", commands.BY_WORD)
    ui, seat = _ui()
    ui.help("")
    assert "shout TEXT" in capsys.readouterr().out
    assert "shout" in words() and "shout" in ui.candidates()
    assert ui.command(seat, "shout boo") is None and heard == [(seat, "boo")]


@pytest.mark.parametrize("line", ["discard the-shovel", "hint me"])
def test_a_command_word_with_a_move_after_it_is_played_as_a_move(line):
    ui, seat = _ui()
    word, _sep, rest = line.partition(" ")
    assert ui.run_command(seat, word, rest) == MOVE


def test_a_bare_enter_plays_the_move_the_prompt_shows():
    """gros: a bare Enter draws at a turn's start and says 'done' after its end (the terminal's
    prompt shows it dimmed, 'Enter: draw': tests/common/test_story_pty.py); where no move is
    obvious, Enter plays nothing."""
    ui, seat = _ui()
    ui.session.play(seat, "title")
    seat = ui.session.waiting_for()
    assert ui.enter_move(seat) == "draw"
    ui.command(seat, ui.enter_move(seat) or "")
    assert ui.session.view(seat)["decision"]["kind"] == "turn" and ui.enter_move(seat) is None
    ui.command(seat, "end")
    assert ui.enter_move(seat) == "done"


@pytest.mark.parametrize("cut_short", [True, False])
def test_a_prompt_the_network_ends_plays_no_enter_move(monkeypatch, cut_short):
    """At a network game the prompt is ended empty-handed when a move arrives: that is no
    Enter, and must not draw for the player; a pressed Enter (an empty line) does."""
    import io
    import types

    from common.session import LocalSession

    table = Table(SPEC.rules, seed=3, variant="gros", options={"players": "2"})
    seat = table.seats[0]
    ui = Ui(SPEC, LocalSession(SPEC, table, {seat: "human", table.seats[1]: "normal"}, 1, None))
    typed = iter(["title", "", "quit"])

    def read(who: str) -> str:
        line = next(typed)
        ui.cut_short = cut_short and line == ""
        return line

    tty = types.SimpleNamespace(isatty=lambda: True)
    monkeypatch.setattr("common.repl.sys", types.SimpleNamespace(stdin=tty, stdout=tty))
    monkeypatch.setattr(ui, "read", read)
    monkeypatch.setattr(ui, "leave", lambda: None)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    ui.loop()
    kind = ui.session.view(seat)["decision"]["kind"]
    assert kind == ("draw" if cut_short else "turn")


def test_moves_between_semicolons_are_played_in_order_up_to_the_first_refused(capsys):
    """'draw; end; done' is three moves (the Invaders' discards down to the hand limit were one
    line each); a refused part stops the line and the rest is said not played."""
    table = Table(SPEC.rules, seed=3, variant="gros", options={"players": "2"})
    ray, dana = table.seats
    ui = Ui(SPEC, LocalSession(SPEC, table, {ray: "human", dana: "human"}, 1, None))
    ui.command(ray, "title")
    ui.command(ray, "draw; fly; end")
    out = capsys.readouterr().out
    assert [line.text for line in table.record.body[-1:]] == ["draw"]
    assert "Not played: end" in out
    ui.command(ray, "end; done; draw")
    assert [line.text for line in table.record.body[-2:]] == ["end", "done"]
    assert "Not played, as the decision is no longer yours: draw" in capsys.readouterr().out
    assert table.decisions()[0].seat == dana


def test_a_line_goes_on_after_the_bots_answer_its_card(capsys):
    """'play swamp; play psychic' lost its second move when a bot was asked whether to answer
    the Swamp with an SFX (seen in tmux: "Not played, as the decision is no longer yours");
    the bots' answers are waited for and the line goes on, in the same turn only."""
    from gros.rules import RULES

    table = Table(SPEC.rules, seed=3, variant="gros", options={"players": "2"})
    ray, dana = table.seats
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                 "hand ray: the-swamp, the-psychic, the-holy-water",
                 "hand dana: istruzzito, the-earthquake", "turn: ray 2"]:
        RULES.scenario(table.state, line)
    ui = Ui(SPEC, LocalSession(SPEC, table, {ray: "human", dana: "normal"}, 1, None))
    ui.command(ray, "play swamp; play psychic; play holy-water on sheriff; end")
    said = [line.text for line in table.record.body if line.text.startswith(("play", "end"))]
    # dana answered the Swamp with Head in the Books and an Earthquake; ray's line went on
    assert said == ["play the-swamp on ray", "play istruzzito on dana/the-reporter", "play the-earthquake on ray",
                    "play the-psychic", "play the-holy-water on ray/the-sheriff", "end"], said
    assert "no longer yours" not in capsys.readouterr().out
    assert table.decisions()[0].seat == dana  # the line's last move ended the turn: dana's now


def test_one_discard_line_names_several_cards(capsys):
    """The Invaders outpost discards down to its hand limit after nearly every phase, one
    card a move (six 'discard' lines in a row, seen in tmux): 'discard fire, spread, ...'
    plays them in one line, in any language; a list with a card not held stops at it."""
    from invaders.cli import SPEC as INVADERS

    table = Table(INVADERS.rules, seed=4)
    ui = Ui(INVADERS, LocalSession(INVADERS, table, {"aliens": "normal", "humans": "human"}, 4, None))
    ui.command("humans", "place d")
    ui.advance()
    ui.command("humans", "end")
    view = table.view("humans")
    assert view["discarding"]
    hand = list(view["hand"])
    assert len(hand) - view["hand_limit"]["humans"] >= 4
    example = INVADERS.render.several(hand)  # two of the cards held (it named Spread Shot to the fleet)
    assert example.startswith("discard ") and f"'{example}' for several" in str(INVADERS.render.hand_line(view))
    ui.command("humans", f"discard {hand[0]}, {hand[1]}")
    ui.command("humans", f"scarta {hand[2]}, {hand[3]}")
    assert [line.text for line in table.record.body[-4:]] == [f"discard {c}" for c in hand[:4]]
    assert ui.listed("discard fire, nothing-at-all") == [] and ui.listed("place d, e") == []


@pytest.mark.parametrize("network", [False, True])
def test_the_enter_pressed_after_the_pass_key_plays_nothing(monkeypatch, network):
    """'!' passes at once; the Enter a player presses after it out of habit came to the next
    prompt and played its Enter move ('draw'): at the local prompt it was ignored, over a LAN
    not. An Enter that comes later, or a prompt the network ended, is left alone."""
    import types

    ui, seat = _ui()
    lines = iter(["", "draw", "", ""])
    fake = types.SimpleNamespace(prompt=lambda *a, **k: next(lines), app=None)
    monkeypatch.setattr(ui, "_prompt_toolkit", lambda s: fake)
    tty = types.SimpleNamespace(isatty=lambda: True)
    monkeypatch.setattr("common.replprompt.sys", types.SimpleNamespace(stdin=tty, stdout=tty))
    if network:  # the prompt that shows lines arriving meanwhile
        import contextlib

        ui.session.live_chat = lambda *a: None
        monkeypatch.setattr("prompt_toolkit.patch_stdout.patch_stdout", lambda **k: contextlib.nullcontext())
    ui.passed_by_key = True
    assert ui.read(seat) == "draw"  # the stray Enter was asked again
    ui.passed_by_key = True
    monkeypatch.setattr("common.replprompt.ENTER_AFTER_KEY", -1.0)  # an Enter pressed later
    assert ui.read(seat) == ""
    assert ui.read(seat) == ""  # no '!' before it: an Enter as any other


def test_under_the_board_the_kinds_of_move_open_now_in_the_players_words(capsys):
    """'p1 to decide: premise' left a new player to find 'agree' by Tab or 'moves' (seen in
    tmux); Creature Feature and Galaxy Invaders list the kinds of move under the board, in the
    player's words; GROS words its prompts itself and adds nothing."""
    from horror.cli import SPEC as HORROR

    table = Table(HORROR.rules, seed=12)
    seat = table.decisions()[0].seat
    ui = Ui(HORROR, LocalSession(HORROR, table, {s: "human" for s in table.seats}, 1, None))
    ui.verbs_line(seat)
    assert "Your moves: agree · ability" in capsys.readouterr().out
    with language("it"):
        ui.verbs_line(seat)
    assert "Le tue mosse: " in (said := capsys.readouterr().out) and "agree" not in said
    gros, ray = _ui()
    gros.verbs_line(ray)
    assert capsys.readouterr().out == ""


def test_a_line_stops_when_a_bot_takes_a_turn_of_its_own(capsys):
    """Creature Feature's meeting: 'set the drill site; trope 2: ...; pass' set the set, waited
    through both bots' meeting turns and then wrote the trope and passed p1's next turn (seen in
    tmux): the others' turns are not answers to the line's move; the rest is said not played."""
    from horror.cli import SPEC as HORROR

    table = Table(HORROR.rules, seed=12)
    seats = table.seats
    ui = Ui(HORROR, LocalSession(HORROR, table, {seats[0]: "human", **{s: "normal" for s in seats[1:]}}, 1, None))
    for seat in seats:
        table.play(seat, "agree")
    assert table.decisions()[0].seat == seats[0]
    ui.command(seats[0], "set the drill site; trope 2: the lights go out; pass")
    mine = [line.text for line in table.record.body if line.seat == seats[0]]
    assert mine[-1] == "set the drill site", mine
    assert "Not played, as the decision is no longer yours: trope 2: the lights go out; pass" in capsys.readouterr().out
    # narration keeps its ';' ('hide' is no move: the whole line is one)
    assert ui.parses("say run; hide") and not ui.parses("hide") and ui.parses("set the drill site")


def test_a_listed_discard_is_one_part_of_a_line():
    """'discard the-garlic-necklace, the-shovel; done' was refused as one card so named (seen
    in tmux, a GROS end of turn): a part of a ';' line may list its cards too."""
    from gros.rules import RULES

    table = Table(SPEC.rules, seed=3, variant="gros", options={"players": "2"})
    ray, dana = table.seats
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                 "hand ray: the-garlic-necklace, the-shovel, the-blob", "hand dana: the-earthquake", "turn: ray 2"]:
        RULES.scenario(table.state, line)
    ui = Ui(SPEC, LocalSession(SPEC, table, {ray: "human", dana: "human"}, 1, None))
    ui.command(ray, "end")
    while table.decisions()[0].seat != ray:
        ui.command(dana, "pass")
    ui.command(ray, "discard garlic-necklace, shovel; done")
    said = [line.text for line in table.record.body[-3:]]
    assert said == ["discard the-garlic-necklace", "discard the-shovel", "done"], said
    assert table.decisions()[0].seat == dana
