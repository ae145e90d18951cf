"""Grave Robbers in Italian and Russian (issue 15): a whole seeded game told, drawn and scored
in each language with nothing of the game's own text falling back to English; every card
translated; card names accepted in every language; records replay the same in any language."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import pytest

from common import i18n
from common.batch import read_record, replay
from common.bots import RandomBot
from common.engine import IllegalMove, NotationError
from common.i18n import language
from common.table import Table
from gros import MESSAGES
from gros import render as rd
from gros.catalog import load_catalog
from gros.rules import RULES

RECORDS = Path(__file__).resolve().parents[1] / "records" / "gros"
LOCALE = Path(__file__).resolve().parents[2] / "gros" / "locale"


def _text(renderable) -> str:
    from rich.console import Console

    console = Console(file=StringIO(), width=140, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _misses() -> set:
    return {m for m in i18n.MISSES if m[0] == "gros"}


def _whole_game(lang: str, seed: int, options: dict[str, str], boards: bool = True) -> list[str]:
    """A seeded random game to its end, every event narrated for every seat, each seat's board
    drawn at each of its decisions (with callouts; ``boards``), a refused move explained, and
    the end."""
    said: list[str] = []
    with language(lang):
        t = Table(RULES, seed=seed, options=options, variant=options.get("variant", "gros"))
        bots = {s: RandomBot(seed * 7 + k) for k, s in enumerate(t.seats)}
        seen: dict[str, dict] = {}
        for _turn in range(3000):
            if t.outcome() is not None:
                break
            seat = t.to_move()[0]
            view = t.view(seat)
            if boards:
                said.append(_text(rd.render_view(view, seat, since=seen.get(seat))))
                said += rd.callouts(seen.get(seat), view, seat)
                said.append(rd.discard_pile(view))
            seen[seat] = view
            try:  # a move this seat may not make now: the refusal is worded too
                t.play(seat, "play the-blob on nobody")
            except (IllegalMove, NotationError) as exc:
                said.append(str(exc))
            legal = t.legal_moves(seat)
            move = bots[seat].choose(RULES, view, seat, legal)
            for _seat, line in t.narrate_all(t.play(seat, RULES.format(move))):
                said.append(line)
                said += rd.quote_for(line)
        assert t.outcome() is not None
        end = t.view(None)
        said.append(_text(rd.render_view(end, None)))
        said += [_text(p) for p in rd.end_summary(end, {})]
    return said


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize(("seed", "options", "boards"), [
    (9, {"variant": "gros", "players": "3"}, True),
    (12, {"variant": "gr2", "deck": "gros+gr2", "players": "3"}, True),
    # a match of several games, one ending as the deck runs out: told, not drawn (it is long)
    (4, {"variant": "gros", "players": "2", "target": "60"}, False),
])
def test_a_whole_game_reads_in_the_language_with_nothing_left_in_english(lang, seed, options, boards):
    i18n.MISSES.clear()
    said = _whole_game(lang, seed, options, boards)
    assert not _misses(), sorted(_misses())[:20]
    text = "\n".join(said)
    if lang == "it":
        assert "Film di" in text and "Difesa" in text and "Movie" not in text
    else:
        assert "фильм" in text and "Movie" not in text and "Defence" not in text
    i18n.MISSES.clear()


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_card_list_and_every_card_detail_read_in_the_language(lang):
    i18n.MISSES.clear()
    with language(lang):
        table = _text(rd.cards_table())
        details = [rd.describe_card(cid) for cid in load_catalog("gros+gr2").cards]
    assert all(details) and not _misses(), sorted(_misses())[:20]
    word = {"it": "Personaggio", "ru": "Персонаж"}[lang]
    assert word in table and all(word not in d for d in details if "Creature" in d)
    i18n.MISSES.clear()


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_card_has_every_text_field_translated(lang):
    with open(LOCALE / lang / "cards.toml", "rb") as fh:
        data = tomllib.load(fh)
    cards = load_catalog("gros+gr2").cards
    data_files = LOCALE.parent / "cards"  # every card the decks' data defines, however many
    defined = {cid for deck in ("gros", "gr2")
               for cid in tomllib.loads((data_files / f"{deck}.toml").read_text())["cards"]}
    assert defined and set(cards) == defined
    for cid, card in cards.items():
        entry = data.get(cid, {})
        for field in ("name", "text", "quote"):
            assert entry.get(field, "").strip(), f"{lang}: {cid}.{field} is missing"
            if card.text != "No special ability." or field != "text":
                same = {("skippy", "name"), ("the-blob", "name"), ("slow-motion", "quote")}
                assert entry[field] != getattr(card, field) or (cid, field) in same, \
                    f"{lang}: {cid}.{field} is the English"
        if card.italian and lang == "it":
            assert entry["name"] == card.italian, f"{cid}: the book's Italian name is {card.italian!r}"
    assert not set(data) - set(cards) - {"_traits"}, "a translation of no card"
    traits = {t for c in cards.values() for t in c.traits}
    assert traits <= set(data["_traits"]), traits - set(data["_traits"])


@pytest.mark.parametrize(("text", "move"), [
    ("play il giornalista", ("play", "the-reporter", (), "", ())),
    ("play Журналист", ("play", "the-reporter", (), "", ())),
    ("attack dana with Орда зомби", ("attack", "the-zombie-horde", "dana")),
    ("attack dana with l'orda di zombi", ("attack", "the-zombie-horde", "dana")),
    ("attack dana with orda di zombi", ("attack", "the-zombie-horde", "dana")),  # "L'" dropped
    ("play пчелы-убийцы", ("play", "the-killer-bees", (), "", ())),   # ё typed as е
    ("play лучевые on dana", ("play", "ray-guns", ("dana",), "", ())),  # a part of a name
])
def test_card_names_of_every_language_are_move_input(text, move):
    assert RULES.parse(text) == move
    assert RULES.format(RULES.parse(text)).split()[1] == move[1] if move[0] == "play" else True


def test_a_misspelt_russian_name_gets_a_suggestion():
    with pytest.raises(NotationError, match="the-reporter"):
        RULES.parse("play Журнолист")


def test_a_name_two_cards_share_in_different_languages_picks_neither(monkeypatch):
    """If an Italian name of one card were another card's Russian name, naming it must ask."""
    from gros import catalog, notation

    real = MESSAGES.card_names
    monkeypatch.setattr(MESSAGES, "card_names",
                        lambda cid: real(cid) + (["Il Robot"] if cid == "the-shovel" else []))
    catalog.load_catalog.cache_clear()
    catalog.all_aliases.cache_clear()
    try:
        with pytest.raises(NotationError, match="the-robot.*the-shovel|the-shovel.*the-robot"):
            notation.card("il robot")
        with pytest.raises(NotationError, match="fits 2 cards"):  # as a target too
            notation.parse("play bad-editing on il robot")
        assert notation.card("the-robot") == "the-robot"  # an id always names its own card
        assert notation.card("лопата") == "the-shovel"  # its other names still name it
    finally:
        monkeypatch.undo()
        catalog.load_catalog.cache_clear()
        catalog.all_aliases.cache_clear()


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize("name", ["book-000-attack-example.rec", "book-001-attack-example.rec",
                                  "rule-match-play.rec", "rule-deck-out.rec", "effect-return.rec"])
def test_a_record_replays_the_same_in_every_language(lang, name):
    """The same moves, the same facts, the same end. A record's 'expect illegal ... -> WORDS'
    holds English words, which common.batch compares with the refusal as the replaying
    language words it: only those lines may differ (book 000's record has one)."""
    rec = read_record(RECORDS / name)
    english = replay(RULES, rec)
    with language(lang):
        other = replay(RULES, rec)
    assert not english.failures
    assert all("refused with" in f for f in other.failures), other.failures
    assert other.table.facts() == english.table.facts()
    assert other.table.outcome() == english.table.outcome()


@pytest.mark.parametrize(("words", "it", "ru"), [
    (["revenge", "atomic", "zombie", "swamp", "night", "shotgun"],
     "La Notte degli Zombi Atomici con il Fucile dalla Palude: Vendetta",
     "Ночь атомных зомби с дробовиком из болота: Месть"),
    (["curse", "dark", "doll", "moon", "mars", "torches"],
     "La Maledizione delle Bambole Oscure con le Torce dalla Luna a Marte",
     "Проклятие тёмных кукол с факелами с Луны на Марс"),
    (["holy", "blast", "beach", "lake", "slime", "evil"],
     "L'Esplosione della Bava Malvagia Santa dalla Spiaggia al Lago",
     "Взрыв злобной святой слизи с пляжа на озеро"),
])
def test_the_generated_title_is_said_with_each_languages_grammar(words, it, ru):
    """Italian: articles fused with di/da/a, adjectives after the noun and agreeing with it;
    Russian: the genitive after the event, the instrumental after 'с', из/с and в/на."""
    from gros.titles import generated_title
    from gros.titling import shown_title

    english = generated_title(words)
    assert shown_title(english, words) == english
    for lang, want in (("it", it), ("ru", ru)):
        with language(lang):
            assert shown_title(english, words) == want
            assert shown_title("Our Own Title", words) == "Our Own Title"  # the players' own stays


def test_every_title_word_has_its_forms_in_each_language():
    from gros.titles import plan
    from gros.titling import forms, said

    words = sorted({c.title.lower() for c in load_catalog("gros+gr2").cards.values()})
    for lang in ("it", "ru"):
        assert not set(words) - set(forms(lang)), set(words) - set(forms(lang))
        for k in range(0, len(words) - 6, 3):  # every word in some title: each one says something
            assert said(plan(words[k:k + 6]), lang)


@pytest.mark.parametrize(("text", "written"), [
    ("title La Notte degli Zombi: notte zombi", "title La Notte degli Zombi: night zombie"),
    ("title Месть из болота: месть болото", "title Месть из болота: revenge swamp"),
    ("title Carnival Night: luna-park night", "title Carnival Night: carnival night"),
])
def test_title_words_may_be_typed_as_the_board_shows_them(text, written):
    """The board lists the six words in the player's language; typed so, they are the same
    words, and the record writes them in English."""
    assert RULES.format(RULES.parse(text)) == written


@pytest.mark.parametrize(("lang", "typed", "names", "english"), [
    ("it", "gioca laboratorio su ray", ("assistente-di-laboratorio", "laboratorio-del-pazzo"), "the-lab-assistant"),
    ("ru", "сыграть факел", ("пылающий-факел",), "flaming-torch"),  # a Russian part fits one card
    ("ru", "сыграть torcia", ("пылающий-факел", "фонарик"), "the-flashlight"),
    ("it", "gioca robto", ("robot",), "the-robot")])
def test_a_name_that_fits_several_cards_or_none_is_answered_with_the_players_names(lang, typed, names, english):
    """'laboratorio' fits two cards: the error offers 'assistente-di-laboratorio', which an
    Italian player may type, not the ids 'the-lab-assistant, the-mad-lab'."""
    with language(lang):
        try:
            RULES.parse(typed)
        except NotationError as exc:
            said = str(exc)
        else:
            assert len(names) == 1  # the one name that fits
            return
    assert all(name in said for name in names) and english not in said, said


@pytest.mark.parametrize(("lang", "spelled"), [("it", "'attacca GIOCATORE con mummia'"),
                                               ("ru", "мумия"), ("en", "the-mummy")])
def test_a_creature_played_as_an_sfx_is_refused_with_the_attack_in_the_players_words(lang, spelled):
    """'La Mummia attacca ('attacca POSTO con the-mummy')' told an Italian player to type an
    English id: the refusal names the card as the player types it."""
    table = Table(RULES, seed=7, variant="gros", options={"players": "3"})
    while table.decisions()[0].kind != "turn":  # the title, the first draw
        seat = table.decisions()[0].seat
        table.play(seat, table.legal(seat)[0])
    seat = table.decisions()[0].seat
    RULES.scenario(table.state, f"hand {seat}: the-mummy")
    with language(lang), pytest.raises(IllegalMove) as refused:
        table.play(seat, "play the-mummy")
    assert spelled in str(refused.value), str(refused.value)


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize("event", [("strength", ("movie", "ray", (), "+4")), ("granted", ("movie", "ray", (), "Undead")),
                                   ("strength", ("location", "ray", ("the-tomb",), "+2"))])
def test_a_sentence_that_opens_with_a_movie_opens_with_a_capital(lang, event):
    """'· il Film di ray: Difesa +4 per questo attacco.' began in lower case (seen in tmux)."""
    from common.engine import Event

    with language(lang):
        said = RULES.narrate(Event(event[0], event[1], None))
    assert not said[0].islower(), said
    with language("en"):  # a seat's name opens the English as the seat wrote it
        assert RULES.narrate(Event(event[0], event[1], None)).startswith("ray")


@pytest.mark.parametrize(("lang", "credits"), [("it", "titoli di coda"), ("ru", "титры")])
def test_the_credits_are_named_once_when_they_end_the_game(lang, credits):
    """'Идут титры (dana пускает титры)' and 'Scorrono i titoli di coda (ray ha mandato i Titoli
    di Coda)' said the credits twice in one sentence."""
    from common.engine import Event

    with language(lang):
        said = RULES.narrate(Event("scores", ("dana rolled the credits", (("ray", 32), ("dana", 33))), None))
    assert said.lower().count(credits) == 1 and "dana" in said, said


@pytest.mark.parametrize(("lang", "n", "said"), [
    ("it", 1, "(Ho passato per te 1 volta: non ti riguardava;"), ("it", 5, "(Ho passato per te 5 volte: non ti riguardavano;"),
    ("ru", 2, "(пас за вас — 2 раза: это было не против вас;"), ("ru", 5, "(пас за вас — 5 раз: это было")])
def test_the_reactions_passed_for_a_player_are_counted_in_plain_words(lang, n, said):
    """'(5 reazioni passate per te: non erano rivolte a te ...)', '(за вас пропущено 5 реакций: не
    на вас ...)' read as machine talk (seen in tmux at every attack on another player)."""
    from common import ngettext as common_ngettext

    with language(lang):
        line = common_ngettext("({n} reaction passed for you: not aimed at you; 'reactions all' asks every time.)",
                               "({n} reactions passed for you: not aimed at you; 'reactions all' asks every time.)",
                               n).format(n=n)
    assert line.startswith(said), line


@pytest.mark.parametrize(("lang", "mummy", "shovel"), [
    ("it", "[mummia] — Creatura, Attacco 5", "[pala] — Elemento di Scena, Difesa 1"),
    ("ru", "[мумия] — Существо, атака 5", "[лопата] — Реквизит, защита 1"),
    ("en", "[the-mummy] — Creature, Attack 5", "[the-shovel] — Prop, Defence 1")])
def test_a_cards_detail_gives_its_attack_or_defence_and_the_name_to_type(lang, mummy, shovel):
    """'La Mummia (The Mummy) [the-mummy] — Creatura, valore 5': the books say 'Blob (Attacco
    9)', and the bracket showed an Italian player an English id to type."""
    with language(lang):
        assert mummy in rd.describe_card("the-mummy")
        assert shovel in rd.describe_card("the-shovel")


@pytest.mark.parametrize(("text", "move"), [
    ("сыграть святую воду на шерифа", ("play", "the-holy-water", ("the-sheriff",), "", ())),
    ("сыграть святую воду на ray/шерифа", ("play", "the-holy-water", ("ray/the-sheriff",), "", ())),
    ("атаковать dana гигантскими муравьями", ("attack", "the-giant-ants", "dana")),
    ("атаковать dana с каплей", ("attack", "the-blob", "dana")),
    ("сыграть маньяка с топором", ("play", "the-axe-maniac", (), "", ())),
    ("сбросить капусту", ("discard", "the-carnivorous-cabbage")),
    ("attack dana the blob", ("attack", "the-blob", "dana"))])
def test_a_russian_player_may_name_a_card_in_the_case_the_sentence_needs(text, move):
    """'сыграть святую воду на шерифа' was 'нет карты «святую воду»' (seen in tmux): Russian
    puts a name in the accusative or the instrumental; the words' stems name the card."""
    with language("ru"):
        assert RULES.parse(text) == move


def test_a_declined_name_that_fits_no_card_is_refused_in_the_players_words():
    with language("ru"), pytest.raises(NotationError, match="зелёную капусту"):
        RULES.parse("сбросить зелёную капусту")


@pytest.mark.parametrize(("text", "move"), [
    ("gioca l'acqua santa sulla sensitiva", ("play", "the-holy-water", ("the-psychic",), "", ())),
    ("gioca istruzzito sull'ingenua", ("play", "istruzzito", ("the-ingenue",), "", ())),
    ("gioca la torcia fiammeggiante sul robot", ("play", "flaming-torch", ("the-robot",), "", ())),
    ("gioca le pistole a raggi sul film di dana", ("play", "ray-guns", ("dana",), "", ())),
    ("сыграть склеп на фильм игрока dana", ("play", "the-tomb", ("dana",), "", ()))])
def test_an_italian_player_may_write_the_preposition_with_its_article(text, move):
    """'gioca l'acqua santa sulla sensitiva' was 'nessuna carta si chiama «l'acqua santa sulla
    sensitiva»': Italian joins 'su' and the name's article; a Movie is 'il film di dana'."""
    with language("it"):
        assert RULES.parse(text) == move


@pytest.mark.parametrize("package", ["gros", "invaders"])
def test_russian_quotes_a_command_or_a_typed_word_in_guillemets(package):
    """'ваш ход: играйте карты, атакуйте или 'конец'' beside «ходы» in the next line: Russian
    quotes with «», and a typed word is not shown as Python's repr ('привет')."""
    import re

    from common import catalogs

    bad = []
    for msg in catalogs._read(package, "ru"):
        if not msg.id:
            continue
        for form in msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]:
            if re.search(r"(?<![\w«])'[^'\n]+'(?!\w)|!r\}", form or ""):
                bad.append(form)
    assert not bad, bad[:5]


@pytest.mark.parametrize("game", ["gros", "invaders"])
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_guided_game_quotes_the_players_words(lang, game):
    """'gros learn' in Italian told the player to type 'end', 'done', 'draw', 'attack dana with
    the-blob' and 'board', 'moves'; every move it quotes is in the player's words, and parses."""
    import importlib
    import re

    from common.commands import local_words

    notation = importlib.import_module(f"{game}.notation")
    english = {"play", "attack", "pass", "end", "done", "draw", "discard", "on", "board", "card", "moves", "rules",
               "place", "fire", "maneuver", "shield"}
    text = (Path(__file__).resolve().parents[2] / game / "locale" / lang / "learn.toml").read_text(encoding="utf-8")
    with language(lang):
        commands = set(local_words())
    quoted = [a or b for a, b in re.findall(r"(?<!\w)'([^'\n]+?)'(?!\w)|«([^»\n]+)»", text.split("\n", 2)[2])]
    assert len(quoted) >= 8
    for phrase in quoted:
        first = phrase.split()[0].lower()
        assert first not in english, phrase
        if first in notation.MOVE_WORDS[lang]:
            if not any(word.isupper() for word in phrase.split()):  # 'scarta CARTA': a template
                notation.parse(phrase)
        else:  # a command, a toggle, a card's name, an option or a shell command ('gros rules')
            assert first in commands or first in ("su", "на", "gros", "invaders", "anteprima", "--seats") \
                or not first.isascii(), phrase
