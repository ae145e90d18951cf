"""Unguessable deals (issue 11): the seed space cannot be searched, the generator's outputs do
not give away its state, a host's games and tables share no derivable seed, and records keep
replaying under both generators."""

from __future__ import annotations

import re

from common.batch import Replay, open_table, step
from common.bots import make_bot
from common.record import parse_record
from common.rng import KEYED, Rng, derive, derive_fast, new_seed
from common.table import Table
from tests.common.netkit import rules_of, start_host

_MASK = (1 << 64) - 1
BUDGET = 1 << 15  # seeds tried by the search (the real attack tried all 2**32 in 12.6 s)
SHOWN = 6  # public cards the attacker sees (gros's title words are six)


def _public(rng: Rng, deck: int = 52) -> list[int]:
    """The first ``SHOWN`` draws of a Fisher-Yates deal: the cards everyone sees."""
    return [rng.below(deck - i) for i in range(SHOWN)]


def _search(public: list[int], candidates) -> list[int]:
    return [s for s in candidates if _public(Rng(s)) == public]


def test_a_seed_search_that_finds_the_old_deal_finds_nothing_now():
    # the old way: a seed from a small space (32 bits then; the budget's size here, so the
    # test runs in a moment) and splitmix64: the public cards pick the seed, then every card
    old_seed = 12_345 % BUDGET
    dealt = Rng(old_seed)
    public = _public(dealt)
    found = _search(public, range(BUDGET))
    assert old_seed in found and len(found) <= 2
    guess = Rng(found[0])
    _public(guess)
    assert [guess.below(46) for _ in range(20)] == [dealt.below(46) for _ in range(20)]
    # now: 128 bits from the OS and the keyed generator; the same budget finds nothing, read as
    # old seeds or as keyed seeds of the same small space
    seed = new_seed()
    assert seed.bit_length() == 129 and Rng(seed).keyed
    public = _public(Rng(seed))
    assert _search(public, range(BUDGET)) == []
    assert _search(public, (KEYED << 64 | s for s in range(BUDGET))) == []


def _unmix(out: int) -> int:
    """splitmix64's output mix undone: the generator's state after that output."""
    def unshift(y: int, k: int) -> int:
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x & _MASK

    z = unshift(out, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return unshift(z, 30)


def test_the_outputs_do_not_give_away_the_generators_state():
    old = Rng(0xDEADBEEF)
    copy = Rng(0)
    copy.state = _unmix(old.next64())  # one output was enough
    assert [copy.next64() for _ in range(10)] == [old.next64() for _ in range(10)]
    new = Rng(new_seed())
    copy.state = _unmix(new.next64())
    assert [copy.next64() for _ in range(10)] != [new.next64() for _ in range(10)]


def test_the_keyed_generator_replays_clones_and_serialises():
    seed = new_seed()
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(30)] == [b.next64() for _ in range(30)]
    c = a.clone()
    restored = Rng(0)
    restored.state = int(str(a.state))  # as a game state's to_json / from_json do
    outs = [a.next64() for _ in range(20)]
    assert [c.next64() for _ in range(20)] == outs == [restored.next64() for _ in range(20)]
    assert Rng(seed + 1).next64() != Rng(seed).next64()
    assert a.fork().keyed and not Rng(5).fork().keyed
    values = [Rng(new_seed()).below(6) for _ in range(600)]
    assert all(values.count(v) > 50 for v in range(6))  # roughly uniform
    assert derive_fast(seed, "bot", 0) < KEYED  # bots keep the fast generator


def test_a_record_with_a_keyed_seed_replays_the_same_game():
    rules = rules_of("gros")
    table = Table(rules, seed=new_seed(), variant="gros")
    bots = {s: make_bot("random", rules, seed=i) for i, s in enumerate(table.seats)}
    for _ in range(60):
        if table.outcome() is not None:
            break
        seat = table.decisions()[0].seat
        table.play(seat, bots[seat].choose(rules, {}, seat, table.legal_moves(seat)))
    rec = parse_record(table.record_text(), "keyed.rec")
    assert rec.seed == table.record.seed >= KEYED
    again = open_table(rules, rec)
    result = Replay(again)
    for line in rec.body:
        step(again, rec, line, result)
    assert again.state.to_json() == table.state.to_json() and not result.failures


def test_no_two_games_or_tables_of_a_host_share_a_derivable_seed(procs, tmp_path):
    # the derivation: unrelated 128-bit seeds, none a small step from another
    secret = 42
    seeds = {(t, n): derive(secret, t, n) for t in ("main", "t1", "t2", "t3") for n in range(1, 6)}
    values = sorted(seeds.values())
    assert len(set(values)) == len(values) and all(v >= KEYED for v in values)
    assert all(b - a > 1 << 64 for a, b in zip(values, values[1:], strict=False))
    assert derive(secret, "t1", 1) != derive(secret + 1, "t1", 1)
    # a real host with --seed, two tables, two games each: the records' seeds
    host, _ = start_host(procs, "invaders", "--seats", "random,random", "--tables", "2",
                         "--games", "2", "--seed", "7", "--save", str(tmp_path / "g.rec"),
                         "--think", "0.01")
    assert host.finish(60) == 0
    found = {}
    for path in sorted(tmp_path.glob("g*.rec")):
        found[path.name] = int(re.search(r"^seed (\d+)$", path.read_text(), re.M).group(1))
    assert found == {"g-t1.rec": derive(7, "t1", 1), "g-t1-2.rec": derive(7, "t1", 2),
                     "g-t2.rec": derive(7, "t2", 1), "g-t2-2.rec": derive(7, "t2", 2)}
    # knowing one game's seed, an attacker who steps from it (as games S+n-1 and tables
    # S+1000*i used to follow) finds no other within the budget
    known = found["g-t1.rec"]
    near = {known + d for d in range(-BUDGET // 2, BUDGET // 2)} | {known + 1000 * i for i in range(-5, 6)}
    assert not near & (set(found.values()) - {known})


def test_a_hosts_first_player_is_drawn_from_each_games_seed_or_chosen():
    """Issue 23: over the LAN the first player is not always the first seat: each game draws
    it from its own seed, as a game at one terminal does, and the record says who (so it
    replays); ``host --first SEAT`` chooses; a seat the game does not have is refused."""
    import pytest

    from common.engine import GameError
    from tests.common.netkit import LiveHost

    def first_of(**kw) -> tuple[str, str]:
        with LiveHost("gros", seats="remote,remote,remote", games=1, **kw) as host:
            room = next(iter(host.server.rooms.values()))
            host.until(lambda: room.table is not None, 10, "a table")
            text = host.call(lambda: room.table.record_text())
            return re.search(r"^option first (\S+)$", text, re.M).group(1), text

    drawn = {first_of(seed=(1 << 70) + k)[0] for k in range(6)}
    assert len(drawn) >= 2 and drawn <= {"ray", "dana", "amanda"}
    chosen, text = first_of(seed=(1 << 70) + 1, first="amanda")
    assert chosen == "amanda"
    assert open_table(rules_of("gros"), parse_record(text)).record.options["first"] == "amanda"
    with pytest.raises(GameError, match="--first names a seat"):
        LiveHost("gros", seats="remote,remote,remote", games=1, first="zed")
