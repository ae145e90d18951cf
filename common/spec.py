"""What the shared front-ends need to know about a game, without importing it.

Everything here is names and strings, so building the command line costs no game import.
"""

from __future__ import annotations

import importlib
from functools import cached_property
from types import ModuleType
from typing import Any

from common import _

HUMAN = "human"


class GameSpec:
    """A plain class, not a dataclass: this module is on every command's start-up path."""

    def __init__(self, *, name: str, title: str, blurb: str, rules_path: str, render_module: str,
                 default_seats: str, rules_doc: str = "rules.md",
                 variants: tuple[str, ...] = ("standard",),
                 variant_titles: tuple[tuple[str, str], ...] = (),
                 flags: tuple[tuple[str, str, str], ...] = (),
                 more_options: str = "", env: tuple[tuple[str, str], ...] = (),
                 bench_speed: tuple[tuple[str, str], ...] = (("default", ""),),
                 bench_matchups: tuple[tuple[str, str, int, str], ...] = (),
                 bench_rotate: bool = False, bench_games: int = 2000, bench_report: str = "",
                 ladder_games: int = 100, ladder_iterations: int = 100, ladder_audit: str = "",
                 bench_search: tuple[str, str, float] = ("default", "", 0.0),
                 think: float | None = None) -> None:
        self.name = name  # command and record name, e.g. "invaders"
        self.title = title
        self.blurb = blurb
        self.rules_path = rules_path  # "package.module:ATTRIBUTE" of the Rules instance
        # module with render_view(view, seat), cards_table(query), describe_card(name[, view]),
        # card_names([view]) (with a view parameter, they get the asking seat's view)
        self.render_module = render_module
        self.default_seats = default_seats  # e.g. "ismcts,human": one kind per seat, in seat order
        # the rules page: package data beside the game's modules, so an installed game has it
        self.rules_doc = rules_doc
        self.variants = variants
        # a rules variant that is a game of its own, under its own name: (variant, title)
        self.variant_titles = variant_titles
        self.flags = flags  # game options offered as flags: ('--flag VALUE', option key, help)
        self.more_options = more_options  # the options without a flag, for --option's help
        self.env = env  # environment variables the game itself reads: (NAME, what for)
        self.bench_speed = bench_speed  # random self-play speed: (label, options "k=v,k=v")
        # win-rate match-ups: (label, seat kinds in seat order, games, options "k=v,...")
        self.bench_matchups = bench_matchups
        # symmetric games rotate the kinds round the seats and report shares per kind;
        # asymmetric ones (aliens vs humans) keep the seats and report shares per seat
        self.bench_rotate = bench_rotate
        self.bench_games = bench_games  # default random self-play games (whole films are long)
        # "module:function" of a game's own figures: function(games) -> (JSON dict, rich tables)
        self.bench_report = bench_report
        # the hard level's search speed: (label, options "k=v,...", the share of a game between
        # normal bots skipped before its positions are searched: 0.6 searches its last 40%)
        self.bench_search = bench_search
        # ``bench --ladder`` unless --games and --iterations say otherwise: games per pairing and
        # the hard level's search iterations a decision (long films: fewer, so it takes minutes)
        self.ladder_games = ladder_games
        # the table's --think for the hard level, in seconds a decision: what the game measured
        # its strength at (None: the commands' own, 1 at a terminal, 0.5 over the network)
        self.think = think
        self.ladder_iterations = ladder_iterations
        # "module:Class" of a game's audit of the ladder's games: Class(rules) with
        # see(state, seat, move, level) before each move, report() -> {level: {fault: {faults,
        # of, share}}}, and the module's labels() -> {fault: (what is counted, out of what)}
        self.ladder_audit = ladder_audit

    @cached_property
    def messages(self) -> Any:
        """The game's own message domain: its spec's texts (title, blurb, flag help) are
        marked ``N_`` in its cli.py, so their translations live in the game's catalogs."""
        from common.i18n import Domain

        package = self.rules_path.partition(".")[0]
        return getattr(importlib.import_module(package), "MESSAGES", None) or Domain(package)

    def text(self, message: str) -> str:
        """One of the spec's own texts in the player's language ('' stays '')."""
        return self.messages.gettext(message) if message else message

    def shown_title(self, variant: str | None = None) -> str:
        """``title_for`` in the player's language (``title_for`` itself is data: the lobby
        sends it)."""
        return self.text(self.title_for(variant))

    def title_for(self, variant: str | None) -> str:
        """The name of a game in progress. A variant may be a game of its own (gr2 is Skippy's
        Revenge), and players should read the name of the game they are actually playing."""
        return dict(self.variant_titles).get(variant or "", self.title)

    def seat_name(self, seat: str) -> str:
        """A seat as the player reads it: a side of Invaders in the player's language
        ('umani', 'люди'), through the game's render hook ``seat_name``; a player's name as it
        is. Records, the notation and the protocol keep the seat itself. A ``Named``, so that a
        translation may agree with it ('решают люди', 'ray решает'; ``common.agree``): a
        player's name is singular, a game's hook says what its names are."""
        from common.agree import Named

        shown = getattr(self.render, "seat_name", None) if self.has_seat_names else None
        name = shown(seat) if shown else seat
        return name if isinstance(name, Named) else Named(name)

    @cached_property
    def has_seat_names(self) -> bool:
        return hasattr(self.render, "seat_name")

    def seat_aliases(self) -> dict[str, str]:
        """Every language's name of each seat -> the seat: '--seats umani' is '--seats humans'."""
        from common.i18n import LANGUAGES, language

        out: dict[str, str] = {}
        if not self.has_seat_names:
            return out
        for seat in self.rules.seats({}):
            for lang in LANGUAGES:
                with language(lang):
                    out.setdefault(self.seat_name(seat).lower(), seat)
        return out

    @cached_property
    def rules(self) -> Any:
        module, _sep, attr = self.rules_path.partition(":")
        return getattr(importlib.import_module(module), attr)

    @cached_property
    def render(self) -> ModuleType:
        return importlib.import_module(self.render_module)

    def bot_kinds(self) -> tuple[str, ...]:
        """Every bot a seat may be given: the shared ones, then the game's own."""
        from common.bots import BOT_KINDS

        return BOT_KINDS + tuple(getattr(self.rules, "bot_kinds", {}) or {})

    def rules_text(self, everything: bool = False) -> str:
        """The rules page; players get the part before its '<!-- for developers' marker (card
        data, record format, bots and measurements follow it)."""
        from importlib.resources import files

        from common.engine import GameError
        from common.i18n import current

        package = self.rules_path.partition(".")[0]
        stem, dot, suffix = self.rules_doc.rpartition(".")
        # the page in the player's language where the game has one (rules.it.md), else English
        page = files(package).joinpath(f"{stem}.{current()}{dot}{suffix}")
        if not page.is_file():
            page = files(package).joinpath(self.rules_doc)
        try:
            text = page.read_text(encoding="utf-8")
        except OSError as exc:  # a broken installation: say which file, not a traceback
            raise GameError(_("the rules page {page} is missing from this installation "
                              "({error}); reinstall the games").format(
                page=f"{package}/{self.rules_doc}", error=exc.strerror or exc)) from None
        if not everything:
            return text.split("<!-- for developers", 1)[0].rstrip() + "\n"
        from common.record import reference

        return text.rstrip() + "\n\n" + reference(self.rules)


def parse_seats(spec: str, seats: list[str], kinds: tuple[str, ...],
                vs: str | None = None, aliases: dict[str, str] | None = None) -> dict[str, str]:
    """'human,ismcts' (in seat order) or 'aliens=ismcts,humans=human' -> seat -> kind.

    A last kind ending in '*' fills the remaining seats: 'human,heuristic*' is you against
    however many bots the game has seats for. Seats not named are human ('easy' in a game of
    two seats: the first seat is an easy bot, the second is yours), unless a seat is named
    alone ('humans': you play the humans): then the seats not named are bots, of the level
    ``vs`` (else the game's own, ``normal``). ``vs`` also sets every bot seat named by kind.
    """
    from common.engine import GameError

    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if aliases:  # a seat in the player's language: 'umani' is 'humans' (GameSpec.seat_aliases)
        parts = [_seat_alias(p, aliases) for p in parts]
    mine = [p for p in parts if "=" not in p and p in seats and p not in (HUMAN, *kinds)]
    if mine:  # 'humans,hard': your seats, then the others' kinds in seat order (the last fills)
        others = [s for s in seats if s not in mine]
        plain = [p.rstrip("*") for p in parts if "=" not in p and p not in mine]
        if len(plain) > len(others):
            raise GameError(_("--seats names more seats than the game has ({seats})").format(
                seats=", ".join(seats)))
        plain += plain[-1:] * (len(others) - len(plain))
        parts = ([p for p in parts if "=" in p] + [f"{p}={HUMAN}" for p in mine]
                 + [f"{s}={k}" for s, k in zip(others, plain, strict=False)])
    if parts and parts[-1].endswith("*") and "=" not in parts[-1]:
        fill = len(seats) - len(parts) + 1
        if fill < 1:
            raise GameError(_("--seats names more seats than the game has ({seats})").format(
                seats=", ".join(seats)))
        parts = parts[:-1] + [parts[-1][:-1]] * fill
    out: dict[str, str] = {}
    named = [p for p in parts if "=" in p]
    if named and len(named) < len(parts):
        raise GameError(_("--seats: give kinds in seat order or as SEAT=KIND, not both ({seats})"
                          ).format(seats=spec))
    if parts and named:
        for p in parts:
            seat, _sep, kind = p.partition("=")
            if seat not in seats:
                raise GameError(_("no seat {seat}; seats are {seats}").format(
                    seat=repr(seat), seats=", ".join(seats)))
            out[seat] = kind
        for seat in seats:
            out.setdefault(seat, (vs or "normal") if mine else HUMAN)
    elif 0 < len(parts) <= len(seats):
        out = dict(zip(seats, parts + [HUMAN] * (len(seats) - len(parts)), strict=True))
    else:
        raise GameError(_("--seats needs {n} kinds in seat order ({seats}), e.g. {example}").format(
            n=len(seats), seats=", ".join(seats),
            example=",".join([HUMAN] + ["random"] * (len(seats) - 1))))
    for seat, kind in out.items():
        if kind not in (HUMAN, *kinds):
            hint = (" " + _("('{kind}' is a seat: '{kind}={human}' plays it yourself)").format(
                kind=kind, human=HUMAN) if kind in seats else "")
            raise GameError(_("seat {seat}: unknown kind {kind} (choose from {kinds})").format(
                seat=seat, kind=repr(kind), kinds=", ".join((HUMAN, *kinds))) + hint)
    if vs is not None:
        if vs == HUMAN or vs not in kinds:
            raise GameError(_("--vs takes a bot level ({kinds}), not {kind}").format(
                kinds=", ".join(kinds), kind=repr(vs)))
        out = {seat: kind if kind == HUMAN else vs for seat, kind in out.items()}
    return out


def _seat_alias(part: str, aliases: dict[str, str]) -> str:
    """'umani=hard' -> 'humans=hard', 'umani' -> 'humans'; a kind stays as it is."""
    seat, sep, kind = part.partition("=")
    return aliases.get(seat.lower(), seat) + sep + kind


def seat_count(spec: str, kinds: tuple[str, ...] | None = None) -> int | None:
    """How many seats a plain 'kind,kind,...' list names; None for SEAT=KIND, a last KIND*,
    or a seat named alone ('bela': you play bela), which fit whatever number of seats the game
    has (``kinds``: the kinds a part may be; a part that is none of them is a seat's name)."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts or any("=" in p for p in parts) or parts[-1].endswith("*"):
        return None
    if kinds is not None and any(p not in (HUMAN, *kinds) for p in parts):
        return None
    return len(parts)


def players_from_seats(spec: GameSpec, seats: str | None, variant: str,
                       options: dict[str, str]) -> dict[str, str]:
    """The options, with the player count that --seats implies when --players was not given.

    'play --seats human,human' means two players; making people say so twice was a trap.
    Both given and disagreeing is a one-line error rather than a guess. Games without a
    ``players`` option (Invaders: always two seats) are left to ``parse_seats``.
    """
    from common.engine import GameError

    count = seat_count(seats or "", ("remote", *spec.bot_kinds()))
    if count is None or not any(key == "players" for _flag, key, _help in spec.flags):
        return options
    have = spec.rules.seats({**options, "variant": variant})
    if len(have) == count:
        return options
    if "players" in options:
        raise GameError(_("--players gives {n} seats ({have}) but --seats names {count} "
                          "({seats}); give one of them, or make them agree").format(
            n=len(have), have=", ".join(have), count=count, seats=seats))
    out = {**options, "players": str(count)}
    try:
        spec.rules.seats({**out, "variant": variant})
    except GameError as exc:
        raise GameError(_("--seats names {count} seats: {reason}").format(
            count=count, reason=exc)) from None
    return out


def first_option(spec: GameSpec, seats: list[str], seed: int, first: str | None,
                 options: dict[str, str]) -> dict[str, str]:
    """The options with who plays first: ``first`` (``play --first``, ``host --first``), else
    a seat drawn from the game's seed (its own stream: the deal is the same either way),
    written into the record as ``option first SEAT`` so that a replay starts with the same
    player, at this terminal and over the LAN alike. A game whose turn order is the book's
    (Invaders) takes no ``--first``."""
    from common.engine import GameError
    from common.rng import Rng

    if not any(key == "first" for key in spec.rules.option_keys):
        if first is not None:
            raise GameError(_("{title} has no first player to choose: its turn order is the "
                              "book's").format(title=spec.shown_title()))
        return options
    if "first" in options and first is None:
        return options
    if first is None:
        first = seats[Rng(seed ^ 0x5EA7).below(len(seats))]
    elif first not in seats:
        raise GameError(_("--first names a seat ({seats}), not {first}").format(
            seats=", ".join(seats), first=repr(first)))
    return {**options, "first": first}
