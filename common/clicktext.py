"""click's own words ("Usage:", "Show this message and exit.", "No such option") in the
player's language.

click looks its texts up with the standard library's ``gettext.gettext`` (and ``ngettext``),
imported into each of its modules under the names ``_`` and ``ngettext``; gettext's global
domain would take the language from the environment, not from ``--lang``. ``install`` points
those names at our ``common`` catalog instead, for the texts listed here (the ones a player
of these commands can meet); any other click text stays English.
"""

from __future__ import annotations

import sys

from common import MESSAGES
from common.i18n import N_, Nn_

TEXTS = frozenset((
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"),
    N_("Show this message and exit."), N_("Show the version and exit."),
    N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing parameter: {param_name}"), N_("Missing command."),
    N_("No such option {name!r}."), N_("No such command {name!r}."),
    N_("Invalid value for {param_hint}: {message}"), N_("Invalid value: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("{value} is not in the range {range}."), N_("{value!r} is not a valid {number_type}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("default: {default}"), N_("env var: {var}"), N_("required"), N_("Aborted!"),
    N_("file"), N_("directory"), N_("path"),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."), N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"),
    # one or several: click's ngettext picks between two sentences that hold no count
    N_("Got unexpected extra argument ({args})"), N_("Got unexpected extra arguments ({args})"),
    N_("Did you mean {possibility}?"), N_("(Did you mean one of: {possibilities}?)"),
    N_("{value!r} is not {choice}."), N_("{value!r} is not one of {choices}."),
))
# a count's plural forms (Russian has three)
PLURALS = frozenset((
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
))
_SINGULARS = {singular: plural for singular, plural in PLURALS}
MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types")


def gettext(message: str) -> str:
    return MESSAGES.gettext(message) if message in TEXTS else message


def ngettext(singular: str, plural: str, n: int) -> str:
    if _SINGULARS.get(singular) == plural:
        return MESSAGES.ngettext(singular, plural, n)
    if singular in TEXTS and plural in TEXTS:
        return MESSAGES.gettext(singular if n == 1 else plural)
    return singular if n == 1 else plural


def install() -> None:
    """Let click speak through our catalog (idempotent; English looks nothing up)."""
    for name in MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            setattr(module, "_", gettext)  # noqa: B010 - a module's attribute, set by name
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", ngettext)  # noqa: B010
