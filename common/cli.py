"""The command line every game exposes: play, run, replay, host, join, bench, rules, cards.

Built from a ``GameSpec`` of plain strings; each command imports what it needs only when it
runs, so ``--help`` stays as quick as click itself.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import click

from common.spec import GameSpec

THINK_HELP = "seconds a searching bot may think per decision"


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

    def deco(fn: Callable) -> Callable:
        fn = click.option("--option", "-o", "option", multiple=True, metavar="KEY=VALUE",
                          help="a game option, e.g. width=9 (repeatable)")(fn)
        for flag, key, help_text in reversed(spec.flags):
            name, _, metavar = flag.partition(" ")  # '--width N': the flag and what it takes
            fn = click.option(name, key.replace(".", "_").replace("-", "_"), default=None,
                              metavar=metavar or None, help=help_text)(fn)
        return fn

    return deco


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


def _ladder(spec: GameSpec, games: int, as_json: bool, iterations: int, options: dict[str, str]) -> int:
    """``bench --ladder``: kept apart so that the other bench flags may change around it.
    ``--games`` counts games per pairing; left at the self-play default, the ladder plays 100."""
    from common.ladder import LADDER_GAMES, run_ladder

    games = LADDER_GAMES if games == spec.bench_games else games
    return run_ladder(spec, games=games, as_json=as_json, options=options, iterations=iterations)


def build(spec: GameSpec) -> click.Group:
    also = "".join(f" '--variant {v}' plays {t}." for v, t in spec.variant_titles)
    @click.group(help=f"{spec.title}: {spec.blurb}\n\nStart with '{spec.name} play'; "
                 f"'{spec.name} rules' prints the rules.{also}",
                 context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
    def group() -> None:
        pass

    @group.command(help=f"Play {spec.title} at this terminal, against bots or hot-seat.\n\n"
                   f"SEATS names a kind per seat, in seat order or as SEAT=KIND (seats not named "
                   f"are human): 'human', 'random', 'ismcts' or one of the game's own bots; a last "
                   f"KIND* fills the remaining seats. Default: {spec.default_seats}.")
    @click.option("--seed", type=int, default=None, help="seed of the shuffle (default: random)")
    @click.option("--seats", default=None, show_default=spec.default_seats,
                  help="who sits where (with --load: the record's seats)")
    @click.option("--variant", type=click.Choice(spec.variants), default=spec.variants[0],
                  show_default=True, help="rules variant")
    @click.option("--think", type=float, default=1.0, show_default=True, help=THINK_HELP)
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help="write the game's record here when it ends")
    @click.option("--load", type=click.Path(dir_okay=False), default=None,
                  help="go on with a game saved with 'save FILE' (or any unfinished record)")
    @_game_flags(spec)
    def play(seed, seats, variant, think, save, load, option, **flags) -> None:
        def go() -> int:
            from common.repl import load_local, play_local
            from common.spec import players_from_seats

            if load:
                given = _options(spec, option, flags)
                if seed is not None or given:
                    raise click.UsageError("--load goes on with the record's own seed and options; "
                                           "leave out --seed and the game options")
                return load_local(spec, load, seats=seats, think=think, save=save)
            seats_ = seats or spec.default_seats
            options = players_from_seats(spec, seats_, variant, _options(spec, option, flags))
            return play_local(spec, seed=seed, seats=seats_, variant=variant, think=think,
                              save=save, options=options)
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
                   "--fill bots). docs/protocol.md describes the protocol.")
    @click.option("--port", type=int, default=4747, show_default=True)
    @click.option("--bind", default="0.0.0.0", show_default=True, help="address to listen on")
    @click.option("--seats", default=None,
                  help="seat kinds; 'remote' seats wait for join (default: all remote)")
    @click.option("--seed", type=int, default=None)
    @click.option("--variant", type=click.Choice(spec.variants), default=spec.variants[0])
    @click.option("--games", type=int, default=None, help="exit after this many games")
    @click.option("--think", type=float, default=0.5, show_default=True, help=THINK_HELP)
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help="the record of the game in progress, appended after every move "
                  "(seat tokens go beside it, in FILE.seats.json)")
    @click.option("--resume", type=click.Path(dir_okay=False), default=None,
                  help="continue the game of this record (a host that was stopped); "
                  "its players rejoin with their tokens")
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help="players need it to join (or $BMOVIE_NET_PASSWORD)")
    @click.option("--grace", type=float, default=None,
                  help="seconds a dropped player's seat waits before a bot decides for it "
                  "[default: 30, or $BMOVIE_NET_GRACE]")
    @click.option("--on-disconnect", "on_disconnect", type=click.Choice(["bot", "pause"]),
                  default="bot", show_default=True,
                  help="after the grace period a bot decides for the seat, or the table waits")
    @click.option("--fill", default=None,
                  help="bot kind for empty seats at 'start' and for players who left")
    @click.option("--share-record", is_flag=True,
                  help="send every client the record at the end (it names the seed, and so "
                  "every hidden card)")
    @click.option("--tables", type=int, default=1, show_default=True,
                  help="independent tables on this host (t1, t2, ...; join --table NAME)")
    @click.option("--idle", type=float, default=None,
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
                   "or watch (--watch).")
    @click.argument("address", metavar="HOST:PORT")
    @click.option("--name", default=None, help="your name at the table")
    @click.option("--seat", default=None, help="take this seat at once ('any': the first free one)")
    @click.option("--bot", default=None, help="play with this bot instead of the keyboard")
    @click.option("--think", type=float, default=0.5, show_default=True, help=THINK_HELP)
    @click.option("--watch", is_flag=True, help="watch the game (public information only) and chat")
    @click.option("--rejoin", is_flag=False, flag_value="\0saved", default=None, metavar="[TOKEN]",
                  help="take your seat back after a drop-out (the token saved at join, or TOKEN)")
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help="the host's password, if it has one")
    @click.option("--table", default=None, help="which table, on a host of several")
    @click.option("--pace", type=float, default=0.0, help="seconds a --bot waits before each move")
    def join(address, name, seat, bot, think, watch, rejoin, password, table, pace) -> None:
        def go() -> int:
            from common.net.client import join as join_game

            return join_game(spec, address, name=name, seat=seat, bot=bot, think=think,
                             watch=watch, rejoin=rejoin, password=password, table=table, pace=pace)
        guard(go)

    @group.command(help="Measure random self-play speed and bot win rates.")
    @click.option("--games", type=int, default=spec.bench_games, show_default=True,
                  help="random self-play games per configuration")
    @click.option("--json", "as_json", is_flag=True, help="print one JSON object")
    @click.option("--net", is_flag=True, help="instead: the network load benchmark (many tables "
                  "of bot clients over loopback, against a bare echo server as the floor)")
    @click.option("--tables", type=int, default=100, show_default=True, help="with --net: tables")
    @click.option("--interval", type=float, default=0.1, show_default=True,
                  help="with --net: seconds each bot client waits before it moves")
    @click.option("--seconds", type=float, default=20.0, show_default=True,
                  help="with --net: how long each of the two runs lasts")
    @click.option("--ladder", is_flag=True, help="instead: the bot levels against each other "
                  "(win rates with 95% intervals, speed of each level); --games per pairing")
    @click.option("--iterations", type=int, default=100, show_default=True,
                  help="with --ladder: search iterations per decision of the hard level")
    @_game_flags(spec)
    def bench(games, as_json, net, tables, interval, seconds, ladder, iterations, option, **flags) -> None:
        def go() -> int:
            if ladder:
                return _ladder(spec, games, as_json, iterations, _options(spec, option, flags))
            if net:
                from common.net.bench import run_net_bench

                return run_net_bench(spec, tables=tables, interval=interval, seconds=seconds,
                                     as_json=as_json, options=_options(spec, option, flags))
            from common.bench import run_bench

            return run_bench(spec, games=games, as_json=as_json, options=_options(spec, option, flags))
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
    @click.argument("query", required=False, default="")
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
