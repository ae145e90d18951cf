"""The standard streams: output that degrades on a terminal whose encoding cannot hold our
characters, and input typed ahead that belongs to no question asked yet."""

from __future__ import annotations

import sys


def degrade_streams() -> None:
    """Let output that the terminal's encoding cannot hold degrade instead of failing.

    On an ASCII or cp1252 stream (``PYTHONIOENCODING=ascii``, an old Windows console) a
    character with no place in the encoding is written as its nearest ASCII ('—' as '-',
    'é' as 'e') or '?'. rich already draws its boxes in ASCII there.
    """
    import codecs

    codecs.register_error("bmovie-nearest", _nearest)
    codecs.register(_plain_ascii)
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if encoding.startswith("utf") or not hasattr(stream, "reconfigure"):
            continue
        if codecs.lookup(encoding).name == "ascii":
            # click takes an ASCII stream for a misconfigured one and writes UTF-8 past it;
            # under another name the same codec is used as it is, by click and rich alike
            stream.reconfigure(encoding=PLAIN_ASCII, errors="bmovie-nearest")
        else:
            stream.reconfigure(errors="bmovie-nearest")


PLAIN_ASCII = "bmovie_ascii"


def _plain_ascii(name: str):
    """The ASCII codec under a name of its own (see degrade_streams)."""
    import codecs

    if name != PLAIN_ASCII:
        return None
    ascii_ = codecs.lookup("ascii")
    return codecs.CodecInfo(ascii_.encode, ascii_.decode, name=PLAIN_ASCII,
                            incrementalencoder=ascii_.incrementalencoder,
                            incrementaldecoder=ascii_.incrementaldecoder,
                            streamreader=ascii_.streamreader, streamwriter=ascii_.streamwriter)


_NEAREST = {"—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...",
            "×": "x", "→": "->", "←": "<-", "◀": "<", "▶": ">", "•": "*", "·": ".",
            "µ": "u", "≤": "<=", "≥": ">=", "≠": "!=", **{chr(0x2680 + i): f"[{i + 1}]"
                                                        for i in range(6)}}  # dice faces


def _nearest(exc: UnicodeError) -> tuple[str, int]:
    import unicodedata

    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        near = _NEAREST.get(ch)
        if near is None:  # 'é' -> 'e' + combining accent -> 'e'
            near = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"
        out.append(near)
    return "".join(out), exc.end


def drop_typed_ahead() -> None:
    """Forget what was typed before the question now asked: an Enter (or a line) meant for a
    move must not answer the end screen's questions, reach the shell after we exit, or pass a
    hot-seat hand-over before the next player sits down."""
    if not sys.stdin.isatty():
        return
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no termios (Windows) or no real terminal
        pass
    typeahead = sys.modules.get("prompt_toolkit.input.typeahead")
    if typeahead is not None:  # keys a prompt read past its Enter wait there for the next prompt
        # (seen: ray's second Enter played dana's draw after the hand-over)
        from prompt_toolkit.input import create_input

        typeahead.clear_typeahead(create_input())
