"""What players read: every event the rules report has a sentence, in card names."""

from __future__ import annotations

from common.bots import RandomBot
from common.selfplay import play_game
from invaders.rules import RULES, InvadersRules


def test_the_fleet_maneuver_says_where_the_ships_went():
    st = RULES.setup({}, 4)
    RULES.apply(st, "humans", ("place", 3))
    RULES.scenario(st, "hand aliens: maneuver")
    events = RULES.apply(st, "aliens", ("maneuver",))
    text = [RULES.narrate(e) for e in events]
    assert "The aliens play Maneuver." in text
    assert "The fleet moves right: ships at c6 e6 g6." in text


def test_every_event_of_many_games_reads_as_a_sentence():
    seen: set[str] = set()

    class Narrating(InvadersRules):
        def apply(self, state, seat, move):
            events = super().apply(state, seat, move)
            for e in events:
                sentence = self.narrate(e)
                assert sentence.endswith((".", "!", "—")) and "(" not in sentence[:1], sentence
                seen.add(e.kind)
            return events

    rules = Narrating()
    for seed in range(300):
        play_game(rules, seed, {"aliens": RandomBot(seed), "humans": RandomBot(seed + 1)},
                  {"deck.aliens": "fire:12,maneuver:8,reinforcements:4"})
    assert {"fleet", "play", "fire", "win", "draw", "drew", "turn", "phase"} <= seen
