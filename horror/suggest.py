"""The free-text moves the legal-move list suggests — names, concepts, sets, props, tropes,
subplots, plans and a line of narration or dialogue — written from the stock of the film's
theme (``horror.pools``), so that what bots and Tab completion write fits the setting and era,
and differs from film to film; in the table's language (``horror.stock``).

Every suggestion is a pure function of what every seat can see (the script, the log's length (``log_length``: a bot's sample keeps only its tail),
the premise), so that a determinized film lists the same moves as the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from common.engine import Move
from horror import pools
from horror.elements import CHARACTER_KINDS
from horror.pooltext import shown
from horror.scene import is_trigger, same_words
from horror.state import MONSTER, Film
from horror.stock import stock


class Stock:
    """The theme of one film and its own number."""

    def __init__(self, st: Film) -> None:
        self.st = st
        theme, self.words = stock(st.setting, len(st.title))
        # only the texts that fit this film's monster (a werewolf film has no coffin)
        self.theme = pools.fitted(theme, pools.film_tags(st.monster, tuple(st.abilities), st.trigger))
        self.film = pools.salt(st.title, st.monster, st.setting)

    def pick(self, items: tuple[str, ...], n: int) -> str:
        return items[(n + self.film) % len(items)]

    def name(self, n: int) -> str:
        return pools.character_name(self.theme, n, self.film)

    def set_name(self, n: int) -> str:
        return self.pick(self.theme.sets, n)

    def concept(self, n: int) -> str:
        return self.pick(self.theme.concepts, n * 3)

    @cached_property
    def taken(self) -> set[str]:
        """Every name in the script, lower case (a Stock lives for one listing of moves, while
        the script stands still: read once, not once a name)."""
        return {e.name.lower() for e in self.st.elements.values()}

    def free_name(self, n: int, make: Callable[[int], str]) -> str | None:
        """A name (of ``make``'s) no character, set or monster of the film has yet."""
        taken = self.taken
        for k in range(8):
            name = make(n + k)
            if name.lower() not in taken:
                return name
        return None

    def fresh_text(self, kind: str, items: tuple[str, ...], n: int, suggested: set[str]) -> str | None:
        """A stock text for a new trope or subplot that the script does not hold yet and that
        is not among ``suggested`` (which it joins): a suggestion never repeats what was
        written. Tropes any film may have follow the theme's; once all are used, None (a
        retake of a phrase, "(take 2)", reads as what it is)."""
        taken = {e.name.lower() for e in self.st.elements.values() if e.kind == kind} | suggested
        if kind == "trope":
            items = items + self.words.common_tropes
        for k in range(len(items)):
            text = self.pick(items, n + k)
            if same_words(text, self.st.trigger):
                continue  # the trigger is suggested once, as itself (``trigger_trope``)
            if text.lower() not in taken:
                suggested.add(text.lower())
                return text
        return None

    def character(self, kind: str, n: int) -> Move | None:
        name = self.free_name(n, self.name)
        if name is None:
            return None
        return (kind, name, self.concept(n)) if (n + self.film) % 2 else (kind, name)

    def trigger_trope(self) -> Move | None:
        """The monster's trigger written as a trope of act 1 (the book: the trigger "полезно
        использовать как штамп"), while the script has none."""
        st = self.st
        if st.act != 1 or not st.trigger or st.triggered:
            return None
        if any(e.kind == "trope" and is_trigger(st, e.id) for e in st.elements.values()):
            return None
        return ("trope", 1, (), shown(st.trigger))  # in the table's language: it still matches

    def plan(self) -> str:
        return self.pick(self.theme.plans, self.st.plans_failed + self.st.scene_no)

    @cached_property
    def said(self) -> set[str]:
        """What the film has said already (narration and dialogue): no line is said twice."""
        return set(self.st.said)

    def fresh_line(self, items: tuple[str, ...], n: int) -> str | None:
        return next((t for k in range(len(items)) if (t := self.pick(items, n + k)) not in self.said), None)

    def lines(self, seat: str) -> list[Move]:
        """A line of narration for the director at a beat, and one of dialogue for a character
        the director plays on screen: bots write for no character (nor monster) another player
        plays, whose owner could veto it (H5a); nothing just after a line (one a beat keeps
        films finite), and nothing the film has said already. With no character of its own on
        screen, the director still narrates the set."""
        st = self.st
        if (st.log and st.log[-1][0] in ("say", "line")) or not st.active_set:
            return []
        n = st.log_length
        chars = [c for c in st.screen if st.elements[c].kind in CHARACTER_KINDS and c not in st.out
                 and st.played_by.get(c) == seat]
        props = st.props.get(st.active_set) or [self.pick(self.theme.props, n)]
        others_monster = MONSTER in st.screen and st.played_by.get(MONSTER) != seat
        out: list[Move] = []
        templates = self.theme.narration + self.words.common_narration
        for k in range(len(templates)):
            template = self.pick(templates, n + k)
            if (others_monster and "{monster}" in template) or (not chars and "{char}" in template):
                continue
            text = template.format(set=pools.placed(template, "set", st.elements[st.active_set].name),
                                   char=st.elements[chars[n % len(chars)]].name if chars else "",
                                   monster=st.monster, prop=props[n % len(props)])
            text = text[0].upper() + text[1:]
            if text not in self.said:
                out.append(("say", text))
                break
        said = self.fresh_line(self.theme.lines + self.words.common_lines, n * 7) if chars else None
        if said is not None:
            out.append(("say", said, chars[(n + 1) % len(chars)]))
        if MONSTER in st.screen and not others_monster and self.words.monster_sound not in self.said:
            out.append(("say", self.words.monster_sound, MONSTER))
        return out
