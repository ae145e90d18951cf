"""Grave Robbers from Outer Space and Grave Robbers II: Skippy's Revenge (rulebooks 000, 001)."""

# this package's messages in the player's language (common/i18n.py): `from gros import _`
from common.i18n import N_, Domain  # noqa: E402

MESSAGES = Domain("gros")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
__all__ = ["N_", "MESSAGES", "_", "ngettext", "pgettext"]
