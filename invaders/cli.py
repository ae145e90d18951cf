"""The ``invaders`` command (all of it comes from common.cli)."""

from common.cli import build
from common.spec import GameSpec

SPEC = GameSpec(
    name="invaders",
    title="Galaxy Invaders",
    blurb="the alien fleet against the lunar outpost, for two.",
    rules_path="invaders.rules:RULES",
    render_module="invaders.render",
    default_seats="heuristic,human",
    rules_doc="rules-invaders.md",
    flags=(("--width N", "width", "board columns (default 7)"),
           ("--height N", "height", "space rows above the lunar row (default 6)")),
    bench_speed=(("7x6 board", ""), ("11x9 board", "width=11,height=9")),
    # the balance table of docs/rules-invaders.md: equal levels on both sides (hard searches
    # a fixed 60 iterations a decision in bench)
    bench_matchups=(("easy vs easy", "easy,easy", 2000, ""),
                    ("normal vs normal", "normal,normal", 2000, ""),
                    ("hard vs hard (60 iterations)", "hard,hard", 200, "")),
)

main = build(SPEC)
