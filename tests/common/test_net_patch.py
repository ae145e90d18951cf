"""View patches (common.net.protocol): after its first whole view a connection is sent only
what changed; whatever the two views, the patch rebuilds the new one exactly."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.net.protocol import ProtocolError, apply_patch, view_patch

# no booleans among numbers: a view keeps one type in one place (True == 1 to Python, so a
# container holding 1 where it held True would compare equal; the network audits check the
# games' views strictly, as JSON text)
scalars = st.none() | st.integers(-5, 5) | st.text(max_size=3)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from("abcde"), inner, max_size=4), max_leaves=20)
views = st.dictionaries(st.sampled_from("abcdefg"), values, max_size=6)


def wire(obj):
    return json.loads(json.dumps(obj))


@settings(max_examples=400, deadline=None)
@given(views, views)
def test_a_patch_turns_the_old_view_into_the_new_one(old, new):
    held = wire(old)
    before = copy.deepcopy(held)
    rebuilt = apply_patch(held, wire(view_patch(old, new)))
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(wire(new), sort_keys=True)
    assert held == before  # the view a client already handed out is never changed


@settings(max_examples=200, deadline=None)
@given(views, st.lists(values, max_size=3))
def test_a_grown_list_sends_only_its_new_entries(old, grown):
    old = {**old, "log": ["a", "b"]}
    new = {**old, "log": ["a", "b", *grown]}
    ops = view_patch(old, new)
    assert ops == ([["+", ["log"], grown]] if grown else [])


def test_unchanged_parts_are_not_sent_and_numbers_keep_their_type():
    old = {"ids": list(range(100)), "seat": {"hand": [1, 2], "n": 1}, "flag": 1}
    new = {"ids": list(range(100)), "seat": {"hand": [1, 3], "n": 1}, "flag": True}
    assert view_patch(old, new) == [["=", ["seat", "hand"], [1, 3]], ["=", ["flag"], True]]
    assert view_patch({0: "x"}, {0: "y"}) == [["=", ["0"], "y"]]  # keys as JSON writes them


def test_one_changed_entry_of_a_list_of_records_is_sent_alone():
    movies = [{"seat": s, "defence": 3, "cast": ["a", "b"]} for s in "xyz"]
    changed = [dict(m) for m in movies]
    changed[1] = {**changed[1], "defence": 7}
    assert view_patch({"movies": movies}, {"movies": changed}) == [["=", ["movies", 1, "defence"], 7]]
    held = wire({"movies": movies})
    assert apply_patch(held, [["=", ["movies", 1, "defence"], 7]]) == {"movies": changed}
    assert held["movies"][1]["defence"] == 3


@pytest.mark.parametrize("ops", [[["?", ["a"], 1]], [["=", [], 1]], [["-", ["a"], 1]], [["=", [1], 2]],
                                 [["=", ["x", "y"], 1]], [["+", ["a"], [1]]], "nonsense", [None],
                                 [["=", ["l", 2], 1]], [["-", ["l", 0]]], [["=", ["l", True], 1]],
                                 [["-", ["b"]]], [["=", ["l", 0, "k"], 1]]])
def test_a_patch_that_does_not_fit_is_refused_in_one_sentence(ops):
    with pytest.raises(ProtocolError) as err:
        apply_patch({"a": 1, "x": 3, "l": [1, 2]}, ops if isinstance(ops, list) else [ops])
    assert err.value.code == "bad_patch" and "\n" not in err.value.message


class FakeLink:
    """What RemoteSession needs of a link: it records what is sent."""

    watch = False

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)


def test_a_client_rebuilds_views_from_patches_and_asks_again_when_out_of_step():
    from common.net.client import RemoteSession
    from invaders.cli import SPEC

    link = FakeLink()
    first = {"type": "state", "game_no": 1, "seq": 4, "seat": "aliens", "view": {"hand": ["a"], "n": 1},
             "to_move": [], "legal": [], "events": [], "seats": {"aliens": {}}, "paused": None}
    session = RemoteSession(SPEC, link, first)
    session._handle({"type": "state", "game_no": 1, "seq": 5, "seat": "aliens", "base": 4,
                     "patch": [["+", ["hand"], ["b"]]], "to_move": [], "legal": [], "events": ["x"],
                     "paused": None})
    assert session.view("aliens") == {"hand": ["a", "b"], "n": 1}
    assert session.state["seats"] == {"aliens": {}}  # kept: sent only when they change
    assert link.sent == []
    session._handle({"type": "state", "game_no": 1, "seq": 7, "seat": "aliens", "base": 6,
                     "patch": [["=", ["n"], 3]], "to_move": [], "legal": [], "events": [], "paused": None})
    assert session.view("aliens") == {"hand": ["a", "b"], "n": 1}  # not applied to the wrong base
    assert link.sent == [{"type": "sync"}] and "out of step" in session.lines[-1]
    session._handle({"type": "state", "game_no": 1, "seq": 8, "seat": "aliens", "base": 7,
                     "patch": [], "to_move": [], "legal": [], "events": [], "paused": None})
    assert link.sent == [{"type": "sync"}]  # asked once, not once per patch that follows
    session._handle({**first, "seq": 8, "view": {"hand": [], "n": 8}, "resync": True})
    assert session.view("aliens") == {"hand": [], "n": 8} and not session.resyncing
