"""The ``gros`` command (all of it comes from common.cli)."""

from common.cli import build
from common.spec import GameSpec
from gros import N_

SPEC = GameSpec(
    name="gros",
    title=N_("Grave Robbers from Outer Space"),
    blurb=N_("make the worst B-movie in town, and wreck everyone else's (2-6 players)."),
    rules_path="gros.rules:RULES",
    render_module="gros.render",
    default_seats="human,normal*",
    variants=("gros", "gr2"),
    variant_titles=(("gr2", N_("Grave Robbers II: Skippy's Revenge")),),
    flags=(("--players N|NAMES", "players",
            N_("how many players (2-6), or their names: ray,dana (default 3)")),
           ("--deck DECK", "deck",
            N_("gros, gr2 or gros+gr2 (default: the rules variant's own deck)")),
           ("--target SCORE", "target",
            N_("play games until someone's total reaches this score"))),
    more_options=N_("autopass=off (no seat passes automatically when it cannot act; "
                    "autopass.SEAT=off for one seat)"),
    bench_speed=(("2 players", "players=2"), ("4 players", "players=4"), ("6 players", "players=6")),
    bench_matchups=(("normal vs 2 easy", "normal,easy,easy", 300, "players=3"),
                    ("hard vs 2 normal", "hard,normal,normal", 10, "players=3")),
    bench_rotate=True,
    bench_games=500,  # the default bench (speed only) takes seconds
    bench_search=("3 players", "players=3", 0.0),
    ladder_audit="gros.audit:Audit",
    think=0.3,  # the hard level's default --think: its 160 iterations fit in it (rules page)
    ladder_iterations=160,  # about what 0.3 s buys (the rules page says how it was measured)
)

main = build(SPEC)
