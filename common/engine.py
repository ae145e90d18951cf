"""The rules contract every game implements, and the small value types it speaks in.

Front-ends (REPL, batch runner, network host, bots, bench) only ever call these methods, so a
game written against this contract gets all of them for free. Rules are pure: no printing,
no I/O; every random draw goes through the ``Rng`` kept inside the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from common import _
from common.rng import Rng
from common.safetext import clean

Move = tuple  # small immutable value; its text form comes from Rules.format
S = TypeVar("S")


class GameError(Exception):
    """Base of every error a player may cause; its message is one human sentence."""


class IllegalMove(GameError):
    """The move is well formed but the rules forbid it now."""


class NotationError(GameError):
    """The text is not a move in this game's notation."""


class Sentence(str):
    """An event told as a sentence that keeps its event's kind: the REPL marks a move by what
    happened (``kind``), never by the words, which may be a player's own ('the ghost plays
    dead')."""

    kind: str

    def __new__(cls, text: str, kind: str) -> Sentence:
        told = super().__new__(cls, text)
        told.kind = kind
        return told


def int_option(options: dict[str, str], key: str, default: int, low: int, high: int) -> int:
    """A whole-number game option within [low, high], or a GameError that says what is wrong."""
    raw = options.get(key, default)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise GameError(_("option {key} must be a whole number, not {value}").format(
            key=key, value=repr(raw))) from None
    if not low <= value <= high:
        raise GameError(_("option {key} must be between {low} and {high}, not {value}").format(
            key=key, low=low, high=high, value=value))
    return value


def first_seat(options: dict[str, str], seats: tuple[str, ...] | list[str]) -> int:
    """The index of the seat named by option ``first`` (who plays first); 0 when it is not
    given, as in every record made before the option (``play`` draws one at random and
    writes it into the record)."""
    first = options.get("first")
    if first is None:
        return 0
    if first not in seats:
        raise GameError(_("option first names a seat ({seats}), not {value}").format(
            seats=", ".join(seats), value=repr(first)))
    return list(seats).index(first)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who may or must act now. ``kind`` lets a front-end word its prompt."""

    seat: str
    kind: str = "turn"
    required: bool = True
    prompt: str = ""


@dataclass(slots=True)
class Outcome:
    winners: list[str]
    reason: str
    scores: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason, "scores": dict(self.scores)}


class Event(NamedTuple):
    """Something that happened. ``seat`` set means only that seat may learn of it."""

    kind: str
    data: tuple = ()
    seat: str | None = None


class Rules(Generic[S]):
    """One game's rules. Subclasses implement every method that raises NotImplementedError.

    ``options`` are text key/values from the command line or a record header; the rules
    variant arrives among them as ``options["variant"]``. ``bot_kinds`` maps extra bot names
    (a game's own heuristic bots) to factories taking ``seed=``.
    """

    bot_kinds: dict = {}

    name: str = "game"
    title: str = "Game"
    variants: tuple[str, ...] = ("standard",)
    # the option keys the game reads ('autopass.*' matches any one-word suffix); any other key
    # is refused, so that a misspelt '-o widht=9' is not a default game in disguise
    option_keys: tuple[str, ...] = ()
    # kinds of private events that show a seat hidden cards (its draws): a local undo must not
    # take them back, or a player could look at the deck and choose again
    reveal_kinds: frozenset[str] = frozenset({"drew"})

    def check_options(self, options: dict[str, str]) -> None:
        """A GameError naming the first option this game does not know (with a guess)."""
        import difflib
        import fnmatch

        for key in options:
            if key == "variant" or any(fnmatch.fnmatchcase(key, k) for k in self.option_keys):
                continue
            near = difflib.get_close_matches(key, self.option_keys, n=1, cutoff=0.6)
            if near:
                raise GameError(_("{game} has no option {key}; did you mean {guess}?").format(
                    game=self.title, key=repr(key), guess=repr(near[0])))
            if not self.option_keys:
                raise GameError(_("{game} has no option {key} (it takes none)").format(
                    game=self.title, key=repr(key)))
            raise GameError(_("{game} has no option {key} (options: {known})").format(
                game=self.title, key=repr(key), known=", ".join(self.option_keys)))

    # -- set-up ---------------------------------------------------------------------------
    def seats(self, options: dict[str, str]) -> list[str]:
        raise NotImplementedError

    def setup(self, options: dict[str, str], seed: int) -> S:
        raise NotImplementedError

    def scenario(self, state: S, directive: str) -> None:
        """Apply one record ``setup`` line (stack a deck, fix a hand, place a piece)."""
        raise IllegalMove(f"{self.name} records take no setup directive like {directive!r}")

    def record_help(self) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str], ...]]:
        """What records of this game may say: its ``setup`` directives as (syntax, example,
        meaning) and its ``expect`` facts as (name, meaning), NAME parts in capitals standing
        for a seat, a card, ... ``GAME rules --all`` lists them and a test checks them against
        ``scenario`` and ``facts``, so the list cannot drift from the code."""
        return (), ()

    def card_checksum(self, options: dict[str, str]) -> str:
        """A short digest of the card data a game is played with (records carry it)."""
        return "-"

    def card_parts(self, options: dict[str, str]) -> dict[str, tuple[str, str]]:
        """Each card ``card_checksum`` covers: id -> (its name, the canonical text of its data),
        from which a record's stamp tells which cards changed (``common.stamps``); none by
        default (horror's cards are written in play)."""
        return {}

    # -- the decision loop ----------------------------------------------------------------
    def decisions(self, state: S) -> list[Decision]:
        raise NotImplementedError

    def legal_moves(self, state: S, seat: str) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: S, seat: str, move: Move) -> list[Event]:
        raise NotImplementedError

    def template(self, move: Move) -> Move:
        """``move`` with its free text blanked (a title, a name, a line of dialogue): the list
        can hold one suggestion for such a move, and any other text is as legal, so a listed
        move stands for every move with its template. By default a move has no free text."""
        return move

    def open_moves(self, state: S, seat: str) -> list[Move]:
        """Moves ``seat`` may also make now that ``legal_moves`` leaves out, one of each template:
        what a rulebook leaves open-ended (Creature Feature: a line said by anyone at any time,
        any number of free elements in a meeting turn), which the list that bots and random play
        choose from cannot hold if a game is to end. None by default."""
        return []

    def search_moves(self, state: S, seat: str) -> list[Move]:
        """The legal moves as a search's play-outs need them: the same moves, but a game may
        write their free text as placeholders (no play-out reads it). By default the list."""
        return self.legal_moves(state, seat)

    def listed(self, state: S, seat: str, move: Move) -> bool:
        """Is ``move`` in ``legal_moves`` or ``open_moves``, or matched by a template there? The
        contract holds one truth: a move ``apply`` accepts is listed, and a listed move is
        accepted (the conformance test plays all three games to check it; ``expect legal``
        asks this)."""
        moves = self.legal_moves(state, seat) + self.open_moves(state, seat)
        if move in moves:
            return True
        blank = self.template(move)
        return blank != move and any(self.template(m) == blank for m in moves)

    def resolve(self, state: S, seat: str, move: Move) -> Move:
        """The listed move a person's shorthand means, when exactly one does ('play holy water
        on lab assistant' for the Character in your own Movie); otherwise the move as given,
        for ``apply`` to accept or refuse. The table records what this returns, so a record
        always holds the full move."""
        return move

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def end_kind(self, outcome: Outcome) -> str:
        """How a game ended, as a short key a benchmark can count (the reason, unless a game
        groups its reasons: Invaders' landings name the square)."""
        return outcome.reason

    # -- information ----------------------------------------------------------------------
    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """JSON-safe; exactly what ``seat`` may see (None: a spectator)."""
        raise NotImplementedError

    def views(self, state: S, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
        """``view`` for several seats at once: a host sends one to every seat after every
        move, so a game whose views share a costly public part overrides this to build that
        part once (the views may then share objects: nobody changes a view)."""
        return {seat: self.view(state, seat) for seat in seats}

    def determinize(self, view: dict[str, Any], seat: str, rng: Rng) -> S:
        """A full state consistent with ``view``: what the seat cannot see is sampled.

        This is how bots search without ever being handed the true hidden state.
        """
        raise NotImplementedError

    def facts(self, state: S) -> dict[str, str]:
        """Public facts that record ``expect`` lines may assert on, as text."""
        raise NotImplementedError

    def hidden_facts(self, state: S) -> dict[str, str]:
        """Facts no onlooker may see, that a record may still assert on: each hand as its
        owner sees it, the top of a deck the record stacked. Only ``expect`` lines read them
        (``Table.facts``); no view, event or message carries them."""
        return {}

    def narrate(self, event: Event) -> str:
        return f"{event.kind} {' '.join(map(str, event.data))}".strip()

    # -- notation: by default, the game's notation module ----------------------------------
    notation: Any = None  # a module with parse(text) -> Move and format_move(move) -> str

    def parse(self, text: str) -> Move:
        """A move from its text; what a person typed never carries an escape code or a
        control character into a move (common.safetext: the notation sees one clean line)."""
        return self.notation.parse(clean(text))

    def format(self, move: Move) -> str:
        return self.notation.format_move(move)

    # -- state plumbing: by default, the state's own hand-written methods --------------------
    def clone(self, state: S) -> S:
        return state.clone()  # type: ignore[attr-defined]

    def to_json(self, state: S) -> dict[str, Any]:
        return state.to_json()  # type: ignore[attr-defined]

    def from_json(self, data: dict[str, Any]) -> S:
        raise NotImplementedError

    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants as sentences (empty when all hold); used by the test suite."""
        return []

    # -- helpers every front-end uses -----------------------------------------------------
    def to_move(self, state: S) -> list[str]:
        return [d.seat for d in self.decisions(state)]

    def private_decision(self, state: S, seat: str) -> bool:
        """Whether ``seat``'s decision now needs what only that seat may see (its hand): at
        hot-seat the keyboard is handed over only for such a decision; a public one is taken
        at the table's board. True unless a game says otherwise (horror: most are public)."""
        return True

    def decider_is_secret(self, state: S) -> bool:
        """True when being asked tells the others something hidden (gros: a seat that could not
        answer a card is passed in silence, so whoever is asked holds a card that could). The
        network host then tells only that seat whose decision it is; views hide it too."""
        return False
