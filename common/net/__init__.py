"""Network play: ``host`` (asyncio TCP server owning the Table) and ``client`` (join), speaking
newline-delimited JSON as described in docs/protocol.md."""

from common.net.protocol import MAX_LINE, PROTOCOL_VERSION

__all__ = ["MAX_LINE", "PROTOCOL_VERSION"]
