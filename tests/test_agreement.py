"""Every narration sentence, with every card, in every language: the words agree with the card.

Italian says "“La Sensitiva” viene rimossa", "“Le Api Assassine” escono di scena"; Russian
"«Крысы-мутанты» атакуют". A card's gender and number are data (``gender``, ``plural`` in
``<package>/locale/<lang>/cards.toml``) and a translation names the forms that agree with a
card in its placeholder (``common/agree.py``). Russian keeps a name in «» in the nominative, so
a sentence that needs another case puts a noun before it ("играет карту «Монтировка»").

The events are real ones, collected from seeded random games, with every card put in turn in
every place an event names a card. The forms the test expects come from its own word list
below, not from the catalogs, so a translation that forgets to agree fails here.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from common.agree import CLASSES, GENDERS, card_grammar, grammar
from common.articles import fused
from common.engine import Event
from common.i18n import MISSES, language

ROOT = Path(__file__).resolve().parent.parent

# words that agree with their subject, in the order of common.agree.CLASSES
AGREEING = {
    "it": [("rimosso", "rimossa", "rimossi", "rimosse"), ("bloccato", "bloccata", "bloccati", "bloccate"),
           ("viene", "viene", "vengono", "vengono"), ("esce", "esce", "escono", "escono"),
           ("muore", "muore", "muoiono", "muoiono"), ("riceve", "riceve", "ricevono", "ricevono"),
           ("passa", "passa", "passano", "passano"), ("torna", "torna", "tornano", "tornano"),
           ("ottiene", "ottiene", "ottengono", "ottengono"), ("attacca", "attacca", "attaccano", "attaccano"),
           ("ha", "ha", "hanno", "hanno"), ("arriva", "arriva", "arrivano", "arrivano")],
    "ru": [("атакует", "атакует", "атакует", "атакуют"), ("идёт", "идёт", "идёт", "идут"),
           ("уходит", "уходит", "уходит", "уходят"), ("погибает", "погибает", "погибает", "погибают"),
           ("убран", "убрана", "убрано", "убраны"), ("убит", "убита", "убито", "убиты"),
           ("получает", "получает", "получает", "получают"), ("переходит", "переходит", "переходит", "переходят"),
           ("возвращается", "возвращается", "возвращается", "возвращаются"),
           ("остановлен", "остановлена", "остановлено", "остановлены"),
           ("сброшен", "сброшена", "сброшено", "сброшены"), ("покидает", "покидает", "покидает", "покидают"),
           ("убивает", "убивает", "убивает", "убивают")],
}
# before a Russian name in «» in another case than the nominative: the noun that takes the case
RU_HEADS = {"карту", "карта", "карты", "карте", "персонажу", "персонажа", "реквизит", "локацию",
            "локации", "существо", "игрока"}
# what a word before a card's name may end with when the name starts a clause or a list
OPENERS = (":", "(", ",", "!", ".", "—", "+")
# Italian never writes a preposition before an article: "di “Il Robot”" is "del “Robot”"
UNFUSED = re.compile(r"(?<![\w'’])(?:di|a|da|in|su) [“«\"]?(?:(?:il|lo|la|i|gli|le) |l['’](?=\w))", re.IGNORECASE)
PREPOSITIONS = ("di", "a", "da", "in", "su")


def _unfused(sentence: str, name: str) -> str:
    """An Italian sentence with ``name`` written whole again where a preposition took its
    article ("del “Robot”" -> "di “Il Robot”"), so the agreement checks find it."""
    for prep in PREPOSITIONS:
        for cased in (prep, prep.capitalize()):
            joined = fused(cased, name)
            if joined:
                sentence = re.sub(r"(?<![\w'’])" + re.escape(joined), f"{cased} {name}", sentence)
    return sentence


def _gros_events() -> list[Event]:
    """One event of each kind that names a card, from seeded random games over both decks."""
    from gros.rules import RULES

    found: dict[str, Event] = {}
    for seed in range(6):
        st = RULES.setup({"players": "3", "deck": "gros+gr2", "variant": "gr2"}, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            decisions = RULES.decisions(st)
            if not decisions:
                break
            seat = decisions[0].seat
            for ev in RULES.apply(st, seat, rng.choice(RULES.legal_moves(st, seat))):
                found.setdefault(ev.kind if ev.kind != "strength" else f"strength.{ev.data[0]}", ev)
    return list(found.values())


def _with_card(value, cid: str, ids: set[str]):
    """An event's data with every card it names replaced by ``cid``."""
    if isinstance(value, str):
        parts = value.split("/")
        swapped = [cid if p.split(".")[0] in ids else p for p in parts]
        if "+" in value and "/" not in value and all(p in ids for p in value.split("+")):
            return cid
        return "/".join(swapped)
    if isinstance(value, (tuple, list)):
        return type(value)(_with_card(v, cid, ids) for v in value)
    return value


def _card_data(package: str, lang: str) -> dict[str, dict]:
    with open(ROOT / package / "locale" / lang / "cards.toml", "rb") as fh:
        return {k: v for k, v in tomllib.load(fh).items() if not k.startswith("_")}


def _words_around(sentence: str, name: str) -> list[tuple[str, str]]:
    """(word before, word after) each time ``name`` stands in ``sentence`` ('' at an edge);
    a parenthesis after the name (the seat: "“Lo Skater” (dana) viene ...") is skipped."""
    out = []
    for m in re.finditer(re.escape(name), sentence):
        before = sentence[:m.start()].rstrip(" ").rsplit(" ", 1)[-1] if sentence[:m.start()].strip() else ""
        rest = re.sub(r"^ \([^)]*\)", "", sentence[m.end():])
        after = rest.split()[0] if rest.startswith(" ") and rest.split() else ""
        out.append((before, after))
    return out


def _check(sentence: str, name: str, klass: str, lang: str) -> list[str]:
    bad = []
    index = CLASSES[lang].index(klass)
    for before, after in _words_around(sentence, name):
        genitive = before in ("di", "del", "della", "dello", "dei", "delle")  # "L'attacco di X viene"
        for word in ("" if genitive else after, "" if before.endswith(OPENERS) else before):
            clean = word.strip(".,:;!?")
            for forms in AGREEING[lang]:
                if clean in forms and clean != forms[index]:
                    bad.append(f"{clean!r} where {forms[index]!r} agrees: {sentence}")
        if lang == "ru" and before and not before.endswith(OPENERS) and before.lower() not in RU_HEADS \
                and not any(before in forms for forms in AGREEING["ru"]):
            bad.append(f"«…» after {before!r}, not in the nominative: {sentence}")
    return bad


def _callouts(cid: str) -> list[str]:
    """The lines the board says to a player whose Movie lost ``cid``, killed by ``cid``."""
    from gros.render import callouts

    movie = {"seat": "dana", "chars": [{"card": cid}]}
    attack = {"target": "dana", "attacker": "ray", "creature": cid, "value": 9, "defence": 3}
    after = {"game_no": 1, "movies": [{"seat": "dana", "chars": []}], "attack": None}
    return (callouts({"game_no": 1, "movies": [movie], "attack": attack}, after, "dana")
            + callouts({"game_no": 1, "movies": [movie], "attack": None}, after, "dana")
            + callouts({"game_no": 1, "movies": [], "attack": None}, {**after, "attack": attack}, "dana"))


def _cases(package: str):
    if package == "gros":
        from gros.lang import cards, quoted
        from gros.rules import RULES

        return RULES, _gros_events(), set(cards()), quoted
    from invaders.rules import RULES as INVADERS

    events = [Event("play", ("aliens", "fire")), Event("play", ("humans", "fire")),
              Event("discard", ("aliens", "fire")), Event("discard", ("humans", "fire")),
              Event("drew", ("humans", ("fire",)))]
    return INVADERS, events, None, None


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_gros_narration_sentence_agrees_with_every_card(lang):
    from gros import MESSAGES
    from gros.lang import card_name

    rules, events, ids, quoted = _cases("gros")
    kinds = {ev.kind for ev in events}
    assert {"played", "stopped", "attack", "attack_over", "killed", "removed", "prop", "discard"} <= kinds, kinds
    data = _card_data("gros", lang)
    bad: list[str] = []
    checked = 0
    MISSES.clear()
    with language(lang):
        for cid in sorted(ids):
            klass = grammar(lang, data[cid]["gender"], data[cid].get("plural", False))
            assert card_grammar(MESSAGES, cid) == klass
            name = quoted(card_name(cid))
            for ev in events:
                swapped = Event(ev.kind, _with_card(ev.data, cid, ids), ev.seat)
                if swapped.data == ev.data and any(isinstance(x, str) and x in ids for x in ev.data):
                    continue
                said = rules.narrate(swapped)
                bad += [f"unfused: {said}" for _ in UNFUSED.finditer(said)]
                sentence = _unfused(said, name)
                if name in sentence:
                    checked += 1
                    bad += _check(sentence, name, klass, lang)
            for said in _callouts(cid):  # what the board tells a player of their Movie
                bad += [f"unfused: {said}" for _ in UNFUSED.finditer(said)]
                sentence = _unfused(said, name)
                assert name in sentence, sentence
                bad += _check(sentence, name, klass, lang)
    assert not MISSES, sorted(MISSES)[:5]
    assert checked >= len(ids) * 10, checked
    assert not bad, "\n".join(sorted(set(bad))[:30])


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_invaders_narration_sentence_needs_no_agreement(lang):
    """Invaders' sentences with a card say "carta"/"карту" or list it after a colon: no card's
    grammar changes them (and in Russian no name in «» leaves the nominative)."""
    from invaders.rules import RULES
    from invaders.views import card_name

    bad = []
    for seat in ("aliens", "humans"):
        for cid in RULES.catalog.cards[seat]:
            for kind, data in (("play", (seat, cid)), ("discard", (seat, cid)), ("drew", ((seat, (cid,))))):
                with language(lang):
                    sentence = RULES.narrate(Event(kind, data if kind != "drew" else (seat, (cid,))))
                    name = card_name(RULES, seat, cid)
                assert name in sentence, sentence
                for before, _after in _words_around(sentence, name):
                    before = before.lstrip("«“")
                    if lang == "ru" and before and not before.endswith(OPENERS) and before not in RU_HEADS:
                        bad.append(sentence)
    assert not bad, bad


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_card_name_has_its_grammar_and_the_articles_and_endings_agree(lang):
    """Gender and number are data; where the name shows them (an Italian article, a Russian
    adjective's ending) the data must say the same."""
    data = _card_data("gros", lang)
    from gros.lang import cards

    assert set(data) == set(cards())
    wrong = []
    for cid, entry in data.items():
        gender, plural = entry.get("gender"), entry.get("plural", False)
        assert gender in GENDERS[lang] and isinstance(plural, bool), f"{lang}: {cid}: gender {gender!r}"
        first = re.split(r"[ \-:]", entry["name"])[0]
        if lang == "it":
            said = {"Il": ("m", False), "Lo": ("m", False), "La": ("f", False), "I": ("m", True),
                    "Gli": ("m", True), "Le": ("f", True)}.get(first)
        else:
            low = first.lower()
            said = (("m", True) if low.endswith(("ые", "ие")) and len(low) > 4 and not low.endswith("ние")
                                                                  and not low.endswith("тие")
                    else ("f", False) if low.endswith(("ая", "яя"))
                    else ("m", False) if low.endswith(("ый", "ий", "ой"))
                    else ("n", False) if low.endswith(("ое", "ее"))
                    else None)
            if said and said[1]:
                said = (gender, True)  # a plural shows no gender
        if said and said != (gender, plural):
            wrong.append(f"{cid}: {entry['name']!r} reads {said}, the data says {(gender, plural)}")
    assert not wrong, wrong
