"""The command line every game exposes: play, run, replay, host, join, bench, rules, cards.

Built from a ``GameSpec`` of plain strings; each command imports what it needs only when it
runs, so ``--help`` stays as quick as click itself. Numbers are checked by click's ranges
(shown in ``--help``), the environment variables each command reads are listed in its
epilog, and seat kinds, bots and card names complete in the shell (``_GAME_COMPLETE``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable

import click

from common import __version__
from common.spec import HUMAN, GameSpec

THINK_HELP = "seconds a searching bot may think per decision"
THINK = click.FloatRange(min=0, min_open=True)
SECONDS = click.FloatRange(min=0)
AT_LEAST_ONE = click.IntRange(min=1)

# read by every command (colour and terminal detection is rich's; BMOVIE_DEBUG is guard's)
ENV_EVERYWHERE = (("NO_COLOR", "no colours"),
                  ("FORCE_COLOR", "colours even into a pipe or a file"),
                  ("TERM=dumb", "plain text, no colours or cursor movement"),
                  ("BMOVIE_DEBUG=1", "a traceback instead of the one-line internal error"),
                  ("BMOVIE_STRICT_BOTS=1", "a bot that fails stops the game (the tests set it); "
                   "otherwise it plays a legal move and says so in the log"))
ENV_STATE = ("XDG_STATE_HOME", "history and seat tokens in $XDG_STATE_HOME/bmovie "
             "(default ~/.local/state)")


def _epilog(pairs: Iterable[tuple[str, str]], more: str = "") -> str:
    """An 'Environment:' block for --help; click keeps a paragraph that starts with \\b as is."""
    pairs = list(pairs)
    width = max(len(name) for name, _ in pairs) + 2
    rows = "\n".join(f"  {name:<{width}}{what}" for name, what in pairs)
    return f"\b\nEnvironment:\n{rows}" + (f"\n\n{more}" if more else "")


def degrade_streams() -> None:
    """Let output that the terminal's encoding cannot hold degrade instead of failing.

    On an ASCII or cp1252 stream (``PYTHONIOENCODING=ascii``, an old Windows console) a
    character with no place in the encoding is written as its nearest ASCII ('—' as '-',
    'é' as 'e') or '?'. rich already draws its boxes in ASCII there.
    """
    import codecs

    codecs.register_error("bmovie-nearest", _nearest)
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if not encoding.startswith("utf") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="bmovie-nearest")


_NEAREST = {"—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...",
            "×": "x", "→": "->", "←": "<-", "◀": "<", "▶": ">", "•": "*", "·": ".",
            "µ": "u", "≤": "<=", "≥": ">=", "≠": "!=", **{chr(0x2680 + i): f"[{i + 1}]"
                                                        for i in range(6)}}  # dice faces


def _nearest(exc: UnicodeError) -> tuple[str, int]:
    import unicodedata

    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        near = _NEAREST.get(ch)
        if near is None:  # 'é' -> 'e' + combining accent -> 'e'
            near = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"
        out.append(near)
    return "".join(out), exc.end


def _options(spec: GameSpec, given: tuple[str, ...], flags: dict[str, object]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if not sep:
            raise click.BadParameter(f"{item!r}: write KEY=VALUE", param_hint="--option")
        out[key.strip()] = value.strip()
    for _flag, key, _help in spec.flags:
        value = flags.get(key.replace(".", "_").replace("-", "_"))
        if value is not None:
            out[key] = str(value)
    return out


def _game_flags(spec: GameSpec) -> Callable:
    """Decorator adding the game's own option flags and a generic --option KEY=VALUE."""
    more = f": {spec.more_options}" if spec.more_options else ""

    def deco(fn: Callable) -> Callable:
        fn = click.option("--option", "-o", "option", multiple=True, metavar="KEY=VALUE",
                          help=f"any other game option (repeatable){more}")(fn)
        for flag, key, help_text in reversed(spec.flags):
            name, _, metavar = flag.partition(" ")  # '--width N': the flag and what it takes
            fn = click.option(name, key.replace(".", "_").replace("-", "_"), default=None,
                              metavar=metavar or None, help=help_text)(fn)
        return fn

    return deco


def _variant(spec: GameSpec) -> Callable:
    """--variant; hidden where a game has one rules variant (there is nothing to choose)."""
    one = len(spec.variants) == 1
    return click.option("--variant", type=click.Choice(spec.variants), default=spec.variants[0],
                        show_default=not one, hidden=one, help="rules variant")


# -- shell completion (runs only when the shell asks, so it may import the game) -----------
def _complete_seats(spec: GameSpec, *extra: str) -> Callable:
    """'human,heu<Tab>' -> 'human,heuristic'; after 'SEAT=' the kinds as well."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        head, comma, last = incomplete.rpartition(",")
        seat, eq, kind = last.rpartition("=")
        prefix = head + comma + seat + eq
        return [prefix + k for k in (HUMAN, *extra, *spec.bot_kinds()) if k.startswith(kind)]

    return complete


def _complete_bots(spec: GameSpec) -> Callable:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        return [k for k in spec.bot_kinds() if k.startswith(incomplete)]

    return complete


def _complete_cards(spec: GameSpec) -> Callable:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        low = incomplete.lower()
        return [n for n in spec.render.card_names() if n.lower().startswith(low)]

    return complete


def guard(fn: Callable[[], int | None]) -> None:
    """Run a command; players see one clear line for any error, never a traceback."""
    from common.engine import GameError
    from common.record import RecordError

    try:
        code = fn()
    except (GameError, RecordError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("", err=True)
        sys.exit(130)
    except click.ClickException:  # a usage error: click prints it, with the usage line
        raise
    except Exception as exc:  # pragma: no cover - the last line of defence
        if os.environ.get("BMOVIE_DEBUG"):
            raise
        click.echo(f"internal error: {exc!r} (set BMOVIE_DEBUG=1 for details)", err=True)
        sys.exit(3)
    sys.exit(code or 0)


class GameGroup(click.Group):
    """A game's command. Its streams degrade before anything is written (see degrade_streams),
    so even --help and usage errors survive an ASCII terminal."""

    def main(self, *args, **kwargs):  # type: ignore[override]
        degrade_streams()
        return super().main(*args, **kwargs)


def _ladder(spec: GameSpec, games: int | None, as_json: bool, iterations: int | None,
            options: dict[str, str]) -> int:
    """``bench --ladder``: kept apart so that the other bench flags may change around it.
    ``--games`` counts games per pairing; not given, the game's own ladder defaults hold."""
    from common.ladder import run_ladder

    games = spec.ladder_games if games is None else games
    iterations = spec.ladder_iterations if iterations is None else iterations
    return run_ladder(spec, games=games, as_json=as_json, options=options, iterations=iterations)


def build(spec: GameSpec) -> click.Group:
    also = "".join(f" '--variant {v}' plays {t}." for v, t in spec.variant_titles)
    complete = spec.name.upper().replace("-", "_")

    @click.group(spec.name, cls=GameGroup, help=f"{spec.title}: {spec.blurb}\n\nStart with '{spec.name} play'; "
                 f"'{spec.name} rules' prints the rules.{also}",
                 epilog=_epilog(ENV_EVERYWHERE, "\b\nShell completion (bash; for zsh or fish write "
                                "zsh_source or fish_source):\n"
                                f'  eval "$(_{complete}_COMPLETE=bash_source {spec.name})"'),
                 context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
    @click.version_option(__version__, "--version", prog_name=spec.name,
                          message="%(prog)s (bmovie-games) %(version)s")
    def group() -> None:
        pass

    @group.command(help=f"Play {spec.title} at this terminal, against bots or hot-seat.\n\n"
                   f"SEATS names a kind per seat, in seat order or as SEAT=KIND (seats not named "
                   f"are human): 'human', 'random', 'ismcts' or one of the game's own bots; a last "
                   f"KIND* fills the remaining seats.",
                   epilog=_epilog((ENV_STATE, ("PAGER", "the pager of 'rules' in the game"),
                                   *spec.env)))
    @click.option("--seed", type=int, default=None, help="seed of the shuffle (default: random)")
    @click.option("--seats", default=None, metavar="SEATS",
                  shell_complete=_complete_seats(spec),
                  help=f"who sits where [default: {spec.default_seats}; with --load: the "
                  "record's seats]")
    @_variant(spec)
    @click.option("--think", type=THINK, metavar="SECONDS", default=1.0, show_default=True, help=THINK_HELP)
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help="write the game's record here when it ends")
    @click.option("--load", type=click.Path(dir_okay=False), default=None,
                  help="go on with a game saved with 'save FILE' (or any unfinished record)")
    @click.option("--pace", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
                  help="pause after each bot move (a key skips ahead) [default: 0.6 at a "
                  "terminal, 0 when piped]")
    @click.option("--tui", is_flag=True, help="a full-screen table: board, log pane, prompt "
                  "(the line REPL where the terminal cannot hold it)")
    @_game_flags(spec)
    def play(seed, seats, variant, think, save, load, pace, tui, option, **flags) -> None:
        def go() -> int:
            from common.repl import load_local, play_local
            from common.spec import players_from_seats

            if load:
                given = _options(spec, option, flags)
                if seed is not None or given:
                    raise click.UsageError("--load goes on with the record's own seed and options; "
                                           "leave out --seed and the game options")
                return load_local(spec, load, seats=seats, think=think, save=save, pace=pace,
                                  tui=tui)
            seats_ = seats or spec.default_seats
            options = players_from_seats(spec, seats_, variant, _options(spec, option, flags))
            return play_local(spec, seed=seed, seats=seats_, variant=variant, think=think,
                              save=save, options=options, pace=pace, tui=tui)
        guard(go)

    @group.command(help="Replay record files and check their 'expect' lines.\n\n"
                   "Exit status: 0 all passed, 1 an expectation failed, 2 bad input.")
    @click.argument("files", nargs=-1, required=True, type=click.Path())
    def run(files) -> None:
        def go() -> int:
            from common.batch import run_files

            return run_files(spec.rules, list(files),
                             lambda line: click.echo(line, err=not line.startswith("ok ")))
        guard(go)

    @group.command(help="Step through a record, move by move, in the game's rendering.")
    @click.argument("file", type=click.Path())
    @click.option("--seat", default=None, help="whose view to show (default: everything public)")
    @click.option("--step/--no-step", default=True, help="wait for Enter between moves")
    def replay(file, seat, step) -> None:
        def go() -> int:
            from common.repl import replay_record

            return replay_record(spec, file, seat=seat, step=step)
        guard(go)

    @group.command(help="Host a game on the LAN (newline-delimited JSON over TCP).\n\n"
                   "Players join by name, take seats and chat in a lobby; the game begins when "
                   "every seat has a player, or when you type 'start' here (empty seats go to "
                   "--fill bots). The project's docs/protocol.md describes the protocol.",
                   epilog=_epilog((("BMOVIE_NET_PASSWORD", "the password, when --password is "
                                    "not given"),
                                   ("BMOVIE_NET_GRACE", "the --grace default, in seconds"))))
    @click.option("--port", type=click.IntRange(0, 65535), metavar="PORT", default=4747, show_default=True,
                  help="TCP port to listen on (0: any free one, printed at start)")
    @click.option("--bind", default="0.0.0.0", show_default=True, help="address to listen on")
    @click.option("--seats", default=None, metavar="SEATS",
                  shell_complete=_complete_seats(spec, "remote"),
                  help="seat kinds, as for play; 'remote' seats wait for join [default: all "
                  "remote]")
    @click.option("--seed", type=int, default=None, help="seed of the first game's shuffle "
                  "(default: random)")
    @_variant(spec)
    @click.option("--games", type=AT_LEAST_ONE, metavar="N", default=None,
                  help="exit after this many games [default: never]")
    @click.option("--think", type=THINK, metavar="SECONDS", default=0.5, show_default=True, help=THINK_HELP)
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help="the record of the game in progress, appended after every move "
                  "(seat tokens go beside it, in FILE.seats.json)")
    @click.option("--resume", type=click.Path(dir_okay=False), default=None,
                  help="continue the game of this record (a host that was stopped); "
                  "its players rejoin with their tokens")
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help="players need it to join")
    @click.option("--grace", type=SECONDS, metavar="SECONDS", default=None,
                  help="seconds a dropped player's seat waits before a bot decides for it "
                  "[default: 30, or $BMOVIE_NET_GRACE]")
    @click.option("--on-disconnect", "on_disconnect", type=click.Choice(["bot", "pause"]),
                  default="bot", show_default=True,
                  help="after the grace period a bot decides for the seat, or the table waits")
    @click.option("--fill", default=None, metavar="BOT", shell_complete=_complete_bots(spec),
                  help="bot kind for empty seats at 'start' and for players who left "
                  "[default: the game's own bot]")
    @click.option("--share-record", is_flag=True,
                  help="send every client the record at the end (it names the seed, and so "
                  "every hidden card)")
    @click.option("--tables", type=click.IntRange(1, 1000), metavar="N", default=1, show_default=True,
                  help="independent tables on this host (t1, t2, ...; join --table NAME)")
    @click.option("--idle", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                  default=None,
                  help="seconds of silence before a client is pinged; twice that and it is "
                  "dropped [default: 30]")
    @_game_flags(spec)
    def host(port, bind, seats, seed, variant, games, think, save, resume, password, grace,
             on_disconnect, fill, share_record, tables, idle, option, **flags) -> None:
        def go() -> int:
            from common.net.host import serve

            return serve(spec, port=port, bind=bind, seats=seats, seed=seed, variant=variant,
                         games=games, think=think, save=save, options=_options(spec, option, flags),
                         grace=grace, on_disconnect=on_disconnect, password=password,
                         resume=resume, fill=fill, share_record=share_record, tables=tables,
                         idle=idle)
        guard(go)

    @group.command(help="Join a hosted game: the lobby, then the REPL; or let a bot play (--bot), "
                   "or watch (--watch).",
                   epilog=_epilog((("BMOVIE_NET_PASSWORD", "the password, when --password is "
                                    "not given"),
                                   ("BMOVIE_NET_RETRY", "seconds a dropped client keeps trying "
                                    "to rejoin (default 120)"),
                                   ENV_STATE, ("USER", "the default --name"))))
    @click.argument("address", metavar="HOST:PORT")
    @click.option("--name", default=None, help="your name at the table [default: $USER]")
    @click.option("--seat", default=None, help="take this seat at once ('any': the first free one)")
    @click.option("--bot", default=None, metavar="BOT", shell_complete=_complete_bots(spec),
                  help="play with this bot instead of the keyboard")
    @click.option("--think", type=THINK, metavar="SECONDS", default=0.5, show_default=True, help=THINK_HELP)
    @click.option("--watch", is_flag=True, help="watch the game (public information only) and chat")
    @click.option("--rejoin", is_flag=False, flag_value="\0saved", default=None, metavar="[TOKEN]",
                  help="take your seat back after a drop-out (the token saved at join, or TOKEN)")
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help="the host's password, if it has one")
    @click.option("--table", default=None, help="which table, on a host of several")
    @click.option("--pace", type=SECONDS, metavar="SECONDS", default=0.0, show_default=True,
                  help="seconds a --bot waits before each move")
    @click.option("--tui", is_flag=True, help="play or watch at a full-screen table")
    def join(address, name, seat, bot, think, watch, rejoin, password, table, pace, tui) -> None:
        def go() -> int:
            from common.net.client import join as join_game

            return join_game(spec, address, name=name, seat=seat, bot=bot, think=think,
                             watch=watch, rejoin=rejoin, password=password, table=table, pace=pace,
                             tui=tui)
        guard(go)

    @group.command(help="Measure the rules' speed in random self-play; with --matchups or "
                   "--ladder, the bots' win rates too (those take minutes: searching bots "
                   "think).\n\nGame options (--players and the like) replace the preset "
                   "configurations with one of your own.")
    @click.option("--games", type=AT_LEAST_ONE, metavar="N", default=None,
                  help=f"random self-play games per configuration (the bot tables scale with it; "
                       f"default {spec.bench_games}); with --ladder: games per pairing (default "
                       f"{spec.ladder_games})")
    @click.option("--matchups", is_flag=True, help="also the bot match-ups: win shares")
    @click.option("--ladder", is_flag=True, help="instead: the levels (easy < normal < hard) "
                  "against each other: win rates with 95% intervals, the speed of each level; "
                  "--games per pairing")
    @click.option("--json", "as_json", is_flag=True, help="print one JSON object")
    @click.option("--net", is_flag=True, help="instead: the network load benchmark (many tables "
                  "of bot clients over loopback, against a bare echo server as the floor)")
    @click.option("--tables", type=AT_LEAST_ONE, metavar="N", default=100, show_default=True,
                  help="with --net: tables")
    @click.option("--interval", type=SECONDS, metavar="SECONDS", default=0.1, show_default=True,
                  help="with --net: seconds each bot client waits before it moves")
    @click.option("--seconds", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                  default=20.0,
                  show_default=True, help="with --net: how long each of the two runs lasts")
    @click.option("--iterations", type=AT_LEAST_ONE, metavar="N", default=None,
                  help=f"with --ladder or --matchups: search iterations per decision of the "
                       f"hard level (default {spec.ladder_iterations})")
    @_game_flags(spec)
    def bench(games, matchups, ladder, as_json, net, tables, interval, seconds, iterations, option,
              **flags) -> None:
        def go() -> int:
            if ladder:
                return _ladder(spec, games, as_json, iterations, _options(spec, option, flags))
            if net:
                from common.net.bench import run_net_bench

                return run_net_bench(spec, tables=tables, interval=interval, seconds=seconds,
                                     as_json=as_json, options=_options(spec, option, flags))
            from common.bench import run_bench

            return run_bench(spec, games=spec.bench_games if games is None else games,
                             as_json=as_json, matchups=matchups, iterations=iterations,
                             options=_options(spec, option, flags))
        guard(go)

    @group.command(help="Print the rules, in the project's own words.")
    @click.option("--all", "everything", is_flag=True,
                  help="also the parts for developers: card data, records, bots")
    def rules(everything: bool) -> None:
        def go() -> int:
            from common.render import markdown

            markdown(spec.rules_text(everything))
            return 0
        guard(go)

    @group.command(help="List the cards, or those matching QUERY.")
    @click.argument("query", required=False, default="", shell_complete=_complete_cards(spec))
    def cards(query) -> None:
        def go() -> int:
            from common.render import show

            table = spec.render.cards_table(query)
            if query and not table.row_count:
                from common.engine import GameError

                raise GameError(f"no card matches {query!r}; '{spec.name} cards' lists them all")
            show(table)
            return 0
        guard(go)

    return group
