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
    bench_matchups=(("heuristic vs heuristic (equal bots)", "heuristic,heuristic", 2000, ""),
                    ("random vs random", "random,random", 2000, ""),
                    ("ISMCTS aliens vs random", "ismcts,random", 40, ""),
                    ("random aliens vs ISMCTS", "random,ismcts", 40, "")),
)

main = build(SPEC)
