"""The ``invaders`` command (all of it comes from common.cli)."""

from common.cli import build
from common.spec import GameSpec
from invaders import N_

SPEC = GameSpec(
    name="invaders",
    title=N_("Galaxy Invaders"),
    blurb=N_("the alien fleet against the lunar outpost, for two."),
    rules_path="invaders.rules:RULES",
    render_module="invaders.render",
    default_seats="normal,human",
    variants=("standard", "book"),  # book: the book's cards, draw 2, with the rulings' counts (I3)
    flags=(("--width N", "width", N_("board columns, 3-26 (default 7)")),
           ("--height N", "height", N_("space rows above the lunar row, 3-30 (default 6)"))),
    more_options=N_("hand=N (opening hand, default: the aliens 4, the humans 7), draw=N (cards drawn each "
                    "phase, default: the aliens 2, the humans 3; under --variant book 2 each), limit=N (hand "
                    "limit, default: the aliens 4, the humans 6; under --variant book 4 each), for one side "
                    "only hand.aliens=N, draw.humans=N, ...; "
                    "deck.aliens=fire:12,maneuver:8,... and deck.humans=... (the decks)"),
    bench_speed=(("7x6 board", ""), ("11x9 board", "width=11,height=9")),
    bench_search=("7x6 board", "", 0.0),
    # the balance table of invaders/rules.md: equal levels on both sides (hard searches a
    # fixed number of iterations a decision in bench: --iterations, by default ladder_iterations)
    bench_matchups=(("easy vs easy", "easy,easy", 2000, ""),
                    ("normal vs normal", "normal,normal", 2000, ""),
                    ("hard vs hard", "hard,hard", 200, "")),
    ladder_iterations=40,
)

main = build(SPEC)
