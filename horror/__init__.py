"""Creature Feature: a GM-less monster-movie story game (rulebook 004)."""

# this package's messages in the player's language (common/i18n.py): `from horror import _`
from common.i18n import N_, Domain  # noqa: E402

MESSAGES = Domain("horror")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
__all__ = ["N_", "MESSAGES", "_", "ngettext", "pgettext"]
