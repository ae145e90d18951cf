"""The ``horror`` command: everything from common.cli, plus ``horror screenplay RECORD``
for a finished film."""

from __future__ import annotations

import click

from common.cli import build
from common.guard import guard
from common.spec import GameSpec
from horror import N_

SPEC = GameSpec(
    name="horror",
    title=N_("Creature Feature"),
    blurb=N_("a GM-less monster-movie story game for 2 to 8 players; the software keeps the "
             "books."),
    rules_path="horror.rules:RULES",
    render_module="horror.render",
    default_seats="human,normal*",
    flags=(("--players N|NAMES", "players",
            N_("how many players (2-8), or their names: bob,bethany (default 3)")),
           ("--title TEXT", "title", N_("the film's title (default: one from the studio's list)")),
           ("--monster NAME", "monster", N_("the monster's name")),
           ("--setting PLACE", "setting", N_("where the film is set"))),
    more_options=N_("budget=N (each player's starting dice, default 12), ability=TEXT and "
                    "trigger=TEXT (the monster's)"),
    env=(("HORROR_SCREENPLAYS",
          N_("folder for the screenplay of a finished film (default: here)")),),
    bench_speed=(("2 players", "players=2"), ("4 players", "players=4")),
    bench_games=30,  # whole films are long: the default bench stays a few seconds
    bench_report="horror.bench:report",
    # a film with a searching seat took about 20 s at 50 iterations a decision (now well under
    # 1 s: the search weighs only the chair); --games and --iterations ask for more
    ladder_games=10,
    ladder_iterations=50,
    bench_search=("8 players, late in the film", "players=8", 0.6),
    bench_matchups=(("auteur vs two random", "auteur,random,random", 200, "players=3"),
                    ("four auteurs (seat shares)", "auteur,auteur,auteur,auteur", 1000, "players=4")),
)

main = build(SPEC)


@main.command(help=N_("Write the screenplay of a record's film (as far as it goes), as Markdown "
                      "or Fountain."))
@click.argument("record", type=click.Path())
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help=N_("the file to write (default: TITLE.md or TITLE.fountain here); its folder "
                      "is made when missing"))
@click.option("--format", "fmt", type=click.Choice(["markdown", "fountain"]), default="markdown",
              show_default=True, help=N_("Fountain is the plain-text format screenwriting apps open"))
@click.option("--force", is_flag=True, help=N_("overwrite the file if it exists"))
def screenplay(record, out, fmt, force) -> None:
    def go() -> int:
        import os

        from common.batch import read_record, replay
        from horror.rules import RULES
        from horror.screenfile import default_name, write

        view = replay(RULES, read_record(record)).table.view(None)
        if out is None:
            out_path = os.path.join(os.environ.get("HORROR_SCREENPLAYS", "."), default_name(view, fmt))
        else:
            out_path = out
        path = write(view, out_path, fmt, overwrite=force)
        click.echo(f"wrote {path}")
        return 0

    guard(go)


@main.command(help=N_("Write the example screenplays (seeded bot films of 3 and 5 players) into "
                      "DIR."))
@click.argument("folder", type=click.Path(file_okay=False), default="docs/screenplays")
def examples(folder) -> None:
    def go() -> int:
        from horror.examples import write

        for path in write(folder):
            click.echo(f"wrote {path}")
        return 0

    guard(go)
