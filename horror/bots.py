"""The ``auteur`` bot: a seat-taker that writes a script, bids for the chair, stakes dice and
plays tropes to move the acts on.

It reads mostly its legal moves, which say a good deal: card ids name their kind (c a
character, s a set, t a trope, p a subplot, m the monster), the trade offers list the cards
in its hand, the stakes and bids run up to its budget, and at a meeting the 'raise' and
'armour' suggestions list the sets and the living characters. So it cannot cheat and mostly
needs no view: self-play and the soak tests use it to film thousands of whole films quickly.
Only after making a trade offer does it ask for its view, whose public log says which of
its offers the table has already turned down since the deal.

It also lends the ``hard`` level its ``Search``: the chair searched (``horror.hard``), every
other decision a rule of thumb read from the hard seat's own view (``steer``).
"""

from __future__ import annotations

from typing import Any

from common.bots import Search
from common.engine import Move, Rules
from common.rng import Rng
from horror import hard, sense
from horror.state import Film

MEETING_ONLY = {"supporting", "star", "armour", "trope", "subplot", "prop", "close", "near"}
DIRECTING = {"cut", "plan", "spring", "escape", "play", "check", "chase", "attack", "trigger", "drop"}
COST = {"supporting": 1, "star": 2, "set": 1, "raise": 1, "armour": 1}
CARD_TYPE = {"c": "role", "s": "set", "t": "trope", "p": "subplot", "m": "monster"}  # by id prefix


def turned_down(view: dict[str, Any], seat: str) -> set[tuple[str, str]]:
    """The (card type, wanted type) offers of ``seat`` that nobody took since the last deal,
    and those still waiting for an answer.

    Read from the view's public log, so a bot repeats no offer the table has just declined,
    nor one it has made and the table has not answered yet.
    """
    log = view.get("log") or []
    since = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == "deal"), -1)
    out: set[tuple[str, str]] = set()
    for entry in log[since + 1:]:
        if entry[0] == "offer" and entry[1] == seat:
            out.add((entry[2], entry[3]))  # waiting, until a trade says it was taken
        elif entry[0] == "trade" and entry[1] == seat:
            out.discard((entry[3], entry[4]))
    return out


SEARCHED = {"bid", "claim"}
WRITING = {"trope", "subplot", "prop", "near", "monster", "ability", "trigger", "setting", "title"}
GREED = 1.0  # ``normal`` bids for the chair up to what its hand would earn (``hard``: 1.6)  # what the ``hard`` level searches: the chair (horror.hard)


def steer(rules: Rules, view: dict[str, Any], seat: str, legal: list[Move], rng: Rng) -> Move | None:
    """The ``hard`` level's rules of thumb, read from its view: everything but the chair,
    which it searches (None). It directs for the dice (the set, a character, every trope and
    subplot in hand; a set or an extra bought only when it has tropes to play), stakes little
    but for the monster, helps nobody, trades its spare cards for tropes and what its hand
    lacks, keeps its dice for the chair at meetings, and leaves the premise, what it writes,
    its lines and the climax's pools and plan to ``auteur``, so its films read like theirs."""
    kind = view.get("decision", "")
    if kind in hard.CHAIR:  # searched, unless its hand has nothing to play for the chair
        st = rules.determinize(view, seat, rng)
        return None if hard.worth_now(st, seat) > 0 else hard.chair_move(st, seat, legal)
    if kind == "help":
        return ("pass",)  # a helper is caught: its character dies for a die or two off a stake
    if kind in ("premise", "pool") or (kind == "direct" and view.get("act") == 4):
        return AuteurBot(rng.below(1 << 30)).choose(rules, view, seat, legal)
    st = rules.determinize(view, seat, rng)  # the view's film; only its own hand is read
    if kind == "stake":
        return _stake(st, seat, legal)
    if kind in ("trade", "trade reply"):
        return sense.trade(st, view, seat, legal, turned_down(view, seat))
    if kind == "meeting":
        return _meeting(view, legal, rng)
    if kind == "direct":
        says = [m for m in legal if m[0] == "say"]
        if says and (rng.below(4) or not spoke_this_scene(view, seat)):  # a director speaks each scene
            return rng.choice(says)
        extras = [m for m in legal if m[0] == "extra"]
        if not says and extras and st.active_set and not spoke_this_scene(view, seat) and not any(
                st.played_by.get(c) == seat for c in st.screen if c != "m"):
            return extras[0]  # a chair taken mid-scene, none of its characters on screen: one to speak
        chases = [m for m in legal if m[0] == "chase"]
        if chases and st.played_by.get("m") == seat and not _conflicts_this_scene(view):
            return rng.choice(chases)  # its own monster hunts: a contest it is likely to win
        return hard.direct(st, seat, legal)
    return AuteurBot(rng.below(1 << 30)).choose(rules, view, seat, legal)


def spoke_this_scene(view: dict[str, Any], seat: str) -> bool:
    """Has ``seat`` said a line (narration or dialogue) since it took the chair for this scene?"""
    for entry in reversed(view.get("log") or []):
        if entry[0] in ("scene", "chair"):
            return False
        if entry[0] in ("say", "line") and entry[1] == seat:
            return True
    return False


def _conflicts_this_scene(view: dict[str, Any]) -> int:
    n = 0
    for entry in reversed(view.get("log") or []):
        if entry[0] in ("scene", "chair"):
            break
        n += entry[0] == "conflict"
    return n


def _stake(st: Film, seat: str, legal: list[Move]) -> Move:
    """A check pays nothing: one die. A contest pays its winner one: two dice, and four for
    its monster, which its player wants to catch and kill."""
    c = st.conflict
    if c is None or c.kind == "check":
        return legal[0]
    mine = c.sides[0] == "m" and c.seats[0] == seat
    return legal[min(len(legal) - 1, 3 if mine else 1)]


def _meeting(view: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """Write for free (tropes above all, the more the act has the more it pays); buy a set or
    a character only while the script has fewer than two of each; then close or pass."""
    verbs = {m[0] for m in legal}
    free = [m for m in legal if m[0] in ("trope", "subplot", "prop", "extra")]
    trope = [m for m in free if m[0] == "trope"]
    if trope and rng.below(3):
        return rng.choice(trope)
    if free and rng.below(2):
        return rng.choice(free)
    kinds = [e[1] for e in view.get("elements", []) if e[0] not in (view.get("gone") or [])]
    if kinds.count("set") < 2 and "set" in verbs:
        return next(m for m in legal if m[0] == "set")
    if sum(k in ("extra", "supporting", "star") for k in kinds) < 2 and "supporting" in verbs:
        return next(m for m in legal if m[0] == "supporting")
    return ("close",) if "close" in verbs else ("pass",)


class AuteurBot:
    kind = "auteur"
    needs_view = False
    search = Search(policy=hard.guide, evaluate=hard.standing, depth=200, delegate=steer,
                    candidates=hard.candidates, until=hard.scene_over, flat=True)  # the ``hard`` level's

    def __init__(self, seed: int = 0, thrift: int = 3, spend: int = 6) -> None:
        self.rng = Rng(seed)
        self.thrift = thrift  # the most dice it stakes or bids at once
        self.spend = spend  # the most dice it spends at one script meeting
        self.spent = 0  # dice spent at the current meeting
        self.conflicts = 0  # conflicts started in the scene it directs
        self.spoke = False  # it said a line in the scene it directs: a director speaks each scene
        self.hand: set[str] = set()  # the kinds of card it held when it last traded
        # a view only for the decision after its own offer: the view's log says whether the
        # table took it. Set at every decision; whoever asks the bot reads it before the next
        self.needs_view = False

    @staticmethod
    def easy_moves(rules: Rules, view: dict[str, Any] | None, seat: str, legal: list[Move]) -> list[Move]:
        """What the ``easy`` level picks from at random: a line, while its director has not said
        a word in the scene (careless, but every director speaks); else anything."""
        says = [m for m in legal if m[0] == "say"]
        if view and says and not spoke_this_scene(view, seat):
            return says
        return legal

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Any = None) -> Move:
        move = self._choose(rules, view, seat, legal)
        # a view for every decision but the next of a run of writing (premise, free elements),
        # which reads only its legal moves: its trades, bids, pools and help read its hand
        meeting = any(m[0] in MEETING_ONLY for m in legal)
        self.needs_view = not (move[0] in WRITING or (meeting and move[0] == "extra"))
        return move

    def _film(self, rules: Rules, view: dict[str, Any], seat: str) -> Film | None:
        """The film as this seat sees it (its own hand, everything public), if it has a view."""
        return sense.film_seen(view, seat) if view and view.get("hand") is not None else None

    def _choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move]) -> Move:
        verbs: dict[str, list[Move]] = {}
        for m in legal:
            verbs.setdefault(m[0], []).append(m)
        if "veto" in verbs:  # a line someone wrote for its character: the bot lets it stand
            return ("pass",)
        if "agree" in verbs:
            return self._premise(verbs)
        if "roll" in verbs:
            return verbs["roll"][0] if self.rng.below(10) or "move" not in verbs else verbs["move"][0]
        if "stake" in verbs:
            return self._stake(view, seat, verbs["stake"])
        if "offer" in verbs or "done" in verbs or "accept" in verbs or "decline" in verbs:
            film = self._film(rules, view, seat)
            if film is None:  # no view of its hand: it gives nothing away blind
                return ("done",) if "done" in verbs else ("decline",)
            self.hand = {c[0] for c in film.hands[seat]}
            return sense.trade(film, view, seat, legal, turned_down(view, seat))
        if "claim" in verbs or "bid" in verbs:
            self.spoke = False  # whoever takes the chair next has said nothing in it yet
        if "claim" in verbs:  # mid-scene, when its hand is worth more than the price
            film = self._film(rules, view, seat)
            return hard.chair_move(film, seat, legal, GREED) if film else ("pass",)
        if "help" in verbs:
            return self._help(self._film(rules, view, seat), seat, verbs["help"])
        if "bid" in verbs or set(verbs) == {"pass"}:
            film = self._film(rules, view, seat)
            if film is None:
                return self._bid(verbs)
            move = hard.chair_move(film, seat, legal, GREED)  # what its hand would earn directing
            if move[0] == "bid":
                self.conflicts = 0
            return move
        if "pool" in verbs:
            film = self._film(rules, view, seat)
            return sense.pool(film, seat, legal, self.rng) if film else self._pool(verbs["pool"])
        if MEETING_ONLY & verbs.keys() or not DIRECTING & verbs.keys():
            return self._meeting(verbs)
        self.spent = 0
        return self._direct(rules, verbs, view, seat)

    def _premise(self, verbs: dict[str, list[Move]]) -> Move:
        """Agree, or first suggest one change to the premise (one bot in three does)."""
        amend = [m for v, ms in verbs.items() if v != "agree" for m in ms]
        if amend and self.rng.below(3) == 0:
            return amend[0]
        return ("agree",)

    # -- before a scene --------------------------------------------------------------------
    def _help(self, film: Film | None, seat: str, helps: list[Move]) -> Move:
        """Jump into a chase only with a character that survives being caught, and never
        against its own monster (``sense.may_go_at_monster``); then one time in two."""
        able = [m for m in helps if film is not None and sense.may_go_at_monster(film, seat, m[1])]
        return self.rng.choice(able) if able and self.rng.below(2) else ("pass",)

    def _bid(self, verbs: dict[str, list[Move]]) -> Move:
        bids = verbs.get("bid", [])
        ready = {"s", "c", "t"} <= self.hand
        limit = self.thrift if ready else 1
        if bids and bids[0][1] <= limit and (ready or self.rng.below(4) == 0):
            self.conflicts = 0
            return bids[0]
        return ("pass",)

    def _stake(self, view: dict[str, Any], seat: str, stakes: list[Move]) -> Move:
        """A few dice; more for the monster's side, which is there to catch and kill."""
        c = (view or {}).get("conflict") or {}
        monster_side = bool(c) and c["sides"][0] == "m" and c["stakes"][0] < 0 and c["seats"][0] == seat
        most = self.thrift + 2 if monster_side else self.thrift
        return stakes[min(len(stakes) - 1, self.rng.below(most) + (2 if monster_side else 0))]

    def _pool(self, pools: list[Move]) -> Move:
        budget = max(m[1] + m[2] for m in pools)
        if self.rng.below(3) == 0:  # this one is rooting for the monster
            return ("pool", (budget + 1) // 2, budget // 4)
        plan = (budget + 1) // 2
        monster = 1 if budget - plan > 2 and self.rng.below(3) == 0 else 0
        return ("pool", monster, plan)

    # -- a script meeting ------------------------------------------------------------------
    def _meeting(self, verbs: dict[str, list[Move]]) -> Move:
        sets = len({m[1] for m in verbs.get("raise", [])})  # one 'raise' a level: count the sets
        chars = len({m[1] for m in verbs.get("armour", [])})
        tropes = verbs.get("trope", [])
        broke = "raise" not in verbs and "armour" not in verbs
        wish: list[Move] = []
        if self.spent < self.spend:
            if "set" in verbs and sets < 3:
                wish.append(verbs["set"][0])
            if chars < 8:
                wish += verbs.get("supporting", [])[:1] + verbs.get("star", [])[:1]
            elif self.rng.below(3) == 0:
                wish += verbs.get("raise", [])[:1] + [m for m in verbs.get("armour", []) if m[2] == 1][-1:]
        if "set" in verbs and broke and not sets:
            wish.append(verbs["set"][0])  # broke and setless: the first set is free
        trigger = [m for m in tropes if m[1] == 1 and not m[2] and self.rng.below(2)]
        if trigger and trigger[0] == tropes[0]:  # the trigger, written as a trope, comes first
            return trigger[0]
        free = verbs.get("extra", []) * 2 + tropes * 2 + verbs.get("subplot", [])[:1] + verbs.get("prop", [])[:1]
        ready = broke or (sets >= 3 and chars >= 8)
        r = self.rng.below(100)
        if "close" in verbs and ready and (self.spent >= self.spend or r < 25):
            return ("close",)
        if free and (r < 60 or not wish):
            return self.rng.choice(free)
        if wish:
            move = self.rng.choice(wish)
            self.spent += COST.get(move[0], 0)
            return move
        if "close" in verbs:
            return ("close",)
        return self.rng.choice(list(verbs.values()))[0]

    # -- directing -------------------------------------------------------------------------
    @staticmethod
    def on_screen(view: dict[str, Any]) -> list[str]:
        return (view or {}).get("screen") or []

    def _direct(self, rules: Rules, verbs: dict[str, list[Move]], view: dict[str, Any], seat: str) -> Move:
        """Build the scene (set, characters, tropes, the monster), say a line at each beat,
        let the monster hunt, and stage conflicts between different players' characters."""
        plays = verbs.get("play", [])
        if view:
            self.spoke = spoke_this_scene(view, seat)
        if "say" in verbs and not self.spoke:  # a word as soon as the set is up: the chair may pass
            self.spoke = True
            return self.rng.choice(verbs["say"])
        for prefix in ("s", "c", "t", "m", "p"):
            for m in plays:
                # subplots now and then; always when they may bring the monster prey
                if m[1][0] == prefix and (prefix != "p" or self.rng.below(3) == 0 or "m" in self.on_screen(view)):
                    return m
        if "say" in verbs and self.rng.below(4):
            self.spoke = True
            return self.rng.choice(verbs["say"])
        started = view.get("begun") if view else "check" in verbs or "contest" in verbs or "say" in verbs
        if not started and "t" in self.hand:  # a trope to play: buy what the scene lacks
            onscreen = self.hand - {m[1][0] for m in plays}
            if "c" not in onscreen and "extra" in verbs:
                self.hand.add("c")
                return verbs["extra"][0]
            if "s" not in onscreen and "set" in verbs:
                self.hand.add("s")
                return verbs["set"][0]
        if "trigger" in verbs and self.rng.below(2) == 0:
            return verbs["trigger"][0]
        for verb in ("spring", "plan", "escape"):
            if verb in verbs:
                return verbs[verb][0]
        chases = verbs.get("chase", [])
        if chases and self.conflicts < 2 and self.rng.below(4):
            self.conflicts += 1
            return self.rng.choice(chases)
        fights = verbs.get("contest", []) + verbs.get("check", [])  # two players' sides (the rules see to it)
        if fights and self.conflicts < 1 and self.rng.below(2):
            self.conflicts += 1
            return self.rng.choice(fights)
        if "attack" in verbs and self.rng.below(40) == 0 and view:
            film = self._film(rules, view, seat)
            able = [m for m in verbs["attack"] if film and sense.may_go_at_monster(film, seat, m[1])]
            if able:
                return self.rng.choice(able)
        if "cut" in verbs:
            self.conflicts, self.spoke = 0, False
            return verbs["cut"][0]
        return self.rng.choice([m for ms in verbs.values() for m in ms])



BOTS = {"auteur": AuteurBot}
