"""Galaxy Invaders: two players, the alien fleet against the lunar outpost (rulebook 002)."""

# this package's messages in the player's language (common/i18n.py): `from invaders import _`
from common.i18n import N_, Domain  # noqa: E402

MESSAGES = Domain("invaders")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
__all__ = ["N_", "MESSAGES", "_", "ngettext", "pgettext"]
