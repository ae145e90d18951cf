"""The pieces of the command line that every command shares: the environment each one
lists in its help, ``--lang`` (read before click parses the line), the game's option flags
and ``--option KEY=VALUE``, ``--variant``, and shell completion of seats, bots and cards.

Only click is imported here, so building a command for ``--help`` stays quick.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence

import click

from common import N_, _, pgettext
from common.i18n import LANGUAGES, Np_, set_language
from common.spec import HUMAN, GameSpec

THINK_HELP = N_("seconds a searching bot may think per decision")
THINK = click.FloatRange(min=0, min_open=True)
SECONDS = click.FloatRange(min=0)
AT_LEAST_ONE = click.IntRange(min=1)
HELP_WIDTH = 100  # --help never grows wider than this (click's max_content_width)

# read by every command that prints (colour and terminal detection is rich's), so every
# --help lists them; the group's --help adds guard's and the bots' switches
ENV_COMMON = (("BMOVIE_LANG", N_("the language when --lang is not given: en, it or ru "
                                 "(else the locale's)")),
              ("NO_COLOR", N_("no colours")),
              ("FORCE_COLOR", N_("colours even into a pipe or a file")),
              ("TERM=dumb", N_("plain text, no colours or cursor movement")))
ENV_EVERYWHERE = (("BMOVIE_DEBUG=1", N_("a traceback instead of the one-line internal error")),
                  ("BMOVIE_STRICT_BOTS=1", N_("a bot that fails stops the game (the tests set "
                                              "it); otherwise it plays a legal move and says so "
                                              "in the log")))
ENV_STATE = ("XDG_STATE_HOME", N_("history and seat tokens in $XDG_STATE_HOME/bmovie "
                                  "(default ~/.local/state)"))
ENV_PASSWORD = ("BMOVIE_NET_PASSWORD", N_("the password, when --password is not given"))


def env_epilog(pairs: Iterable[tuple[str, str]], more: str = "", game: GameSpec | None = None) -> str:
    """An 'Environment:' block for --help (every command's lists ENV_COMMON first); click
    keeps a paragraph that starts with \\b as is, so the block is wrapped here, to the width
    click's help uses. ``game``: its own variables follow, in its own words (its catalog)."""
    pairs = [(name, _(what)) for name, what in (*ENV_COMMON, *pairs)]
    if game is not None:
        pairs += [(name, game.text(what)) for name, what in game.env]
    indent = max(len(name) for name, _what in pairs) + 4
    room = max(help_width() - indent, 20)
    rows = []
    for name, what in pairs:
        lines = textwrap.wrap(what, room) or [""]
        rows.append(f"  {name:<{indent - 2}}{lines[0]}")
        rows += [" " * indent + line for line in lines[1:]]
    return "\b\n" + _("Environment:") + "\n" + "\n".join(rows) + (f"\n\n{more}" if more else "")


def wrapped(text: str) -> str:
    """A paragraph of an epilog that click keeps as it is (after \\b), wrapped here."""
    return "\n".join(textwrap.wrap(text, help_width()))


def help_width() -> int:
    """The room an epilog's line has: click's --help width (the terminal's, at most HELP_WIDTH,
    less 2, at least 50) less the 2 columns click indents an epilog by."""
    import shutil

    return max(min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2, 50) - 2


def given_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` wherever it stands (``gros --lang it play``, ``gros play
    --lang=it``), read before click parses the line, so help is built in that language."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def lang_option(fn: Callable) -> Callable:
    """``--lang`` on the group and every command; ``GameGroup.main`` has applied it already,
    the callback keeps it true for a caller that invokes a command some other way."""

    def apply(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value:
            set_language(value.lower())

    return click.option("--lang", type=click.Choice(LANGUAGES, case_sensitive=False),
                        default=None, expose_value=False, is_eager=True, callback=apply,
                        metavar="|".join(LANGUAGES),
                        help=_("the language to play in [default: $BMOVIE_LANG, else the "
                               "locale's, else en]"))(fn)


def game_options(spec: GameSpec, given: tuple[str, ...], flags: dict[str, object]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if not sep:
            raise click.BadParameter(_("{item}: write KEY=VALUE").format(item=repr(item)),
                                     param_hint="--option")
        out[key.strip()] = value.strip()
    for _flag, key, _help in spec.flags:
        flag = flags.get(key.replace(".", "_").replace("-", "_"))
        if flag is not None:
            out[key] = str(flag)
    return out


def game_flags(spec: GameSpec) -> Callable:
    """Decorator adding the game's own option flags and a generic --option KEY=VALUE."""
    help_text = _("any other game option (repeatable)")
    if spec.more_options:
        help_text = _("any other game option (repeatable): {options}").format(
            options=spec.text(spec.more_options))

    def deco(fn: Callable) -> Callable:
        fn = click.option("--option", "-o", "option", multiple=True, metavar="KEY=VALUE",
                          help=help_text)(fn)
        for flag, key, flag_help in reversed(spec.flags):
            name, _sp, metavar = flag.partition(" ")  # '--width N': the flag and what it takes
            fn = click.option(name, key.replace(".", "_").replace("-", "_"), default=None,
                              metavar=metavar or None, help=spec.text(flag_help))(fn)
        return fn

    return deco


def variant_option(spec: GameSpec) -> Callable:
    """--variant; hidden where a game has one rules variant (there is nothing to choose)."""
    one = len(spec.variants) == 1
    return click.option("--variant", type=click.Choice(spec.variants), default=spec.variants[0],
                        show_default=not one, hidden=one, help=_("rules variant"))


# -- shell completion (runs only when the shell asks, so it may import the game) -----------
def complete_seats(spec: GameSpec, *extra: str) -> Callable:
    """'human,heu<Tab>' -> 'human,heuristic'; after 'SEAT=' the kinds as well."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        head, comma, last = incomplete.rpartition(",")
        seat, eq, kind = last.rpartition("=")
        prefix = head + comma + seat + eq
        return [prefix + k for k in (HUMAN, *extra, *spec.bot_kinds()) if k.startswith(kind)]

    return complete


def complete_bots(spec: GameSpec) -> Callable:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        return [k for k in spec.bot_kinds() if k.startswith(incomplete)]

    return complete


def card_slug(name: str) -> str:
    """A card's name as one shell word, the same rule in every game: 'Deflector Shield' ->
    'deflector-shield'. Every game's ``cards`` takes it (``card_query`` reads '-' as a space)."""
    import re

    return re.sub(r"\W+", "-", name.lower()).strip("-")  # no '!': bash's history would read it


def complete_cards(spec: GameSpec) -> Callable:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        low = card_slug(incomplete) if incomplete.strip() else ""
        return sorted({slug for slug in map(card_slug, spec.render.card_names())
                       if slug.startswith(low)})

    return complete


# what --help shows an option or argument takes, and its usage line's [OPTIONS]: in the
# player's language like the rest of the help (the English words are the table's keys)
# (a context of their own: 'NAME' here is a person's or a table's, the card command's is a card's)
PLACEHOLDERS = {word: word for word in (
    Np_("placeholder", "SECONDS"), Np_("placeholder", "SEATS"), Np_("placeholder", "SEAT"),
    Np_("placeholder", "ADDRESS"), Np_("placeholder", "LEVEL"), Np_("placeholder", "BOT"),
    Np_("placeholder", "PORT"), Np_("placeholder", "HOST:PORT"), Np_("placeholder", "[TOKEN]"),
    Np_("placeholder", "KEY=VALUE"), Np_("placeholder", "N|NAMES"), Np_("placeholder", "DECK"),
    Np_("placeholder", "SCORE"), Np_("placeholder", "NAME"), Np_("placeholder", "PLACE"),
    Np_("placeholder", "TEXT"), Np_("placeholder", "INTEGER"), Np_("placeholder", "FILE"),
    Np_("placeholder", "FILES"), Np_("placeholder", "RECORD"), Np_("placeholder", "QUERY"),
    Np_("placeholder", "PATH"), Np_("placeholder", "[OPTIONS]"),
    Np_("placeholder", "COMMAND [ARGS]..."))}


def speak_placeholders(command: click.Command) -> None:
    """Word ``command``'s placeholders (``--think SECONDS``, ``FILES...``) in the language of
    the moment; one not in the table (``N``, a Choice's ``[gros|gr2]``) stays as it is."""
    def said(word: str) -> str:
        return pgettext("placeholder", word) if word in PLACEHOLDERS else word

    if command.options_metavar:
        command.options_metavar = said("[OPTIONS]")
    if isinstance(command, click.Group):
        command.subcommand_metavar = said("COMMAND [ARGS]...")
    for param in command.params:
        english = vars(param).setdefault("english_metavar", param.metavar)
        if isinstance(param, click.Argument):
            word = said(english or param.name.upper())
            word = word if english or param.required else f"[{word}]"
            param.metavar = word + ("..." if param.nargs != 1 and not english else "")
        elif english is not None:
            param.metavar = said(english)
        elif not getattr(param, "is_flag", False) and param.type.name.upper() in PLACEHOLDERS:
            param.metavar = said(param.type.name.upper())
