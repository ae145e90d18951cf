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
    assert "A red bullet will hit the Defender next turn!" in said, said
    after, _ = forecast(view)
    assert after["red"] == []  # in the preview it has come down on the Defender
    assert t.view("humans") == view  # the forecast works on a copy: the game is untouched
