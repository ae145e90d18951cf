"""The film as a screenplay: scene headings from the set, action from the narration, dialogue
under the character's name, each trope once as it happens, dice as brief parentheticals, and
the cast with their fates at the end — as Markdown or as Fountain (the plain-text screenplay
format screenwriting apps open).

Written from a view (public information only), so any seat, a spectator or a network client
can write it; the REPL writes it at the credits and whenever someone plays 'screenplay'
(``horror.screenfile`` names and writes the file). The
film's log is first turned into blocks (``blocks``), which each format then writes out; the
table's book-keeping (deals, trades, bids, stakes, meetings) stays out of the film.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from common.agree import Named
from horror import _, ngettext, pgettext
from horror.narration import names_list, role_name
from horror.pooltext import in_reader_language, named
from horror.speech import struck
from horror.views import narrate

CHARACTERS = ("extra", "supporting", "star")
OUTSIDE = ("stairs", "steps", "beach", "cove", "shore", "dock", "pier", "jetty", "road", "street",
           "field", "forest", "woods", "yard", "garden", "cemetery", "graveyard", "cliff", "hill",
           "lagoon", "lake", "river", "swamp", "desert", "square", "roof", "deck", "mouth", "gate",
           "bridge", "camp", "crater", "ice", "tundra", "quarry", "path", "trail", "harbour", "harbor",
           "cornfield", "orchard", "moor", "marsh", "headland", "causeway", "car park", "parking lot",
           "airstrip", "launch pad", "surface", "glacier", "dune", "canyon", "ridge", "rocks", "platform")
# the same places in Italian and Russian, as the start of a word (Russian names decline: 'у моста')
OUTSIDE_STEMS = ("scal", "spiagg", "cala", "riva", "molo", "pontil", "strad", "via ", "camp", "bosc", "fores",
                 "cortil", "giardin", "cimiter", "scogl", "collin", "lagun", "lago", "fium", "palud", "desert",
                 "piazz", "tett", "ponte", "cancell", "cratere", "ghiacci", "cava", "sentier", "porto", "frutet",
                 "brughier", "promontor", "parchegg", "pista", "dun", "canyon", "cresta", "rocc", "piattaform",
                 "лестниц", "пляж", "бухт", "берег", "причал", "пирс", "дорог", "улиц", "пол", "лес", "двор",
                 "сад", "кладбищ", "утёс", "утес", "скал", "холм", "лагун", "озер", "озёр", "рек", "болот",
                 "пустын", "площад", "крыш", "палуб", "мост", "ворот", "лагер", "кратер", "лёд", "льд", "тундр",
                 "карьер", "троп", "гаван", "порт", "сад", "пустош", "мыс", "стоянк", "взлётн", "поверхност",
                 "ледник", "дюн", "каньон", "хребт", "платформ")
_ARTICLES = {"en": r"^(the|a|an)\s+", "it": r"^(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l'|un')"}
BOOK_KEEPING = {"deal", "offer", "decline", "no_trade", "trade", "pass", "bid", "meeting_turn", "meeting",
                "meeting_pass", "premise", "premise_set", "agree", "stake", "screenplay", "hand", "got",
                "create", "write", "raise", "armour", "prop", "near", "close", "claim", "chair", "pool",
                "grant", "act_over", "drop", "veto"}


# the table's sentences that carry the game's numbers ("The monster grows: Monster Dice 4",
# "with 0 Plot Armour left", "p2 has no die to stake"), as the film tells them: no mechanics
PROSE = {"death": lambda: _("{name} is caught and killed."),
         "saved": lambda: _("{name} is caught, but lives: knocked cold, out of the scene."),
         "cornered": lambda: _("{name} has nowhere left to run.")}


class Block(NamedTuple):
    """One paragraph of the screenplay: kind is section, heading, action, dice, dialogue,
    ruling, transition or end; ``who`` names the speaker of dialogue."""

    kind: str
    text: str
    who: str = ""


def _elements(view: dict[str, Any]) -> dict[str, list]:
    return {e[0]: e for e in view["elements"]}


def time_of_day(act: int) -> str:
    if act == 1:
        return pgettext("time of day", "DUSK")
    return pgettext("time of day", "DAWN") if act == 4 else pgettext("time of day", "NIGHT")


def outside(name: str) -> bool:
    """Is the set out of doors? By the place words of any of our languages."""
    low = f" {name.lower()} "
    if any(f" {w} " in low or f" {w}s " in low for w in OUTSIDE):
        return True
    return any(word.startswith(stem) for word in re.findall(r"[\w']+", low) for stem in OUTSIDE_STEMS)


def slugline(name: str, act: int) -> str:
    """'The lighthouse stairs' in act 2 -> 'EXT. LIGHTHOUSE STAIRS — NIGHT' (in Italian 'EST.',
    in Russian 'НАТ.': what a screenwriter of that language writes)."""
    from common.i18n import current

    place = re.sub(_ARTICLES["en"], "", name.strip(), flags=re.IGNORECASE)
    if current() in _ARTICLES and current() != "en":
        place = re.sub(_ARTICLES[current()], "", place, flags=re.IGNORECASE)
    where = pgettext("slugline", "EXT.") if outside(name) else pgettext("slugline", "INT.")
    return f"{where} {place.upper()} — {time_of_day(act)}"


def ending(key: str) -> str:
    words = {"plan": _("The plan worked: the monster is destroyed."),
             "escape": _("The monster beat the plan; the survivors ran for their lives."),
             "dead": _("The monster won. Nobody survived.")}
    return words[key]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…:\"”'" else text + "."


def _dice(rolls: list[tuple]) -> str:
    """A conflict's rolls as one brief parenthetical: '(3 rolls: the Gill-Man 4 successes,
    Vera Crane 2)'."""
    from horror.narration import side

    names = [side(s[0]) for s in rolls[0][1]]
    hits = [sum(r[1][i][3] for r in rolls) for i in range(len(names))]
    n = len(rolls)
    return _("({rolls}: {a} {successes}, {b} {hits})").format(
        rolls=ngettext("{n} roll", "{n} rolls", n).format(n=n), a=names[0],
        successes=ngettext("{n} success", "{n} successes", hits[0]).format(n=hits[0]), b=names[1], hits=hits[1])


def _conflict(data: tuple, monster: str) -> str:
    kind, a, b = data[0], data[1], data[2]
    about = data[7] if len(data) > 7 else ""
    if kind == "plan":
        return _("The plan is sprung: {monster} against it.").format(monster=named(monster))
    if kind == "chase":  # the monster goes after a character
        text = _("{a} {a:goes|go} after {b}, over {about}!") if about else _("{a} {a:goes|go} after {b}!")
    elif kind == "contest":
        text = _("{a} and {b} clash, over {about}.") if about else _("{a} and {b} clash.")
    else:
        text = _("{a} tries {b}, over {about}.") if about else _("{a} tries {b}.")
    return text.format(a=named(a), b=named(b), about=about)


class _Writer:
    """Turns the log into blocks, scene by scene; an unfilmed scene keeps only its words."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.els = _elements(view)
        self.monster = view["monster"]
        self.out: list[Block] = []
        self.scene: list[Block] = []
        self.act = 1
        self.headed = False
        self.met: set[str] = set()
        self.gathered: list[str] = []
        self.entering: list[str] = []
        self.rolls: list[tuple] = []
        self.last_trope = ""

    def add(self, kind: str, text: str, who: str = "") -> None:
        self.flush_gathered()
        self.scene.append(Block(kind, text, who))

    def flush_gathered(self) -> None:
        if self.entering:
            names = self.entering
            self.entering = []
            self.scene.append(Block("action", ngettext("{names} is here.", "{names} are here.", len(names)).format(
                names=_and(names))))
        if self.rolls:
            rolls = self.rolls
            self.rolls = []
            self.scene.append(Block("dice", _dice(rolls)))
        if self.gathered:
            names = self.gathered
            self.gathered = []
            self.scene.append(Block("action", _("Everyone left comes together: {names}.").format(names=names_list(names))))

    def end_scene(self, filmed: bool) -> None:
        self.flush_gathered()
        if filmed:
            self.out += self.scene
        else:
            self.out += [b for b in self.scene if b.kind in ("action", "dialogue")]
        self.scene = []
        self.headed = False

    def between(self) -> None:
        """Words said between scenes (at a deal, an auction, a meeting) are part of the film:
        they are written where they were said, before what comes next."""
        self.flush_gathered()
        self.out += self.scene
        self.scene, self.headed = [], False

    def character(self, cid: str, name: str) -> str:
        """A character's name, introduced with its concept the first time it is seen."""
        if cid in self.met:
            return name
        self.met.add(cid)
        e = self.els.get(cid)
        concept = e[6] if e and len(e) > 6 and e[6] else ""
        return f"{name.upper()}" + (f" ({concept})" if concept else "")

    def entry(self, entry: tuple) -> None:
        kind, d = entry[0], tuple(entry[1:])
        if kind in BOOK_KEEPING:
            return
        if kind == "act":
            self.between()
            self.act = d[0]
            self.out.append(Block("section", _("Act {act}").format(act=d[0])))
        elif kind == "climax":
            self.between()
            self.act = 4
            self.out.append(Block("section", _("The climax")))
        elif kind == "scene":
            self.between()
        elif kind == "play":
            self.play(d)
        elif kind == "move":
            self.add("heading", slugline(d[1], self.act))
            self.add("action", _("The chase runs on to {set}.").format(set=d[1]))
        elif kind == "trope":
            self.last_trope = d[2]
            self.add("action", _sentence(d[2]))
        elif kind == "trigger":
            if _plain(d[1]) != _plain(self.last_trope):
                self.add("action", _sentence(d[1]))
            self.add("action", _("Somewhere close, {monster} {monster:stirs|stir}.").format(monster=named(self.monster)))
        elif kind == "subplot":
            self.add("action", _("Meanwhile: {text}.").format(text=d[2]))
        elif kind == "say":
            self.add("action", _sentence(d[1]))
        elif kind == "line":
            self.add("dialogue", d[3], self.els[d[1]][2] if d[1] in self.els else d[2])
        elif kind == "conflict":
            self.add("action", _conflict(d, self.monster))
        elif kind == "roll":
            self.flush_entering()
            self.rolls.append(d)
        elif kind == "help":
            self.add("action", _("{name} throws themself at {monster}!").format(name=d[1], monster=named(self.monster)))
            self.add("dice", ngettext("({n} success: {monster} {monster:loses|lose} {lost})",
                                      "({n} successes: {monster} {monster:loses|lose} {lost})",
                                      d[3]).format(n=d[3], monster=named(self.monster), lost=d[4]))
        elif kind == "ruling":
            self.add("ruling", _("Ruling ({seat}): {text}").format(seat=d[0], text=d[1]))
        elif kind == "unfilmed":
            self.end_scene(False)
        elif kind == "cut":
            if self.scene or self.headed:
                self.end_scene(True)
                self.out.append(Block("transition", pgettext("transition", "CUT TO:")))
        elif kind == "cut_for_time":
            self.flush_gathered()
            self.out.append(Block("action", _("Off screen, for want of time: {tropes}.").format(
                tropes="; ".join(d[1]))))
        elif kind == "plan":
            self.add("action", _("The plan: {plan}.").format(plan=d[1]))
        elif kind == "plan_failed":
            self.add("action", _("The plan fails."))
        elif kind == "credits":
            self.end_scene(True)
            self.out.append(Block("end", ending(d[0])))
        elif kind in PROSE:  # what the table hears with its numbers, the film tells without them
            self.add("action", PROSE[kind]().format(name=d[1] if kind == "cornered" else d[0]))
        else:  # results, deaths, attacks, the cornered and the saved: as the table heard them
            self.add("action", narrate_entry(kind, d))

    def play(self, d: tuple) -> None:
        seat, cid, name, kind, forced = d
        if kind == "set":
            if not self.headed and not (forced == "the climax"):
                self.headed = True
                self.add("heading", slugline(name, self.act))
            return
        if forced == "the climax":
            if kind in CHARACTERS:
                self.gathered.append(self.character(cid, name))
            return
        if kind == "monster":  # its name may be plural: "The Sand Crawlers are here"
            monster = named(name)
            many = 2 if monster.grammar.endswith("pl") else 1
            self.add("action", _("{name} {name:appears|appear}.").format(name=Named(name.upper(), monster.grammar))
                     if cid not in self.met else ngettext("{names} is here.", "{names} are here.", many).format(
                         names=monster))
            self.met.add(cid)
        elif kind in CHARACTERS:
            if self.rolls:
                self.flush_gathered()
            self.entering.append(self.character(cid, name))

    def flush_entering(self) -> None:
        if self.entering:
            self.flush_gathered()


def _and(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _plain(text: str) -> str:
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.casefold()).split())


def narrate_entry(kind: str, data: tuple) -> str:
    from common.engine import Event

    return narrate(Event(kind, _tuples(data)))


def _tuples(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_tuples(v) for v in value)
    return value


@in_reader_language
def blocks(view: dict[str, Any]) -> list[Block]:
    w = _Writer(view)
    log = view["log"]
    first = view.get("log_dropped", 0)
    gone = struck(log)  # lines their characters' owners vetoed (H5a) are not in the film
    for i, entry in enumerate(log):
        if first + i not in gone:
            w.entry(tuple(entry))
    w.end_scene(True)
    return w.out


@in_reader_language
def cast(view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(name, role, fate) of every character, in the order they were written."""
    gone = set(view["gone"])
    out = []
    for cid, e in _elements(view).items():
        if e[1] in CHARACTERS:
            fate = (pgettext("fate", "killed") if cid in gone else pgettext("fate", "survived")
                    if view["phase"] == "over" else pgettext("fate", "alive"))
            concept = f" — {e[6]}" if len(e) > 6 and e[6] else ""
            out.append((e[2], f"{role_name(e[1])}{concept}", fate))
    return out


def _front(view: dict[str, Any]) -> tuple[str, str]:
    abilities = "; ".join(view["abilities"]) or _("no special abilities")
    return (_("Setting: {setting}.").format(setting=view["setting"]),
            _("The monster: {monster} ({abilities}); {monster:it appears|they appear} once {trigger}.").format(
                monster=named(view["monster"]), abilities=abilities, trigger=view["trigger"]))


@in_reader_language
def markdown(view: dict[str, Any]) -> str:
    setting, monster = _front(view)
    out = [f"# {view['title']}", "", _("*A Creature Feature* by {seats}.").format(seats=", ".join(view["seats"])),
           "", setting, "", monster, ""]
    for b in blocks(view):
        if b.kind == "section":
            out += [f"## {b.text}", ""]
        elif b.kind == "heading":
            out += [f"### {b.text}", ""]
        elif b.kind == "dialogue":
            out += [f"> **{b.who.upper()}**  ", f"> {b.text}", ""]
        elif b.kind == "dice":
            out += [f"*{b.text}*", ""]
        elif b.kind == "ruling":
            out += [f"*[{b.text}]*", ""]
        elif b.kind == "transition":
            out += [f"*{b.text}*", ""]
        elif b.kind == "end":
            out += [f"**{the_end()}**", "", b.text, ""]
        else:
            out += [b.text, ""]
    out += ["## " + _("Cast"), "", _("| character | role | fate |"), "|---|---|---|",
            *[f"| {n} | {r} | {f} |" for n, r, f in cast(view)], ""]
    if view["rulings"]:
        out += ["## " + _("Rulings in force"), "", *[f"{i}. {r}" for i, r in enumerate(view["rulings"], 1)], ""]
    if view["phase"] == "over":
        out += [_("| seat | dice earned |"), "|---|---|", *[f"| {s} | {view['earned'][s]} |" for s in view["seats"]],
                ""]
    return "\n".join(out)


# -- Fountain ---------------------------------------------------------------------------------
_FOUNTAIN_HEADING = re.compile(r"^(?:INT|EXT|EST|INT\./EXT|INT/EXT|I/E)[. ]", re.IGNORECASE)
_FOUNTAIN_SPECIAL = re.compile(r"^(?:INT|EXT|EST|INT\./EXT|INT/EXT|I/E)[. ]|^[.!@~=#>\[/]|TO:$", re.IGNORECASE)


def _action(text: str) -> str:
    """An action paragraph that no Fountain reader can take for anything else."""
    return f"!{text}" if _FOUNTAIN_SPECIAL.search(text) or text.upper() == text else text


def the_end() -> str:
    return pgettext("screenplay", "THE END")


def _heading(text: str) -> str:
    """A scene heading; forced with '.' where the language's INT./EXT. are not Fountain's."""
    text = text.replace(" — ", " - ")
    return text if _FOUNTAIN_HEADING.match(text) else f".{text}"


def _transition(text: str) -> str:
    """A transition; forced with '>' where it does not end in 'TO:' as Fountain's do."""
    return text if text.isupper() and text.endswith("TO:") else f"> {text}"


def _cue(name: str) -> str:
    cue = name.upper()
    return cue if re.search(r"[A-Z]", cue) and "(" not in cue and not cue.startswith(("!", "@")) else f"@{name}"


@in_reader_language
def fountain(view: dict[str, Any]) -> str:
    setting, monster = _front(view)
    # the title page's keys are Fountain's own words; their values are in the player's language
    out = [f"Title: {view['title']}", "Credit: " + _("A Creature Feature"), f"Author: {', '.join(view['seats'])}",
           f"Notes: {setting} {monster}", ""]
    for b in blocks(view):
        if b.kind == "section":
            out += [f"# {b.text}", ""]
        elif b.kind == "heading":
            out += [_heading(b.text), ""]
        elif b.kind == "dialogue":
            out += [_cue(b.who), b.text, ""]
        elif b.kind == "ruling":
            out += [f"[[{b.text}]]", ""]
        elif b.kind == "transition":
            out += [_transition(b.text), ""]
        elif b.kind == "end":
            out += [f"> {the_end()} <", "", _action(b.text), ""]
        else:
            out += [_action(b.text), ""]
    out += ["# " + _("Cast"), ""]
    out += [_action(f"{n} ({r}): {f}.") for n, r, f in cast(view)] + [""]
    return "\n".join(out)
