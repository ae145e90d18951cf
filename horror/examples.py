"""The example screenplays kept in the docs: seeded ``auteur`` films of 3 and 5 players,
written by ``horror examples DIR`` (never by hand); a test checks the docs hold what the
command writes today."""

from __future__ import annotations

from pathlib import Path

from common.selfplay import play_game
from common.table import Table
from horror import _
from horror.bots import AuteurBot
from horror.rules import RULES
from horror.screenplay import fountain, markdown

EXAMPLES = (("three-players", 3, 6), ("five-players", 5, 3))  # (file stem, players, seed)


def film(players: int, seed: int) -> dict:
    """The finished film of ``players`` auteur bots from ``seed``, as a spectator's view."""
    opts = {"players": str(players)}
    bots = {s: AuteurBot(seed * 11 + i) for i, s in enumerate(RULES.seats(opts))}
    result = play_game(RULES, seed, bots, opts)
    table = Table(RULES, seed=seed, options=opts, keep_undo=False)
    for seat, move in result.moves:
        table.play(seat, move)
    return table.view(None)


def texts() -> dict[str, str]:
    """File name -> content of every example."""
    out = {}
    for stem, players, seed in EXAMPLES:
        view = film(players, seed)
        note = _("<!-- written by 'horror examples docs/screenplays': {players} auteur bots, seed {seed}; "
                 "do not edit by hand -->\n").format(players=players, seed=seed)
        out[f"{stem}.md"] = note + markdown(view)
        out[f"{stem}.fountain"] = fountain(view)
    return out


def write(folder: str | Path) -> list[Path]:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in texts().items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
