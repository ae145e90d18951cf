"""Issue 25: Invaders' sides are said in the player's language wherever they are shown (the
opening line, the prompt, the result), and typed in any language ('--seats umani'); records,
the notation and the protocol keep 'aliens' and 'humans'."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from common.endscreen import result_line
from common.i18n import language
from invaders.cli import SPEC
from invaders.cli import main as invaders_main

SIDES = {"it": ("alieni", "umani"), "ru": ("пришельцы", "люди")}


def _play(lang: str, seats: str, given: str) -> str:
    result = CliRunner().invoke(invaders_main, ["--lang", lang, "play", "--pace", "0", "--seed", "3",
                                                "--seats", seats, "--vs", "easy"], input=given)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_opening_line_and_the_prompt_say_the_sides_in_the_players_language(lang):
    aliens, humans = SIDES[lang]
    out = _play(lang, humans, {"it": "piazza d\nesci\n", "ru": "поставить d\nвыход\n"}[lang])
    assert f"{humans}>" in out and "humans>" not in out, out
    easy = {"it": "facile", "ru": "лёгкий"}[lang]  # the bot's level is said in the language too
    assert f": {humans}" in out and f"{aliens} ({easy})" in out, out
    assert "humans" not in out and "aliens" not in out, out


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_side_may_be_typed_in_any_language(lang):
    aliens, _humans = SIDES[lang]
    out = _play("en", aliens, "quit\n")  # an English player naming the side in Italian or Russian
    assert "you play aliens against humans (easy)" in out, out


@pytest.mark.parametrize(("lang", "line"), [("it", "Vittoria: umani"), ("ru", "Победа: люди"),
                                            ("en", "Victory: humans")])
def test_the_result_names_the_winning_side_in_the_players_language(lang, line):
    """'Vince: umani' and 'Победитель: люди' put a plural side after a singular word."""
    with language(lang):
        said = result_line({"winners": ["humans"], "reason": "the aliens have no cards left"},
                           SPEC.render.WINNER_LABEL, word=SPEC.text, reason_text=SPEC.render.reason_text, seat_name=SPEC.seat_name)
    assert said.startswith(line), said


def test_every_language_names_each_side_once():
    aliases = SPEC.seat_aliases()
    assert {aliases[w] for w in ("aliens", *SIDES["it"][:1], *SIDES["ru"][:1])} == {"aliens"}
    assert {aliases[w] for w in ("humans", SIDES["it"][1], SIDES["ru"][1])} == {"humans"}


@pytest.mark.parametrize(("lang", "decides", "thinks", "hand_over"), [
    ("it", "decidono gli umani", "gli umani stanno pensando", "Passa la tastiera agli umani"),
    ("ru", "решают люди", "люди думают", "Ходят люди: передайте клавиатуру"),
    ("en", "humans to decide", "humans are thinking", "Hand the keyboard to humans")])
def test_the_shared_lines_agree_with_a_side_that_is_plural(lang, decides, thinks, hand_over):
    """'решает люди', 'люди думает…' (the toolbar, the bots' progress bar): a side is a plural
    noun, a player's name is not; both go through ``GameSpec.seat_name``, which carries it."""
    from common import _ as common_text
    from gros.cli import SPEC as GROS

    with language(lang):
        humans, ray, nobody = SPEC.seat_name("humans"), GROS.seat_name("ray"), GROS.seat_name("—")
        assert common_text("{seat} to decide").format(seat=humans) == decides
        assert common_text("{seat} {seat:is|are} thinking…").format(seat=humans).startswith(thinks)
        assert common_text("Hand the keyboard to {seat} and press Enter.").format(seat=humans).startswith(hand_over)
        assert common_text("{seat} to decide").format(seat=ray) == {"it": "decide ray", "ru": "решает ray",
                                                                   "en": "ray to decide"}[lang]
        assert common_text("{seat} {seat:is|are} thinking…").format(seat=ray) == {
            "it": "ray sta pensando…", "ru": "ray думает…", "en": "ray is thinking…"}[lang]
        assert common_text("{title} · {seat} to decide · Tab lists moves · 'help' for commands").format(
            title="t", seat=nobody).startswith("t · ")  # no seat: a dash, and no error
