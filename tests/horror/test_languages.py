"""Creature Feature in Italian and Russian (issue 15): a seeded bot film told, drawn and written
as a screenplay in each language with no horror message falling back to English; the element
types' names and texts in every language, and their names accepted in every language; records
replayed in each language with the same outcome."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console

from common import i18n
from common.batch import read_record, replay
from common.engine import GameError
from common.i18n import language
from common.selfplay import play_game
from common.table import Table
from horror import MESSAGES, _, cardlist, notation, render, screenplay
from horror.bots import AuteurBot
from horror.narration import KIND_WORDS
from horror.rules import RULES
from tests.horror.test_fountain import parse_fountain

RECORDS = Path(__file__).parent.parent / "records" / "horror"
# records whose refusals are not asserted by their English words (those stay English-only)
REPLAYED = ("book-check", "book-contest", "climax-dead", "monster-dice", "quiet", "rewards",
            "schedule", "trades-declined")


@cache
def film_moves(seed: int = 4) -> tuple:
    opts = {"players": "3"}
    bots = {s: AuteurBot(seed + i) for i, s in enumerate(RULES.seats(opts))}
    return tuple(play_game(RULES, seed, bots, opts).moves)


def _text(renderable) -> str:
    console = Console(file=io.StringIO(), width=140, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _misses(lang: str) -> list:
    return sorted(m for m in i18n.MISSES if m[0] == "horror" and m[1] == lang)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_whole_film_is_told_drawn_and_written_in_the_language(lang):
    i18n.MISSES.clear()
    said: list[str] = []
    with language(lang):
        table = Table(RULES, seed=4, options={"players": "3"}, keep_undo=False)
        before = {s: None for s in table.seats}
        kinds = set()
        for seat, move in film_moves():
            view = table.view(seat)  # the board of the seat at its decision
            said.append(_text(render.render_view(view, seat, since=before[seat])))
            said += render.callouts(before[seat], view, seat)
            before[seat] = view
            for ev in table.play(seat, move):
                kinds.add(ev.kind)
                said.append(RULES.narrate(ev))
        final = table.view(None)
        out = RULES.outcome(table.state).to_json()
        said.append(_text(render.render_view(final, None)))
        said += [_text(p) if not isinstance(p, str) else p for p in render.end_summary(final, out)]
        said.append(render.script_text(final))
        said.append(_text(render.cards_table()))
        said += [render.describe_card(row[0]) for row in cardlist.PRICES]
        said += [cardlist.film_card(table.view(s), e[0]) or "" for s in table.seats for e in final["elements"]]
        said += [out["reason"], _(render.WINNER_LABEL), *[_(w) for w, _h in render.GAME_COMMANDS.values()]]
        shown = _(notation.HELP)  # what common's 'help moves' says
        assert shown != notation.HELP and "offer CARD" not in shown
        assert notation.word_for("offer") in shown and "c3" in shown  # the move words are the language's
        markdown, fountain = screenplay.markdown(final), screenplay.fountain(final)
        assert f"> {screenplay.the_end()} <" in fountain and f"**{screenplay.the_end()}**" in markdown
    assert not _misses(lang), _misses(lang)[:20]
    assert {"death", "roll", "result", "cut", "credits", "trope"} <= kinds  # the film had its beats
    english = {"Screen Time", "Plot Armour", "Monster Dice", "director", "the climax", "Cut!"}
    for text in said:
        assert not any(word in text for word in english), text
    words = {"it": ("Tempo sullo Schermo", "Atto 1", "FINE", "Cast"), "ru": ("Экранное Время", "Акт 1", "КОНЕЦ", "")}
    assert words[lang][0] in "\n".join(said) and words[lang][1] in markdown


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_screenplay_in_the_language_is_still_fountain(lang):
    table = Table(RULES, seed=4, options={"players": "3"}, keep_undo=False)
    for seat, move in film_moves():
        table.play(seat, move)
    with language(lang):
        doc = parse_fountain(screenplay.fountain(table.view(None)))
        end = screenplay.the_end()
        cut = screenplay.pgettext("transition", "CUT TO:")
        where = (screenplay.pgettext("slugline", "INT."), screenplay.pgettext("slugline", "EXT."))
    kinds = [k for k, _t in doc]
    headings = [t for k, t in doc if k == "heading"]
    assert headings and all(h.startswith(where) for h in headings)
    assert ("centered", end) in doc and "transition" in kinds and kinds.count("section") >= 4
    assert cut in [t for k, t in doc if k == "transition"]


def test_every_element_type_has_its_name_and_text_in_every_language():
    for lang in ("it", "ru"):
        cards = MESSAGES.cards(lang)
        for key in KIND_WORDS:
            assert cards.get(key, {}).get("name"), (lang, key)
        for row in cardlist.PRICES:
            assert cards[row[0]].get("text"), (lang, row[0])
        names = [cards[k]["name"].lower() for k in KIND_WORDS]
        assert len(set(names)) == len(names), lang  # each name names one type


def test_element_types_are_found_by_their_name_in_any_language():
    with language("en"):
        assert render.describe_card("звезда") == render.describe_card("star")
        assert render.describe_card("comprimario") == render.describe_card("supporting")
        assert "звезда" in render.card_names() and "star" in render.card_names()
    with language("ru"):
        said = render.describe_card("protagonista")
        assert said and said.startswith("звезда: Экранное Время 3")
        assert render.describe_card("star") == said
        assert "│ звезда " in _text(render.cards_table("зве"))


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_records_replay_with_the_same_outcome_in_the_language(lang):
    for name in REPLAYED:
        rec = read_record(str(RECORDS / f"{name}.rec"))
        english = replay(RULES, rec)
        with language(lang):
            other = replay(RULES, rec)
        assert not other.failures, (name, other.failures)
        assert other.table.facts() == english.table.facts(), name


def test_a_refusal_is_worded_in_the_language():
    table = Table(RULES, seed=4, options={"players": "3"})
    with language("ru"):
        try:
            table.play("p2", "agree")
        except Exception as exc:  # noqa: BLE001 - the refusal's words are what is tested
            refused = str(exc)
        else:
            raise AssertionError("a bid during the premise was played")
    assert refused == "сейчас решает p1 (поправить завязку или согласиться), а не p2"


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_the_story_marks_and_headers_read_every_language(lang):
    """The line REPL marks what a sentence did (common.story) by words of the narration: they
    are there in each language."""
    from common.engine import Event
    from common.story import Story

    story = Story(render.MARKS, render.HEADER)
    with language(lang):
        said = {kind: RULES.narrate(Event(kind, data)) for kind, data in (
            ("death", ("Vera", 1)), ("saved", ("Vera", 0)), ("create", ("p1", "c1", "star", "Vera", 2)),
            ("play", ("p1", "c1", "Vera", "star", "")), ("armour", ("p1", "c1", "Vera", 2, 1)), ("trade", ("p1", "p2", "role", "set")),
            ("move", ("p1", "The pier")), ("near", ("p1", "The pier", "The cove")),
            ("meeting", (1, 1, "p1")), ("meeting_turn", ("p2",)), ("cut", (3, "p1", (("p1", 2),))),
            ("deal", (2, (("p1", 3),))), ("auction", (2, 1, "p1")), ("act", (2,)))}
    assert [story.mark(said[k]) for k in ("death", "saved", "create", "play", "armour", "trade", "move", "near")] == \
        ["\u2212", "\u2212", "+", "+", "+", "\u2192", "\u2192", "\u2192"], said
    for kind in ("meeting", "meeting_turn", "cut", "deal", "auction", "act"):
        assert story.header.match(said[kind]), said[kind]


def test_an_offer_names_its_type_in_any_language_and_is_written_in_english():
    from horror.notation import format_move, parse

    for typed, wanted in (("offer c3 for сет", "set"), ("offer c3 for побочная линия", "subplot"),
                          ("offer c3 for Sottotrama", "subplot"), ("offer c3 for ruolo", "role"),
                          ("offer c3 for role", "role"), ("offer c3 for cake", "cake")):
        move = parse(typed)
        assert move == ("offer", "c3", wanted) and format_move(move) == f"offer c3 for {wanted}"


def test_a_bid_and_a_stake_are_one_word_in_italian_and_russian():
    """'punta 1' and 'ставка 1' at the director's chair's auction are a bid (the same words stake
    dice at a roll); the record keeps the English move."""
    from common.batch import open_table

    rec = read_record(str(Path(__file__).parents[1] / "records" / "horror" / "auction.rec"))
    for typed, bid in (("punta 1", "bid 1"), ("ставка 1", "bid 1"), ("bid 1", "bid 1")):
        table = open_table(RULES, rec)
        for seat, move in rec.moves()[:11]:
            table.play(seat, move)
        assert table.facts()["decision"] == "bid"
        table.play("ann", typed)
        assert table.record.body[-1].text == bid, typed
    with pytest.raises(GameError):
        table.play("bob", "stake 1")  # neither a bid of 1 (too low) nor a stake: refused


def test_pass_at_the_trade_before_a_scene_is_done():
    """'pass' at the trade before a scene was refused ("before the scene: 'offer CARD for TYPE'
    or 'done'", seen in tmux): it means nothing from me there too, and 'done' where only
    'pass' is listed. The record keeps the listed move."""
    from common.batch import open_table

    rec = read_record(str(Path(__file__).parents[1] / "records" / "horror" / "auction.rec"))
    table = open_table(RULES, rec)
    for seat, move in rec.moves()[:8]:
        table.play(seat, move)
    assert table.facts()["decision"] == "trade"
    table.play("ann", "pass")
    assert table.record.body[-1].text == "done"
    table.play("bob", "done")
    table.play("cat", "done")
    assert table.facts()["decision"] == "bid"
    table.play("ann", "done")  # 'pass' is the auction's word
    assert table.record.body[-1].text == "pass"
