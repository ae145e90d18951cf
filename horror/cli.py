"""The ``horror`` command: not yet available (its issue is still open)."""

import sys

import click


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def main() -> None:
    """Not yet available: this game is being built (see the project's issues)."""
    click.echo("horror is not yet available in this version; try 'invaders play'.", err=True)
    sys.exit(2)
