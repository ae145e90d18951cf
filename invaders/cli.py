"""The ``invaders`` command (all of it comes from common.cli)."""

from common.cli import build
from common.spec import GameSpec

SPEC = GameSpec(
    name="invaders",
    title="Galaxy Invaders",
    blurb="the alien fleet against the lunar outpost, for two.",
    rules_path="invaders.rules:RULES",
    render_module="invaders.render",
    default_seats="ismcts,human",
    rules_doc="rules-invaders.md",
    flags=(("--width", "width", "board columns (default 7)"),
           ("--height", "height", "space rows above the lunar row (default 6)")),
)

main = build(SPEC)
