"""``gros bench --ladder``'s audit: the moves no player would make (``gros.sense``), counted
in the ladder's bots-only games for each level, each against the moves it could have been.

The ladder shows every move to ``Audit.see`` before it is applied, with the real state: the
audit is an onlooker, and each test reads only what the mover knew. One class is judged on
the real state, as the issue that asked for it put it: credits rolled while a single free
gain in hand, played first, would have changed the mover's share of the win.
"""

from __future__ import annotations

from typing import Any

from common.engine import Move
from gros import N_, _, sense, zones
from gros.state import GrosState
from gros.worth import close_windows

LABELS = {
    "hopeless_attack": (N_("attacks that could not succeed"), N_("attacks")),
    "idle_prop": (N_("Prop moves that raised no Defence"), N_("Prop moves")),
    "idle_location": (N_("Locations put over one's own that raised no Defence"),
                      N_("Locations put over one's own")),
    "vain_boost": (N_("boosts spent on a lost attack or defence"), N_("boosts in an attack")),
    "own_goal": (N_("cards played against one's own side"), N_("cards and abilities played")),
    "gift": (N_("Locations that only raised a rival's Defence"), N_("Locations played on a rival's Movie")),
    "passive": (N_("turns ended with a Character, Prop or Location to gain from"), N_("turns ended")),
    "early_credits": (N_("credits rolled while a card in hand would change the winner"),
                      N_("credits rolled")),
    "discarded_cast": (N_("Characters discarded"), N_("discards")),
}


class Audit:
    """Counters per level: {level: {fault: [faults, relevant moves]}}."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.counts: dict[str, dict[str, list[int]]] = {}

    def see(self, st: GrosState, seat: str, move: Move, level: str) -> None:
        me = zones.seat_of(st, seat)
        tally = self.counts.setdefault(level, {f: [0, 0] for f in sense.FAULTS})
        for fault in self._relevant(st, me, move):
            tally[fault][1] += 1
            if self._is(fault, st, me, move):
                tally[fault][0] += 1

    def _relevant(self, st: GrosState, me: int, move: Move) -> list[str]:
        verb = move[0]
        if verb == "attack":
            return ["hopeless_attack"]
        if verb == "move":
            return ["idle_prop"]
        if verb == "discard":
            return ["discarded_cast"]
        if verb == "end":
            return ["passive"]
        if verb not in ("play", "use"):
            return []
        if verb == "play" and sense.is_credits(st, me, move):
            return ["early_credits"]
        if sense.on_rival(st, me, move) >= 0:
            return ["gift"]
        if sense.over_own(st, me, move):
            return ["idle_location"]
        action = sense._action_of(st, me, move)
        if action is None:
            return []
        out = ["own_goal"]
        a = st.attack
        if a is not None and st.attack_open and not st.stack and me in (a.attacker, a.target) and \
                action.target == ("creature" if me == a.attacker else "movie") and \
                any(e.kind in ("add", "multiply", "set") for e in action.effects):
            out.append("vain_boost")
        return out

    def _is(self, fault: str, st: GrosState, me: int, move: Move) -> bool:
        if fault == "hopeless_attack":
            return sense.hopeless_attack(st, me, move)
        if fault == "idle_prop":
            return sense.idle_prop(st, me, move)
        if fault == "discarded_cast":
            return sense.discarded_cast(st, me, move)
        if fault == "passive":
            return bool(sense.free_gains(st, me, self.rules.legal_moves(st, st.names[me])))
        if fault == "own_goal":
            return sense.own_goal(st, me, move)
        if fault == "idle_location":
            return sense.idle_location(st, me, move)
        if fault == "gift":
            return sense.gift(st, me, move)
        if fault == "vain_boost":
            return sense.vain_boost(st, me, move)
        return self._credits_too_soon(st, me, move)

    def _credits_too_soon(self, st: GrosState, me: int, credits: Move) -> bool:
        """Would one free gain played first (nobody answering) have won the mover more?"""
        now = self._share(st, me, [credits])
        legal = self.rules.legal_moves(st, st.names[me])
        return any(self._share(st, me, [gain, credits]) > now for gain in sense.free_gains(st, me, legal))

    def _share(self, st: GrosState, me: int, moves: list[Move]) -> float:
        trial = st.clone()
        for m in moves:
            if m not in self.rules.legal_moves(trial, trial.names[me]):
                return -1.0
            self.rules.apply(trial, trial.names[me], m)
            close_windows(self.rules, trial)
        if not trial.winners:
            return -1.0
        return (me in trial.winners) / len(trial.winners)

    def report(self) -> dict[str, Any]:
        """JSON-safe: per level, per fault, the count, the relevant moves and the share."""
        return {level: {f: {"faults": n, "of": of, "share": round(n / of, 4) if of else 0.0}
                        for f, (n, of) in tally.items()}
                for level, tally in self.counts.items()}


def labels() -> dict[str, tuple[str, str]]:
    """Each fault's words in the player's language: (what is counted, out of what)."""
    return {f: (_(a), _(b)) for f, (a, b) in LABELS.items()}

