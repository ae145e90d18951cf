"""Game-agnostic core shared by the three games: contract, randomness, records, front-ends, bots."""

__version__ = "0.1.0"  # the release of all three games (pyproject reads it from here)

# this package's messages in the player's language (common/i18n.py): `from common import _`
from common.i18n import N_, Domain  # noqa: E402

MESSAGES = Domain("common")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
__all__ = ["N_", "MESSAGES", "_", "ngettext", "pgettext"]
