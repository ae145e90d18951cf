"""What touches a player is said to them at their board (issue 14): a Character killed in
their Movie, an attack on it, a bullet that will hit the Defender next turn; and Invaders'
preview of the board after the next turn's phases 1–3."""

from __future__ import annotations

from common.table import Table


def test_gros_names_who_killed_your_character():
    from gros.render import callouts
    from gros.rules import RULES

    t = Table(RULES, seed=3, options={"players": "2"}, variant="gros", setup=list(enumerate([
        "movie ray: the-robot", "movie dana: the-robot[the-shotgun], the-robot", "hand ray: the-blob",
        "hand dana: the-car-keys", "turn: ray 3"], 1)))
    quiet = t.view("dana")
    t.play("ray", "attack dana with the-blob")
    before = t.view("dana")
    assert any("ray attacks your Movie with The Blob" in line for line in callouts(quiet, before, "dana"))
    for _ in range(5):
        if t.facts()["decision"] != "victim":
            t.play(t.facts()["to_move"], "pass")
    t.play("ray", "victim dana/the-robot.2")
    assert "ray's The Blob killed your The Robot." in callouts(before, t.view("dana"), "dana")
    assert callouts(before, t.view("ray"), "ray") == []  # nothing of ray's was touched


def test_gros_does_not_call_a_psychic_who_stopped_the_attack_killed():
    """Seen at the table: ray used The Psychic to stop The Zombie Horde, and the board said
    'dana's The Zombie Horde killed your The Psychic'. She left by her own ability."""
    from gros.render import callouts
    from gros.rules import RULES

    t = Table(RULES, seed=3, options={"players": "2"}, variant="gros", setup=list(enumerate([
        "movie ray: the-robot", "movie dana: the-psychic, the-robot", "hand ray: the-blob",
        "hand dana: the-car-keys", "turn: ray 3"], 1)))
    t.play("ray", "attack dana with the-blob")
    before = t.view("dana")
    while t.facts()["to_move"] != "dana":
        t.play(t.facts()["to_move"], "pass")
    t.play("dana", "use dana/the-psychic")
    said = callouts(before, t.view("dana"), "dana")
    assert said == ["Your The Psychic has left your Movie."], said


def test_invaders_warns_of_a_red_bullet_over_the_defender_and_previews_it():
    from invaders.render import callouts, forecast
    from invaders.rules import RULES

    t = Table(RULES, seed=3, setup=list(enumerate(["red: d3", "ships: b7"], 1)))
    t.play("humans", "place d")  # phase 1 brings the red bullet down to d2, over the Defender
    while t.facts()["to_move"] == "aliens":  # the aliens end their attack (discarding down)
        legal = t.legal("aliens")
        t.play("aliens", "end" if "end" in legal else next(m for m in legal if m.startswith("discard")))
    view = t.view("humans")
    assert view["phase"] == "defence" and view["red"] == ["d2"] and view["defender"] == "d"
    said = callouts(None, view, "humans")
    assert "A red bullet will hit the Defender next turn! (A Deflector Shield would stop it.)" \
        in said, said
    after, _ = forecast(view)
    assert after["red"] == []  # in the preview it has come down on the Defender
    assert t.view("humans") == view  # the forecast works on a copy: the game is untouched


def _defence_phase(*setup: str):
    from invaders.rules import RULES

    # the book's decks (4 Deflector Shields), so that retuning the default moves none of these
    t = Table(RULES, seed=3, variant="book", setup=list(enumerate(setup, 1)))
    t.play("humans", "place d")
    while t.facts()["to_move"] == "aliens":  # the aliens end their attack (discarding down)
        legal = t.legal("aliens")
        t.play("aliens", "end" if "end" in legal else next(m for m in legal if m.startswith("discard")))
    return t


def test_invaders_says_a_raised_shield_will_stop_the_bullet():
    """'(a Deflector Shield would stop it)' was said with three shields up."""
    from invaders.render import callouts

    t = _defence_phase("red: d3", "ships: b7", "shields: 3")
    said = callouts(None, t.view("humans"), "humans")
    assert said == ["A red bullet will hit the Defender next turn; a Deflector Shield will stop "
                    "it (shields up: 3)."], said


def test_invaders_forecasts_a_ship_one_maneuver_from_landing():
    """A ship that will wrap to a landing was never forecast."""
    from invaders.render import callouts

    t = _defence_phase("ships: g4 b7")  # next phase 3 brings it to g2, the last space row's edge
    assert any("ship stands at g2: an alien Maneuver next turn wraps it onto the moon" in line
               for line in callouts(None, t.view("humans"), "humans"))
    assert any("your ship stands at g2" in line for line in callouts(None, t.view("aliens"), "aliens"))
    t = _defence_phase("ships: f4 b7")  # f2 after phase 3: a Maneuver takes it to g2 only
    assert not any("onto the moon" in line for line in callouts(None, t.view("humans"), "humans"))


def test_gros_a_character_sent_back_to_the_hand_during_an_attack_was_not_killed():
    """Seen in tmux: Continuity Error sent ray's Little Brother back to his hand while the
    Wolfman attacked, and the board said the Wolfman had killed him."""
    from gros.render import callouts
    from gros.rules import RULES

    t = Table(RULES, seed=3, options={"players": "2"}, variant="gros", setup=list(enumerate([
        "movie ray: the-annoying-little-brother", "movie dana: the-robot", "hand ray: the-car-keys",
        "hand dana: the-wolfman, continuity-error", "turn: dana 3"], 1)))
    t.play("dana", "attack ray with the-wolfman")
    before = t.view("ray")
    while t.facts()["to_move"] == "ray":
        t.play("ray", "pass")
    t.play("dana", "play continuity-error on ray/the-annoying-little-brother")
    said = callouts(before, t.view("ray"), "ray")
    assert "Your The Annoying Little Brother has gone back to your hand." in said, said
    assert not any("killed" in line for line in said), said
