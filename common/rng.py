"""Seeded randomness that lives inside a game's state.

Two generators behind one class, told apart by the seed's form, so every record replays:

- a seed below 2**64 (every record written before keyed seeds, ``--seed 42``, bots, self-play):
  splitmix64, fast, but its outputs give away its state (each output is an invertible mix of
  it) and a 32-bit seed can be searched from a few public cards in seconds;
- a seed of 2**64 or more (``new_seed()``: 128 random bits from the OS; every game a host or a
  local ``play`` deals without ``--seed``): BLAKE2b keyed with a key made from the seed, in
  counter mode. Its outputs reveal neither key nor seed, and the seed space cannot be searched.

Either way the whole state is one integer (``state``), so a state clones, serialises and replays
identically on any machine and Python version (``random.Random`` promises none of that). A
keyed state is ``1 << 192 | key << 64 | counter``; a splitmix64 state is below 2**64.

``derive(secret, ...)`` makes the seeds of a host's tables and games from its secret seed
through the keyed hash: knowing one game's seed (from its shared record) tells nothing about
another's.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from array import array
from collections.abc import MutableSequence
from functools import lru_cache
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
KEYED = 1 << 64  # seeds from here up use the keyed generator
_TAG = 1 << 192  # marks a keyed state (its key may begin with zero bits)
_PER_BLOCK = 8  # 64-bit outputs from one 64-byte BLAKE2b digest

T = TypeVar("T")


def new_seed() -> int:
    """A seed nobody can search: 128 random bits from the OS (as a keyed seed, >= 2**128)."""
    return (1 << 128) | secrets.randbits(128)


def _secret_key(secret: int | str) -> bytes:
    return hashlib.blake2b(str(secret).encode(), digest_size=32, person=b"bmovie-secret").digest()


def derive(secret: int | str, *parts: str | int) -> int:
    """A keyed seed for ``parts`` (a table's name, a game's number) made from ``secret`` by
    keyed BLAKE2b: different parts give unrelated seeds, and none gives away ``secret``."""
    label = "/".join(str(p) for p in parts).encode()
    digest = hashlib.blake2b(label, key=_secret_key(secret), digest_size=16,
                             person=b"bmovie-derive").digest()
    return (1 << 128) | int.from_bytes(digest, "little")


def derive_fast(secret: int | str, *parts: str | int) -> int:
    """A 64-bit seed (for the fast generator: bots' own randomness) derived like ``derive``."""
    return derive(secret, "fast", *parts) & _MASK


@lru_cache(maxsize=256)
def _lanes(m: int) -> tuple[int, int, int]:
    """For ``_splitmix_outputs``: ``m`` lanes of 128 bits holding 1 each, holding 1, 2 .. m,
    and holding a 64-bit mask each."""
    ones = sum(1 << (128 * k) for k in range(m))
    counts = sum((k + 1) << (128 * k) for k in range(m))
    return ones, counts, ones * _MASK


def _splitmix_outputs(state: int, m: int) -> array:
    """splitmix64's next ``m`` outputs from ``state`` (what ``m`` calls of ``next64`` return),
    computed side by side, about three times faster than one by one in Python: the ``m``
    states sit in 128-bit lanes of one integer, and each step of the mix (shift, xor,
    multiply, mask) is one big-integer operation over all lanes. A lane holds 64 bits, so its
    product with a 64-bit constant fits in its 128 and never carries into the next lane, and
    masking each lane to 64 bits drops what a right shift brings down from the lane above."""
    ones, counts, low = _lanes(m)
    z = (state * ones + counts * _GOLDEN) & low  # lane k: state + (k + 1) * golden, mod 2**64
    z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    z ^= (z >> 31) & low
    words = array("Q", z.to_bytes(16 * m, "little"))  # two 64-bit words a lane, low word first
    if sys.byteorder == "big":
        words.byteswap()
    return words[0::2]


class Rng:
    __slots__ = ("_s", "_h", "_blk", "_buf")
    _h: hashlib.blake2b | None  # the keyed generator's BLAKE2b, None for splitmix64

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode()[:16].ljust(8, b"\0"), "little")
        if seed >= KEYED:
            key = hashlib.blake2b(str(seed).encode(), digest_size=16, person=b"bmovie-rng").digest()
            self.state = _TAG | int.from_bytes(key, "little") << 64
        else:
            self.state = seed & _MASK

    @property
    def state(self) -> int:
        return self._s

    @state.setter
    def state(self, value: int) -> None:
        self._s = value
        self._blk = -1
        self._buf = b""
        if value >> 64:
            key = ((value >> 64) & ((1 << 128) - 1)).to_bytes(16, "little")
            self._h = hashlib.blake2b(key=key, digest_size=64, person=b"bmovie-rng-ctr")
        else:
            self._h = None

    @property
    def keyed(self) -> bool:
        return self._h is not None

    def next64(self) -> int:
        if self._h is not None:
            return self._next_keyed()
        self._s = z = (self._s + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _next_keyed(self) -> int:
        """Output ``counter`` of the keyed stream: word ``counter % 8`` of BLAKE2b(key, block)."""
        s = self._s
        counter = s & _MASK
        block, word = divmod(counter, _PER_BLOCK)
        if block != self._blk:
            assert self._h is not None  # called for a keyed generator only
            h = self._h.copy()
            h.update(block.to_bytes(8, "little"))
            self._buf, self._blk = h.digest(), block
        self._s = (s & ~_MASK) | ((counter + 1) & _MASK)
        return int.from_bytes(self._buf[8 * word:8 * word + 8], "little")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (multiply-shift; the bias is < n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if self._h is not None:
            return (self._next_keyed() * n) >> 64
        # next64's splitmix64, written out: self-play and search draw here on every move
        self._s = z = (self._s + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def ahead(self, m: int) -> list[int]:
        """The next ``m`` outputs of ``next64`` at once, last first (for ``pop()``); the
        generator moves past them. Only for the fast generator (not ``keyed``): a caller that
        draws many numbers and keeps them to itself (the random bot) saves a call a draw."""
        out = _splitmix_outputs(self._s, m).tolist()
        out.reverse()
        self._s = (self._s + m * _GOLDEN) & _MASK
        return out

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher–Yates in place."""
        if self._h is not None:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        n = len(items)
        if n < 2:
            return
        # below(i + 1) for each i, its splitmix64 outputs made all at once (a deal shuffles 100 cards)
        for i, z in zip(range(n - 1, 0, -1), _splitmix_outputs(self._s, n - 1), strict=True):
            j = (z * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._s = (self._s + (n - 1) * _GOLDEN) & _MASK

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one: one step, or
        two for a keyed one, whose fork is keyed too)."""
        if self._h is not None:
            return Rng(KEYED << 64 | self.next64() << 64 | self.next64())
        return Rng(self.next64())

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r._s, r._h, r._blk, r._buf = self._s, self._h, self._blk, self._buf
        return r
