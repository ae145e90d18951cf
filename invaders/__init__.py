"""Galaxy Invaders: two players, the alien fleet against the lunar outpost (rulebook 002)."""

# this package's messages in the player's language (common/i18n.py): `from invaders import _`
try:
    from common import __version__  # noqa: F401 (ours has it; another project's 'common' has not)
    from common.i18n import N_, Domain
except ImportError as exc:  # a top-level 'common' from another distribution shadows ours
    raise SystemExit(f"{__name__}: {exc}: another installed project has a package named 'common'; "
                     "install the games in an environment of their own (pipx install .)") from None

MESSAGES = Domain("invaders")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
__all__ = ["N_", "MESSAGES", "_", "ngettext", "pgettext"]
