"""The command line every game exposes: play, learn, run, replay, host, join, bench, rules,
cards.

Built from a ``GameSpec`` of plain strings; each command imports what it needs only when it
runs, so ``--help`` stays as quick as click itself. Numbers are checked by click's ranges
(shown in ``--help``), the environment variables each command reads are listed in its
epilog, and seat kinds, bots and card names complete in the shell (``_GAME_COMPLETE``).

The language (``--lang``, anywhere on the line, else ``BMOVIE_LANG`` or the locale) is found
before click parses anything (``GameGroup.main``), and the commands are built in it, so even
``--help`` and click's own usage errors are in the player's language.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from common import N_, _, __version__
from common.guard import guard
from common.i18n import current, resolve, set_language
from common.options import (
    AT_LEAST_ONE,
    ENV_EVERYWHERE,
    ENV_PASSWORD,
    ENV_STATE,
    HELP_WIDTH,
    SECONDS,
    THINK,
    THINK_HELP,
    complete_bots,
    complete_cards,
    complete_seats,
    env_epilog,
    game_flags,
    game_options,
    given_language,
    lang_option,
    speak_placeholders,
    variant_option,
    wrapped,
)
from common.spec import GameSpec
from common.streams import degrade_streams

# a host's --seed below this can be searched (the 4242 came back from the six public
# title words in 1 s): the host warns
SEARCHABLE_SEEDS = 2**32


def _help_in_language(option: click.Option | None) -> click.Option | None:
    """click makes a command's --help option once and keeps it: word its help now."""
    if option is not None:
        option.help = _("Show this message and exit.")
    return option


class GameCommand(click.Command):
    """A game's command: its --help says what it does in the language of the moment."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _help_in_language(super().get_help_option(ctx))


class GameGroup(click.Group):
    """A game's command. Its streams degrade before anything is written (see degrade_streams),
    so even --help and usage errors survive an ASCII terminal; and it speaks the player's
    language before click reads a word (see the module's docstring)."""

    spec: GameSpec
    built_in = "en"  # the language its help texts were built in
    command_class = GameCommand

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _help_in_language(super().get_help_option(ctx))

    def main(self, *args: Any, **kwargs: Any) -> Any:
        degrade_streams()
        given = args[0] if args else kwargs.get("args")
        words = sys.argv[1:] if given is None else list(given)
        set_language(resolve(given_language(words)))
        if current() != "en":
            from common.clicktext import install

            install()
        if current() != self.built_in:
            fresh = _build(self.spec)
            for name, command in self.commands.items():  # a game's own (horror screenplay)
                if name not in fresh.commands:
                    fresh.add_command(command, name)
            for attr in ("help", "epilog", "params", "commands", "built_in", "options_metavar",
                         "subcommand_metavar"):
                setattr(self, attr, getattr(fresh, attr))
        return super().main(*args, **kwargs)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Every command takes --lang; one a game adds itself keeps its English help here and
        shows it in the game's language (its texts are in the game's catalogs)."""
        cmd.params = [p for p in cmd.params if p.name != "lang"]
        lang_option(cmd)  # (again: its help in the language of now)
        kept = vars(cmd)  # the English help is kept on the command from the first time it is added
        if cmd.epilog is None or "english_help" in kept:
            cmd.epilog = env_epilog(())
        english = kept.setdefault("english_help", [cmd.help] + [getattr(p, "help", None) for p in cmd.params])
        if getattr(self, "spec", None) is not None:
            cmd.help = self.spec.text(english[0] or "")
            for param, text in zip(cmd.params, english[1:], strict=True):
                if text and param.name != "lang":
                    param.help = self.spec.text(text)
        speak_placeholders(cmd)
        super().add_command(cmd, name)


def _ladder(spec: GameSpec, games: int | None, as_json: bool, iterations: int | None,
            options: dict[str, str], think: float | None = None) -> int:
    """``bench --ladder``: kept apart so that the other bench flags may change around it.
    ``--games`` counts games per pairing; not given, the game's own ladder defaults hold.
    ``think`` (``--think`` given): hard thinks that long a decision, as at the table, and
    ``--iterations`` caps it."""
    from common.ladder import run_ladder

    games = spec.ladder_games if games is None else games
    if think is None:
        iterations = spec.ladder_iterations if iterations is None else iterations
    return run_ladder(spec, games=games, as_json=as_json, options=options, iterations=iterations,
                      think=think)


def build(spec: GameSpec) -> click.Group:
    """The game's command, built in the current language (``GameGroup.main`` builds it again
    when the player asks for another)."""
    group = _build(spec)
    return group


def _build(spec: GameSpec) -> GameGroup:
    also = "".join(" " + _("'--variant {variant}' plays {title}.").format(variant=v,
                                                                         title=spec.text(t))
                   for v, t in spec.variant_titles)
    complete = spec.name.upper().replace("-", "_")
    game = spec.text
    # Translators: the first line of 'GAME --help': the game's title and its one-line blurb
    about = _("{title}: {blurb}").format(title=game(spec.title), blurb=game(spec.blurb))
    start = _("Start with '{game} play'; '{game} rules' prints the rules.").format(game=spec.name)
    shell = _("Shell completion (bash; for zsh or fish write zsh_source or fish_source):")

    @click.group(spec.name, cls=GameGroup, help=f"{about}\n\n{start}{also}",
                 epilog=env_epilog(ENV_EVERYWHERE, f"\b\n{wrapped(shell)}\n"
                                f'  eval "$(_{complete}_COMPLETE=bash_source {spec.name})"'),
                 context_settings={"help_option_names": ["-h", "--help"], "max_content_width": HELP_WIDTH})
    @click.version_option(__version__, "--version", prog_name=spec.name,
                          message="%(prog)s (bmovie-games) %(version)s",
                          help=_("Show the version and exit."))
    @lang_option
    def group() -> None:
        pass

    group.spec = spec
    group.built_in = current()
    epilog = env_epilog(())  # the commands that read no variable of their own list BMOVIE_LANG

    @group.command(help=_("Play {title} at this terminal, against bots or hot-seat.").format(
                       title=game(spec.title)) + "\n\n" +
                   _("SEATS names a kind per seat, in seat order or as SEAT=KIND (seats not named "
                     "are human): 'human', or a bot of one of three levels, 'easy', 'normal' or "
                     "'hard' ('hard' searches for --think seconds a move; 'random' and the game's "
                     "older bot names work too); a last KIND* fills the remaining seats."),
                   epilog=env_epilog((ENV_STATE, ("PAGER", N_("the pager of 'rules' in the game"))),
                                  game=spec))
    @click.option("--seed", type=int, default=None, help=_("seed of the shuffle (default: random)"))
    @click.option("--seats", default=None, metavar="SEATS",
                  shell_complete=complete_seats(spec),
                  help=_("who sits where [default: {seats}; with --load: the record's "
                         "seats]").format(seats=spec.default_seats))
    @variant_option(spec)
    @click.option("--think", type=THINK, metavar="SECONDS", default=spec.think or 1.0, show_default=True,
                  help=_(THINK_HELP))
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help=_("write the game's record here when it ends"))
    @click.option("--load", type=click.Path(dir_okay=False), default=None,
                  help=_("go on with a game saved with 'save FILE' (or any unfinished record)"))
    @click.option("--pace", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
                  help=_("pause after each bot move (a key skips ahead) [default: 0.6 at a "
                         "terminal, 0 when piped]"))
    @click.option("--tui", is_flag=True, help=_("a full-screen table: board, log pane, prompt "
                                                "(the line REPL where the terminal cannot hold "
                                                "it)"))
    @click.option("--vs", default=None, metavar="LEVEL", shell_complete=complete_bots(spec),
                  help=_("the level of every bot seat at once (easy, normal, hard)"))
    @click.option("--first", default=None, metavar="SEAT",
                  help=_("who plays first [default: a seat drawn at random, kept in the "
                         "record]"))
    @game_flags(spec)
    def play(seed, seats, variant, think, save, load, pace, tui, vs, first, option,
             **flags) -> None:
        def go() -> int:
            from common.local import load_local, play_local
            from common.spec import players_from_seats

            if load:
                given = game_options(spec, option, flags)
                if seed is not None or given:
                    raise click.UsageError(_("--load goes on with the record's own seed and "
                                             "options; leave out --seed and the game options"))
                if first is not None:
                    raise click.UsageError(_("--load goes on with the record's own first "
                                             "player; leave out --first"))
                return load_local(spec, load, seats=seats, think=think, save=save, pace=pace,
                                  tui=tui, vs=vs)
            seats_ = seats or spec.default_seats
            options = players_from_seats(spec, seats_, variant, game_options(spec, option, flags))
            return play_local(spec, seed=seed, seats=seats_, variant=variant, think=think,
                              save=save, options=options, pace=pace, tui=tui, vs=vs,
                              first=first)
        guard(go)

    @group.command(help=_("Replay record files and check their 'expect' lines.") + "\n\n" +
                   _("Exit status: 0 all passed, 1 an expectation failed, 2 bad input."),
                   epilog=epilog)
    @click.argument("files", nargs=-1, required=True, type=click.Path())
    @click.option("--restamp", is_flag=True,
                  help=_("after a deliberate change to the cards: renew each record's 'cards' "
                         "and 'deal' lines, say which cards changed, then replay it"))
    def run(files, restamp) -> None:
        def go() -> int:
            from common.batch import run_files
            from common.restamp import restamp_files

            replay_files = restamp_files if restamp else run_files
            return replay_files(spec.rules, list(files),
                                lambda line: click.echo(line, err=not line.startswith(("ok ", *files))))
        guard(go)

    @group.command(help=_("Step through a record, move by move, in the game's rendering."),
                   epilog=epilog)
    @click.argument("file", type=click.Path())
    @click.option("--seat", default=None, metavar="SEAT", help=_("whose view to show (default: everything "
                                                 "public)"))
    @click.option("--step/--no-step", default=True, help=_("wait for Enter between moves"))
    @click.option("--coach", "coached", is_flag=True,
                  help=_("each move with the coach's estimate and the search's choice beside it"))
    def replay(file, seat, step, coached) -> None:
        def go() -> int:
            from common.local import replay_record

            return replay_record(spec, file, seat=seat, step=step, coached=coached)
        guard(go)

    @group.command(help=_("Review a record: each decision's move against the hard bot's "
                          "choice, from that seat's view at the time; turning points, "
                          "inaccuracies, blunders and accuracy."), epilog=epilog)
    @click.argument("file", type=click.Path())
    @click.option("--seat", "seats", multiple=True, metavar="SEAT",
                  help=_("a seat to review (again for more; default: every human seat)"))
    @click.option("--json", "as_json", is_flag=True, help=_("print the review as JSON"))
    def review(file, seats, as_json) -> None:
        def go() -> int:
            from common.coachshow import review_file

            return review_file(spec, file, seats=list(seats), as_json=as_json)
        guard(go)

    @group.command(help=_("Host a game on the LAN (newline-delimited JSON over TCP).") + "\n\n" +
                   _("Players join by name, take seats and chat in a lobby; the game begins when "
                     "every seat has a player, or when you type 'start' here (empty seats go to "
                     "--fill bots). The project's docs/protocol.md describes the protocol."),
                   epilog=env_epilog((ENV_PASSWORD,
                                   ("BMOVIE_NET_GRACE", N_("the --grace default, in seconds")))))
    @click.option("--port", type=click.IntRange(0, 65535), metavar="PORT", default=4747,
                  show_default=True,
                  help=_("TCP port to listen on (0: any free one, printed at start)"))
    @click.option("--bind", default="0.0.0.0", metavar="ADDRESS", show_default=True, help=_("address to listen on"))
    @click.option("--seats", default=None, metavar="SEATS",
                  shell_complete=complete_seats(spec, "remote"),
                  help=_("seat kinds, as for play; 'remote' seats wait for join [default: all "
                         "remote]"))
    @click.option("--seed", type=int, default=None,
                  help=_("the secret every game's and every table's deal is derived from "
                         "(default: random, 128 bits); a small one can be found from the cards "
                         "players see, and with it every deck: for tests"))
    @variant_option(spec)
    @click.option("--games", type=AT_LEAST_ONE, metavar="N", default=None,
                  help=_("exit after this many games [default: never]"))
    @click.option("--think", type=THINK, metavar="SECONDS", default=min(spec.think or 0.5, 0.5),
                  show_default=True, help=_(THINK_HELP))
    @click.option("--save", type=click.Path(dir_okay=False), default=None,
                  help=_("the record of the game in progress, appended after every move "
                         "(seat tokens go beside it, in FILE.seats.json)"))
    @click.option("--resume", type=click.Path(dir_okay=False), default=None,
                  help=_("continue the game of this record (a host that was stopped); "
                         "its players rejoin with their tokens"))
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help=_("players need it to join"))
    @click.option("--grace", type=SECONDS, metavar="SECONDS", default=None,
                  help=_("seconds a dropped player's seat waits before a bot decides for it "
                         "[default: 30, or $BMOVIE_NET_GRACE]"))
    @click.option("--on-disconnect", "on_disconnect", type=click.Choice(["bot", "pause"]),
                  default="bot", show_default=True,
                  help=_("after the grace period a bot decides for the seat, or the table "
                         "waits"))
    @click.option("--fill", default=None, metavar="BOT", shell_complete=complete_bots(spec),
                  help=_("bot kind for empty seats at 'start' and for players who left "
                         "[default: the game's own bot]"))
    @click.option("--share-record", is_flag=True,
                  help=_("send every client the record at the end (it names the seed, and so "
                         "every hidden card)"))
    @click.option("--tables", type=click.IntRange(1, 1000), metavar="N", default=1,
                  show_default=True,
                  help=_("independent tables on this host (t1, t2, ...; join --table NAME)"))
    @click.option("--idle", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                  default=None,
                  help=_("seconds of silence before a client is pinged; twice that and it is "
                         "dropped [default: 30]"))
    @click.option("--no-hints", "no_hints", is_flag=True,
                  help=_("players may not ask the coach for a hint at these tables"))
    @click.option("--first", default=None, metavar="SEAT",
                  help=_("who plays first in every game [default: a seat drawn at random for "
                         "each game, kept in the record]"))
    @game_flags(spec)
    def host(port, bind, seats, seed, variant, games, think, save, resume, password, grace,
             on_disconnect, fill, share_record, tables, idle, no_hints, first, option,
             **flags) -> None:
        def go() -> int:
            from common.net.host import serve

            if seed is not None and abs(seed) < SEARCHABLE_SEEDS:
                click.echo(_("warning: --seed {seed} is small enough to be found by trying every "
                             "seed against the cards the players see, and every deck of this "
                             "host follows from it; leave --seed out unless this is a test")
                           .format(seed=seed), err=True)
            return serve(spec, port=port, bind=bind, seats=seats, seed=seed, variant=variant,
                         games=games, think=think, save=save, options=game_options(spec, option, flags),
                         grace=grace, on_disconnect=on_disconnect, password=password,
                         resume=resume, fill=fill, share_record=share_record, tables=tables,
                         idle=idle, no_hints=no_hints, first=first)
        guard(go)

    @group.command(help=_("Join a hosted game: the lobby, then the REPL; or let a bot play "
                          "(--bot), or watch (--watch)."),
                   epilog=env_epilog((ENV_PASSWORD,
                                   ("BMOVIE_NET_RETRY", N_("seconds a dropped client keeps trying "
                                                           "to rejoin (default 120)")),
                                   ENV_STATE, ("USER", N_("the default --name")))))
    @click.argument("address", metavar="HOST:PORT")
    @click.option("--name", default=None, metavar="NAME", help=_("your name at the table [default: $USER]"))
    @click.option("--seat", default=None, metavar="SEAT", help=_("take this seat at once ('any': the first free "
                                                 "one)"))
    @click.option("--bot", default=None, metavar="BOT", shell_complete=complete_bots(spec),
                  help=_("play with this bot instead of the keyboard"))
    @click.option("--think", type=THINK, metavar="SECONDS", default=min(spec.think or 0.5, 0.5),
                  show_default=True, help=_(THINK_HELP))
    @click.option("--watch", is_flag=True, help=_("watch the game (public information only) and "
                                                  "chat"))
    @click.option("--rejoin", is_flag=False, flag_value="\0saved", default=None, metavar="[TOKEN]",
                  help=_("take your seat back after a drop-out (the token saved at join, or "
                         "TOKEN)"))
    @click.option("--password", default=None, envvar="BMOVIE_NET_PASSWORD",
                  help=_("the host's password, if it has one"))
    @click.option("--table", default=None, metavar="NAME", help=_("which table, on a host of several"))
    @click.option("--pace", type=SECONDS, metavar="SECONDS", default=0.0, show_default=True,
                  help=_("seconds a --bot waits before each move"))
    @click.option("--tui", is_flag=True, help=_("play or watch at a full-screen table"))
    def join(address, name, seat, bot, think, watch, rejoin, password, table, pace, tui) -> None:
        def go() -> int:
            from common.net.client import join as join_game

            return join_game(spec, address, name=name, seat=seat, bot=bot, think=think,
                             watch=watch, rejoin=rejoin, password=password, table=table, pace=pace,
                             tui=tui)
        guard(go)

    @group.command(help=_("Measure the rules' speed in random self-play; with --matchups or "
                          "--ladder, the bots' win rates too (those take minutes: searching "
                          "bots think).") + "\n\n" +
                   _("Game options (--players and the like) replace the preset configurations "
                     "with one of your own."), epilog=epilog)
    @click.option("--games", type=AT_LEAST_ONE, metavar="N", default=None,
                  help=_("random self-play games per configuration (the bot tables scale with "
                         "it; default {games}); with --ladder: games per pairing (default "
                         "{ladder})").format(games=spec.bench_games, ladder=spec.ladder_games))
    @click.option("--matchups", is_flag=True, help=_("also the bot match-ups: win shares"))
    @click.option("--ladder", is_flag=True, help=_("instead: the levels (easy < normal < hard) "
                                                   "against each other: win rates with 95% "
                                                   "intervals, the speed of each level; --games "
                                                   "per pairing"))
    @click.option("--json", "as_json", is_flag=True, help=_("print one JSON object"))
    @click.option("--net", is_flag=True, help=_("instead: the network load benchmark (many "
                                                "tables of bot clients over loopback, against a "
                                                "bare echo server as the floor)"))
    @click.option("--tables", type=AT_LEAST_ONE, metavar="N", default=100, show_default=True,
                  help=_("with --net: tables"))
    @click.option("--interval", type=SECONDS, metavar="SECONDS", default=0.1, show_default=True,
                  help=_("with --net: seconds each bot client waits before it moves"))
    @click.option("--seconds", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                  default=20.0, show_default=True,
                  help=_("with --net: how long each of the two runs lasts"))
    @click.option("--iterations", type=AT_LEAST_ONE, metavar="N", default=None,
                  help=_("with --ladder or --matchups: search iterations per decision of the "
                         "hard level (default {n})").format(n=spec.ladder_iterations))
    @click.option("--attention", is_flag=True,
                  help=_("instead: what the table asks of a player, before and now (one seat a "
                         "person with the default settings: reactions passed, hand-overs at one "
                         "keyboard, waits for hard bots); --games games (default 10)"))
    @click.option("--think", type=THINK, metavar="SECONDS", default=spec.think or 1.0, show_default=True,
                  help=_("with --attention, or given with --ladder: the hard bots' thinking, as in play"))
    @game_flags(spec)
    def bench(games, matchups, ladder, as_json, net, tables, interval, seconds, iterations,
              attention, think, option, **flags) -> None:
        def go() -> int:
            if attention:
                from common.attention import run_attention

                count = 10 if games is None else games
                return run_attention(spec, games=count, options=game_options(spec, option, flags),
                                     think=think, wait_games=max(1, count // 10), as_json=as_json)
            if ladder:
                given = click.get_current_context().get_parameter_source("think")
                return _ladder(spec, games, as_json, iterations, game_options(spec, option, flags),
                               think if given == click.core.ParameterSource.COMMANDLINE else None)
            if net:
                from common.net.bench import run_net_bench

                return run_net_bench(spec, tables=tables, interval=interval, seconds=seconds,
                                     as_json=as_json, options=game_options(spec, option, flags))
            from common.bench import run_bench

            return run_bench(spec, games=spec.bench_games if games is None else games,
                             as_json=as_json, matchups=matchups, iterations=iterations,
                             options=game_options(spec, option, flags))
        guard(go)

    @group.command(help=_("A guided first game: a short game set up to show every main rule "
                          "as it comes, with the move to type; then a real game, if you "
                          "like."), epilog=epilog)
    def learn() -> None:
        def go() -> int:
            from common.learn import learn as guided

            return guided(spec)
        guard(go)

    @group.command(help=_("Print the rules, in the project's own words."), epilog=epilog)
    @click.option("--all", "everything", is_flag=True,
                  help=_("also the parts for developers: card data, records, bots"))
    def rules(everything: bool) -> None:
        def go() -> int:
            from common.render import markdown

            markdown(spec.rules_text(everything))
            return 0
        guard(go)

    @group.command(help=_("List the cards, or those matching QUERY."), epilog=epilog)
    @click.argument("query", nargs=-1, shell_complete=complete_cards(spec))
    def cards(query) -> None:
        query = " ".join(query)  # 'cards Deflector Shield' as one query, quoted or not

        def go() -> int:
            from common.render import fitted, show

            table = spec.render.cards_table(query)
            if query and not table.row_count:
                from common.engine import GameError

                raise GameError(_("no card matches {query}; '{game} cards' lists them "
                                  "all").format(query=repr(query), game=spec.name))
            show(fitted(table))
            return 0
        guard(go)

    speak_placeholders(group)
    return group
