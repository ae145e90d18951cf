"""Galaxy Invaders in Italian and Russian (issue 15): a whole game reads in the language with no
message falling back to English, every card has its name and text in both, card names of every
language are understood as move input, and records replay the same in every language."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from common import i18n
from common.batch import read_record, replay
from common.engine import Event, NotationError
from common.i18n import language
from common.story import Story
from invaders import MESSAGES, _, render
from invaders.board import DEFENDER_HIT, LANDED, LAST_SHIP, OUT_OF_CARDS
from invaders.bots import HeuristicBot
from invaders.notation import HELP
from invaders.rules import RULES
from invaders.state import SEATS

LANGS = ("it", "ru")
RECORDS = sorted((Path(__file__).parent.parent / "records" / "invaders").glob("*.rec"))
# the words a Russian screen may show in Latin letters: the game's name, the notation's move
# words in 'help moves' and in refusals, rich's nothing else
LATIN_OK = {"Galaxy", "Invaders"}


def text_of(renderable) -> str:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=140, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def misses(lang: str) -> list[tuple[str, str, str]]:
    return sorted(m for m in i18n.MISSES if m[0] == "invaders" and m[1] == lang)


def play_seeded_game(seed: int) -> tuple[list[str], set[str]]:
    """A bot game to its end in the current language: every event narrated, the board (with
    the forecast) and the callouts of each decision, the discard piles, the end screen's
    summary and both seats' last boards. Returns the texts and the event kinds seen."""
    st = RULES.setup({}, seed)
    bots = {seat: HeuristicBot(seed + k) for k, seat in enumerate(SEATS)}
    texts: list[str] = []
    kinds: set[str] = set()
    before: dict[str, dict] = {}
    for _turn in range(400):
        if RULES.outcome(st) is not None:
            break
        seat = RULES.decisions(st)[0].seat
        view = RULES.view(st, seat)
        texts.append(text_of(render.render_view(view, seat, before.get(seat), preview=True)))
        texts += render.callouts(before.get(seat), view, seat)
        texts.append(render.discard_pile(view))
        move = bots[seat].choose(RULES, view, seat, RULES.legal_moves(st, seat))
        events = RULES.apply(st, seat, move)
        kinds.update(e.kind for e in events)
        texts += [RULES.narrate(e) for e in events]
        before[seat] = view
    out = RULES.outcome(st)
    assert out is not None, "the seeded game did not end"
    for seat in SEATS:
        view = RULES.view(st, seat)
        texts.append(text_of(render.render_view(view, seat, before.get(seat))))
        texts += [str(p) for p in render.end_summary(view, {"winners": out.winners, "reason": out.reason})]
    texts.append(render.reason_text(out.reason))  # the end screen's result line
    return texts, kinds


EVERY_EVENT = [
    Event("turn", (2,)), Event("phase", (2, "attack")), Event("phase", (2, "defence")),
    Event("placed", ("d",)), Event("play", ("aliens", "gunner", "snipe b6")),
    Event("play", ("humans", "maneuver2", "maneuver 2 left")), Event("fire", ("aliens", 3)),
    Event("fire", ("humans", 1)), Event("fire", ("humans", 3)), Event("reinforced", ("c",)),
    Event("snipe", ("b6",)), Event("drift", ("b6", "a6")), Event("moved", ("e",)),
    Event("fleet", ("b6 d6",)), Event("fleet", ("",)), Event("bullets_collide", ("d4",)),
    Event("ship_destroyed", ("d5",)), Event("shielded", (0,)), Event("shielded", (1,)),
    Event("draw", ("aliens", 2)), Event("draw", ("humans", 1)), Event("draw", ("humans", 5)),
    Event("drew", ("humans", ("fire", "spread"))), Event("drew", ("aliens", ("thrusters",))),
    Event("reshuffle", ("humans", 21)), Event("must_discard", ("aliens", 1)),
    Event("must_discard", ("humans", 2)), Event("discard", ("humans", "shield")),
    Event("discard", ("aliens", "reinforcements")),
    Event("win", ("aliens", DEFENDER_HIT)), Event("win", ("aliens", LANDED.format(square="c1"))),
    Event("win", ("humans", LAST_SHIP)), Event("win", ("humans", OUT_OF_CARDS)),
]


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_reads_in_the_language(lang):
    i18n.MISSES.clear()
    with language(lang):
        texts, kinds = play_seeded_game(7)
        english_free = list(texts)
        texts += [RULES.narrate(e) for e in EVERY_EVENT]
        texts.append(text_of(render.cards_table()))
        texts.append(text_of(render.cards_table("side:humans")))
        for seat in SEATS:
            for cid in RULES.catalog.cards[seat]:
                shown = render.name(seat, cid)
                texts.append(render.describe_card(shown) or "")
                assert texts[-1], shown
        texts += [_(HELP), *(_(what) for what in render.TOGGLES.values())]
    assert {"turn", "phase", "placed", "play", "draw", "drew", "win"} <= kinds
    assert misses(lang) == []
    with language("en"):
        english = [RULES.narrate(e) for e in EVERY_EVENT]
    with language(lang):
        for event, said in zip(EVERY_EVENT, english, strict=True):
            assert RULES.narrate(event) != said, f"{event.kind} reads as English: {said}"
    if lang == "ru":  # nothing English left on the screens of a Russian game
        latin = {w for t in english_free for w in re.findall(r"[A-Za-z]{3,}", t)} - LATIN_OK
        assert not latin, sorted(latin)
    i18n.MISSES.clear()


def test_counts_take_the_languages_plural_forms():
    said = {}
    for lang in ("en", *LANGS):
        with language(lang):
            said[lang] = [RULES.narrate(Event("draw", ("humans", n))).rstrip(".").split()[-1] for n in (1, 3, 5, 21)]
    assert said == {"en": ["card", "cards", "cards", "cards"], "it": ["carta", "carte", "carte", "carte"],
                    "ru": ["карту", "карты", "карт", "карту"]}


@pytest.mark.parametrize("lang", LANGS)
def test_turn_headers_and_marks_work_in_the_language(lang):
    """The line REPL keeps a turn's header on a line of its own and marks each sentence."""
    story = Story(render.MARKS, render.HEADER)
    with language(lang):
        for event in (Event("turn", (3,)), Event("phase", (3, "attack")), Event("phase", (3, "defence"))):
            assert story.header.match(RULES.narrate(event)), RULES.narrate(event)
        marks = {kind: story.mark(RULES.narrate(Event(kind, data))) for kind, data in (
            ("play", ("aliens", "gunner", "snipe b6")), ("ship_destroyed", ("d5",)), ("fleet", ("b6",)),
            ("draw", ("humans", 2)), ("discard", ("humans", "fire")), ("must_discard", ("aliens", 2)),
            ("reshuffle", ("humans", 20)))}
    assert marks == {"play": "+", "ship_destroyed": "\u2212", "fleet": "\u2192", "draw": "+",
                     "discard": "\u2212", "must_discard": "\u2212", "reshuffle": "\u2212"}


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_are_worded_in_the_language(lang):
    i18n.MISSES.clear()
    st = RULES.setup({}, 3)
    with language(lang):
        said = []
        for seat, text in (("aliens", "fire"), ("humans", "fire"), ("humans", "place q")):
            with pytest.raises(Exception) as info:
                RULES.apply(st, seat, RULES.parse(text))
            said.append(str(info.value))
        for text in ("", "launch", "maneuver 2 up", "place d5", "snipe b", "discard zzz", "discard r"):
            with pytest.raises(NotationError) as info:
                RULES.parse(text)
            said.append(str(info.value))
    with language("en"):
        english = []
        for seat, text in (("aliens", "fire"), ("humans", "fire"), ("humans", "place q")):
            with pytest.raises(Exception) as info:
                RULES.apply(st, seat, RULES.parse(text))
            english.append(str(info.value))
    assert all(a != b for a, b in zip(said, english, strict=False)), said
    assert misses(lang) == []
    i18n.MISSES.clear()


# -- cards ---------------------------------------------------------------------------------------

def test_every_card_has_its_name_and_text_in_italian_and_russian():
    """Every card of decks.toml (a card added there needs its two translations: the failure
    names it), and nothing in the tables that is no card."""
    problems = []
    known = {f"{seat}.{cid}" for seat, cards in RULES.catalog.cards.items() for cid in cards}
    for lang in LANGS:
        table = MESSAGES.cards(lang)
        for seat, cards in RULES.catalog.cards.items():
            for cid, card in cards.items():
                for field in ("name", "text"):
                    if not table.get(f"{seat}.{cid}", {}).get(field):
                        problems.append(f'invaders/locale/{lang}/cards.toml: ["{seat}.{cid}"] has no {field} '
                                        f"(English: {getattr(card, field)!r})")
        problems += [f"invaders/locale/{lang}/cards.toml: [{key!r}] is no card of decks.toml"
                     for key in sorted(set(table) - known)]
    assert not problems, "\n".join(problems)


def test_the_italian_names_are_the_rulebooks():
    """Book 002 names Fuoco!, Manovra, Rinforzi and Scudo deflettore (decks.toml's `italian`)."""
    table = MESSAGES.cards("it")
    named = 0
    for seat, cards in RULES.catalog.cards.items():
        for cid, card in cards.items():
            if card.italian:
                assert table[f"{seat}.{cid}"]["name"] == card.italian
                named += 1
    assert named >= 4


def test_a_card_is_named_in_any_language_and_shown_in_the_readers():
    for seat, cards in RULES.catalog.cards.items():
        for cid in cards:
            for lang in ("en", *LANGS):
                with language(lang):
                    name = render.name(seat, cid)
                assert RULES.parse(f"discard {name}") == ("discard", cid), (lang, name)
                assert RULES.parse(f"discard {name.upper()}") == ("discard", cid), (lang, name)
    with language("ru"):
        assert render.name("humans", "shield") == "Отражающий щит"
        assert "Отражающий щит" in render.hand_line({"seat": "humans", "hand": ["shield"]})
        assert render.describe_card("щит").startswith("«Отражающий щит» (люди; Deflector Shield)")
    with language("it"):
        assert render.describe_card("Scudo").startswith("Scudo deflettore (umani; Deflector Shield)")
        assert "Fuoco!" in render.card_names() and "Fire!" in render.card_names()


@pytest.mark.parametrize("text,card", [
    ("discard отраж", "shield"), ("discard Манёвр 2", "maneuver2"), ("discard маневр 3", "maneuver3"),
    ("discard ventaglio", "spread"), ("discard rinf", "reinforcements"), ("discard Propulsori", "thrusters"),
    ("discard tiratore solitario", "gunner"), ("discard щит", "shield"),
])
def test_a_unique_start_or_word_of_a_name_in_any_language_will_do(text, card):
    assert RULES.parse(text) == ("discard", card)


def test_a_start_that_fits_cards_in_different_languages_is_refused_not_guessed():
    with pytest.raises(NotationError) as info:
        RULES.parse("discard r")  # Reinforcements, Rinforzi, and the Italian Raffica a ventaglio
    assert "reinforcements" in str(info.value) and "spread" in str(info.value)
    with pytest.raises(NotationError) as info:
        RULES.parse("discard Rinforzo")  # a typo: said, not guessed
    assert "did you mean reinforcements" in str(info.value)


@pytest.mark.parametrize("text,move,canonical", [
    ("манёвр 2 влево", ("maneuver", 2, -1), "maneuver 2 left"),
    ("manovra 1 destra", ("maneuver", 1, 1), "maneuver 1 right"),
    ("Огонь!", ("fire",), "fire"), ("конец", ("end",), "end"), ("fine", ("end",), "end"),
    ("scarta scudo", ("discard", "shield"), "discard shield"),
    ("сбросить Огонь!", ("discard", "fire"), "discard fire"),
    ("поставить d", ("place", 3), "place d"), ("piazza c", ("place", 2), "place c"),
    ("стрелок b6", ("snipe", "b6"), "snipe b6"), ("двигатели b6 вправо", ("drift", "b6", 1), "drift b6 right"),
])
def test_italian_and_russian_move_words_write_the_english_notation(text, move, canonical):
    assert RULES.parse(text) == move
    assert RULES.format(move) == canonical


# -- records -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_records_replay_the_same_in_every_language(lang):
    """Every invaders record, replayed with the language set: no failure (an 'expect illegal'
    quotes the English refusal), the same facts at the end."""
    assert len(RECORDS) >= 10
    for path in RECORDS:
        rec = read_record(str(path))
        english = replay(RULES, rec)
        with language(lang):
            other = replay(RULES, rec)
        assert other.failures == english.failures == [], (path.name, other.failures)
        assert other.table.facts() == english.table.facts(), path.name


@pytest.mark.parametrize(("lang", "opens"), [("it", ("Gli alieni hanno vinto", "Gli umani hanno vinto")),
                                             ("ru", ("Пришельцы победили", "Люди победили"))])
def test_the_end_says_who_won_as_a_sentence(lang, opens):
    """The end screen said 'Come: gli umani hanno vinto...', 'Как: пришельцы победили...' and
    'корабль сел на Луну на a1'; a sentence now says who won, and where a ship landed."""
    view = {"ships": [], "shields": 0, "turn": 6, "deck_sizes": {"aliens": 1, "humans": 2},
            "hand_sizes": {"aliens": 3, "humans": 4}}
    with language(lang):
        for winner, reason, start in (("aliens", LANDED.format(square="a1"), opens[0]),
                                      ("humans", LAST_SHIP, opens[1])):
            how = render.end_summary({**view, "winner": winner, "reason": reason}, {})[0]
            assert how.startswith(start), how
            assert not re.search(r"\bна \w+ на\b", how), how


@pytest.mark.parametrize(("lang", "card", "held"), [("ru", "«Отражающий щит»", "Огонь!"),
                                                    ("it", "«Scudo deflettore»", "Fuoco!"),
                                                    ("en", "Deflector Shield", "Fire!")])
def test_a_discard_of_a_card_not_held_names_the_cards_in_the_readers_language(lang, card, held):
    """'у вас нет карты 'shield' (на руке: fire, fire, maneuver2, ...)' showed a Russian player
    the cards' ids (seen in tmux)."""
    from common.engine import IllegalMove

    state = RULES.setup({}, 1)
    state.hands["humans"] = ["fire", "fire", "maneuver2"]
    with language(lang), pytest.raises(IllegalMove) as refused:
        RULES._discard(state, "humans", "shield", [])
    said = str(refused.value)
    assert card in said and held in said and "maneuver2" not in said and said.count(held) == 1, said


@pytest.mark.parametrize(("lang", "typed", "names"), [("it", "scarta ma", "manovra, manovra 1"),
                                                      ("ru", "сбросить м", "манёвр, манёвр 1")])
def test_a_start_that_fits_several_cards_is_answered_with_the_readers_names(lang, typed, names):
    """'manovra' fits four cards: the answer lists them as the player types them, not as ids."""
    with language(lang), pytest.raises(NotationError) as refused:
        RULES.parse(typed)
    assert names in str(refused.value) and "maneuver" not in str(refused.value), str(refused.value)


@pytest.mark.parametrize(("lang", "word", "help_word", "on"), [
    ("it", "anteprima", "aiuto", "anteprima: sì."), ("ru", "прогноз", "помощь", "прогноз: вкл.")])
def test_the_preview_is_typed_and_listed_in_the_players_language(lang, word, help_word, on):
    """'preview' was the one English word left in the Italian and Russian REPL's help."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "invaders", "play", "--seed", "3", "--lang", lang, "--pace", "0"],
                         input=f"{help_word}\n{word}\nquit\nn\n", text=True, capture_output=True, timeout=60,
                         env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(root)})
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert any(line.split()[:1] == [word] for line in lines), out.stdout[-3000:]  # help's row
    assert not any(line.split()[:1] == ["preview"] for line in lines)
    assert on in out.stdout and "Traceback" not in out.stdout + out.stderr


def test_the_russian_card_list_reads_in_an_80_column_terminal():
    """At 80 columns the effect column was squeezed to a word a line (12 lines for Fire!):
    the text gets the width, or the list is stacked a card at a time."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "invaders", "cards", "--lang", "ru"], text=True,
                         capture_output=True, timeout=60,
                         env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "PYTHONPATH": str(root)})
    assert out.returncode == 0, out.stderr
    cards = sum(len(RULES.catalog.cards[seat]) for seat in SEATS)
    assert len(out.stdout.splitlines()) <= 2 + 7 * cards, out.stdout  # the title, then at most 7 a card
    assert "Стреляют все корабли: на клетку каждого корабля" in " ".join(out.stdout.split())


def test_the_discard_hint_names_cards_in_the_hand():
    """The hint's example once named Fire! and Spread Shot to the fleet too, whose hand holds
    no Spread Shot: it names two cards the player holds, typed as the player's language reads
    them, and each part reads back as a discard of that card."""
    view = {"seat": "aliens", "hand": ["thrusters", "gunner", "thrusters"], "hand_limit": {"aliens": 1},
            "discarding": True, "to_move": ["aliens"]}
    assert "'discard thrusters, gunner' for several" in render.hand_line(view)
    for lang in ("en", *LANGS):
        with language(lang):
            example = render.several(view["hand"])
            assert example in render.hand_line(view)
        verb, _space, rest = example.partition(" ")
        cards = [RULES.parse(f"{verb} {part.strip()}") for part in rest.split(",")]
        assert cards == [("discard", "thrusters"), ("discard", "gunner")], (lang, example)
