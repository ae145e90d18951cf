"""The ``horror`` command: everything from common.cli, plus the default seats following
--players (you and auteur bots) and ``horror screenplay RECORD`` for a finished film."""

from __future__ import annotations

import click

from common.cli import _guard, _options, build
from common.spec import GameSpec

SPEC = GameSpec(
    name="horror",
    title="Creature Feature",
    blurb="a GM-less monster-movie story game for 2 to 8 players; the software keeps the books.",
    rules_path="horror.rules:RULES",
    render_module="horror.render",
    default_seats="human,auteur,auteur",
    rules_doc="rules-horror.md",
    flags=(("--players", "players", "how many players (2-8), or their names: bob,bethany (default 3)"),
           ("--title", "title", "the film's title (default: one from the studio's list)"),
           ("--monster", "monster", "the monster's name"),
           ("--setting", "setting", "where the film is set")),
    bench_speed=(("2 players", "players=2"), ("4 players", "players=4")),
    bench_matchups=(("auteur vs two random", "auteur,random,random", 200, "players=3"),
                    ("four auteurs (seat shares)", "auteur,auteur,auteur,auteur", 1000, "players=4")),
)

main = build(SPEC)


def _seats_follow_players(command: click.Command) -> None:
    """Default seats are 'you and bots' for however many players the options ask for."""
    original = command.callback

    def callback(seed, seats, variant, think, save, option, **flags):
        if seats == SPEC.default_seats:
            from horror.rules import seat_names

            try:
                count = len(seat_names(_options(SPEC, option, flags)))
            except Exception:  # a bad --players is reported by the game itself
                count = 3
            seats = ",".join(["human"] + ["auteur"] * (count - 1))
        return original(seed, seats, variant, think, save, option, **flags)

    command.callback = callback


_seats_follow_players(main.commands["play"])


@main.command(help="Write the Markdown screenplay of a record's film (as far as it goes).")
@click.argument("record", type=click.Path())
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="the file to write (default: TITLE.md here)")
def screenplay(record, out) -> None:
    def go() -> int:
        from common.batch import read_record, replay
        from horror.rules import RULES
        from horror.screenplay import write

        result = replay(RULES, read_record(record))
        path = write(result.table.view(None), out)
        click.echo(f"wrote {path}")
        return 0

    _guard(go)
