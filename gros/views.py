"""What each seat may see of a Grave Robbers game, what bots may assume about the rest, the
facts records assert on, the sentences events become, and the invariants self-play checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from common.agree import Named, plural_of
from common.engine import Event, Rules
from common.rng import Rng
from gros import N_, _, ngettext, pgettext, zones
from gros import moves as mv
from gros import strength as sx
from gros.lang import cards, names, reason, thing, title_word, trait
from gros.state import DISCARD, HAND_SIZE, OVER, TITLE, VICTIM, GrosState
from gros.titling import shown_title

# the views carry these in English (data); a front-end shows them through _()
PROMPTS = {"title": N_("agree on the title ('title' takes the generated one)"),
           "draw": N_("your turn begins: 'draw' up to six cards, 'draw N' for fewer, 'draw 0' for none"),
           "turn": N_("your turn: play cards, attack, or 'end'"),
           "stop": N_("a card was just played: stop it, or 'pass'"),
           "respond": N_("an attack is on: respond, or 'pass'"),
           "anytime": N_("you may play an SFX now (the books' 'at any time'), or 'pass'"),
           "anytime_end": N_("the turn is ending: a last SFX now, or 'pass'"),
           "victim": N_("the attack succeeded: pick the victim"),
           "discard": N_("end of turn: 'discard CARD' any, then 'done' (six cards at most)")}


def _movie_view(st: GrosState, s: int) -> dict[str, Any]:
    m = st.movies[s]
    a = st.attack if st.attack is not None and st.attack.target == s else None
    parts: list[tuple[str, int]] = []
    total = sx.defence(st, s, a, parts)
    chars = [{"ref": ref, "card": st.ids[ch.iid], "props": [st.ids[p] for p in ch.props],
              "under": [st.ids[u] for u in ch.under]} for ref, ch in zones.char_refs(st, s)]
    return {"seat": st.names[s], "chars": chars, "location": [st.ids[i] for i in m.location],
            "loc_under": [st.ids[i] for i in m.loc_under], "credits": [st.ids[i] for i in m.credits],
            "defence": total, "static": sx.defence(st, s), "parts": [list(p) for p in parts],
            "score": sx.movie_score(st, s)}


def view(rules: Rules[GrosState], st: GrosState, seat: str | None) -> dict[str, Any]:
    """JSON-safe. Hands are shown only to their owner, the deck's order to nobody."""
    return views(rules, st, [seat])[seat]


def views(rules: Rules[GrosState], st: GrosState, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
    """Several seats' views; everything but the hands is built once and shared."""
    public = _public(rules, st)
    out: dict[str | None, dict[str, Any]] = {}
    for seat in seats:
        s = zones.seat_of(st, seat) if seat else -1
        raw = dict(public["state"])
        raw["hands"] = [h[:] if i == s else [] for i, h in enumerate(st.hands)]
        out[seat] = {**public, "seat": seat, "hand": [st.ids[i] for i in st.hands[s]] if s >= 0 else None,
                     "hand_bonus": sx.title_bonus(st, st.hands[s]) if s >= 0 else None, "state": raw}
    return out


WINDOWS = ("stop", "respond", "anytime")  # decisions open to a card any seat may hold


def concerns(st: GrosState, kind: str) -> list[str]:
    """Whom the card or attack a window answers is aimed at, as the table sees it: the
    players of the cards waiting on the stack (a stop is aimed at the card under it), the
    Movies and Characters they name, the side an attack goes against as it stands. The SFX window after a
    card or 'end' concerns nobody in particular. A front-end asks a player only about what
    concerns them, by default (``common.reactions``): public facts, so that whether a pass
    was typed or made for the player tells the table nothing it did not know."""
    seats: set[int] = set()
    if kind == "stop":
        for _iid, seat, move in st.stack:
            seats.add(seat)
            refs = [move[2]] if isinstance(move[2], str) else list(move[2] or ())
            if len(move) > 3 and isinstance(move[3], str):
                refs.append(move[3])  # 'take REF': a card taken from someone
            seats.update(zones.seat_of(st, ref.partition("/")[0]) for ref in refs)
    elif kind == "respond" and st.attack is not None:
        # the side the attack goes against as it stands: the attacked while it would succeed,
        # the attacker while it would fail (a side already winning has nothing to answer)
        a = st.attack
        seats.add(a.target if sx.attack_value(st, a) >= sx.defence(st, a.target, a) else a.attacker)
    return [st.names[s] for s in sorted(seats) if s >= 0]


def _decision(rules: Rules[GrosState], st: GrosState, d: tuple[int, str] | None) -> dict[str, Any] | None:
    """Whose decision it is, its kind and prompt; a window (a pure reaction: 'pass' is always
    a choice) says so, and whom it concerns (``concerns``). Who is asked is public: at the
    books' table everyone sees who reaches for a card (rules page, 'SFX at any time')."""
    if d is None:
        return None
    out: dict[str, Any] = {"seat": st.names[d[0]], "kind": d[1], "prompt": _prompt(rules, st, d[1])}
    if d[1] in WINDOWS:
        out["reaction"] = True
        out["concerns"] = concerns(st, d[1])
    return out


def _prompt(rules: Rules[GrosState], st: GrosState, kind: str) -> str:
    """The decision's prompt; the books' SFX window that 'end' opens says the turn is ending
    (after a bot's last card the window came twice in a row with the same words, and 'dana
    ends the turn' only after the second 'pass')."""
    if kind == "anytime" and st.window == "end":
        return PROMPTS["anytime_end"]
    return PROMPTS[kind]


def _public(rules: Rules[GrosState], st: GrosState) -> dict[str, Any]:
    raw = st.to_json()
    raw["rng"] = 0
    raw["deck"] = []
    raw["dcache"] = [None] * st.n  # a cache, not part of the game: the view must not depend on it
    raw["hands"] = []
    d = mv.decider(st)
    a = st.attack
    attack = None
    if a is not None:
        attack = {"creature": st.ids[a.creature], "attacker": st.names[a.attacker],
                  "target": st.names[a.target], "value": sx.attack_value(st, a),
                  "defence": sx.defence(st, a.target, a), "traits": sorted(sx.attack_traits(st, a)),
                  "props": [st.ids[p] for p in a.props], "spent": [st.ids[i] for i in a.spent],
                  "open": st.attack_open}
    return {
        "game": "gros", "seat": None, "variant": st.variant, "deck_name": st.deck_name,
        "names": list(st.names), "phase": st.phase, "round": st.round, "turn": st.names[st.turn],
        "decision": _decision(rules, st, d),
        "title": st.title, "title_words": list(st.title_words), "candidates": list(st.candidates),
        "hand": None,
        "hand_sizes": {st.names[i]: len(h) for i, h in enumerate(st.hands)},
        "deck_size": len(st.deck), "discard": [st.ids[i] for i in st.discard],
        "movies": [_movie_view(st, i) for i in range(st.n)],
        "stack": [{"card": st.ids[i], "seat": st.names[w]} for i, w, _ in st.stack],
        "attack": attack, "totals": dict(zip(st.names, st.totals, strict=True)),
        "scores": dict(zip(st.names, st.scores, strict=True)) if st.scores else {},
        "target": st.target, "game_no": st.game_no, "deck_out": st.deck_out,
        "winners": [st.names[w] for w in st.winners], "reason": st.reason,
        "revealed": _revealed(st),
        "state": raw,
    }


def _revealed(st: GrosState) -> dict[str, list[str]]:
    """At the credits each player shows the cards in hand that score a title word (G12):
    the score counts them, so the table may check them. The rest of a hand stays hidden."""
    if st.phase != OVER:
        return {}
    words = set(st.title_words)
    return {st.names[s]: [st.ids[i] for i in h if st.defs[i].word in words]
            for s, h in enumerate(st.hands)}


_BASE: tuple[Any, Any] = (None, None)  # (the view last determinized, the state read from it)


def determinize(rules: Rules[GrosState], v: dict[str, Any], seat: str, rng: Rng) -> GrosState:
    """A full state consistent with the view: the unseen cards are dealt at random.

    A search determinizes one view many times: the state is read from it once and cloned for
    each sample, so no sample shares a list with the view (or with another sample)."""
    global _BASE
    key, base = _BASE  # one read: bots in other threads may replace it meanwhile
    if key is not v:
        base = rules.from_json(v["state"])
        seen = set(base.discard)
        for h in base.hands:
            seen.update(h)
        for m in base.movies:
            seen.update(m.cards())
        seen.update(i for i, _, _ in base.stack)
        if base.attack is not None:
            seen.add(base.attack.creature)
            seen.update(base.attack.props)
            seen.update(base.attack.spent)
        base.deck = [i for i in range(len(base.ids)) if i not in seen]
        _BASE = (v, base)
    st = base.clone()
    st.rng = rng.fork()
    pool = st.deck
    rng.shuffle(pool)
    me = zones.seat_of(st, seat)
    for i, name in enumerate(st.names):
        if i != me:
            k = v["hand_sizes"][name]
            st.hands[i] = pool[:k]
            del pool[:k]
    return st


FACT_HELP = (
    ("phase", "title, draw, main, victim, discard or over"),
    ("decision", "the kind of decision now: title, draw, turn, stop, respond, anytime, victim, discard (none when over)"),
    ("to_move", "the seat that decides now"),
    ("turn", "whose turn it is"),
    ("round", "the round (everyone's first turn is round 1)"),
    ("title", "the title"), ("title_words", "the title words it uses"),
    ("deck", "cards left in the deck"),
    ("deck.top", "the deck's top card (hidden from every seat: for a deck stacked with 'setup deck')"),
    ("discard", "cards in the discard pile"),
    ("discard.cards", "the discard pile, top first (public)"),
    ("discard.CARD", "copies of CARD in the discard pile"),
    ("stack", "cards played and waiting to resolve, oldest first"),
    ("attack", "the attacking Creature's Attack now (none outside an attack)"),
    ("attack.defence", "the attacked Movie's Defence against it"),
    ("attack.target", "the attacked seat"), ("attack.creature", "the attacking Creature"),
    ("attack.traits", "the attacking Creature's traits now"),
    ("defence.SEAT", "the Defence of SEAT's Movie (outside an attack)"),
    ("hand.SEAT", "how many cards SEAT holds"),
    ("hand.SEAT.cards", "SEAT's hand as SEAT sees it"),
    ("movie.SEAT", "SEAT's cast: CARD[PROPS]{SFX under it} ..."),
    ("location.SEAT", "SEAT's Location (combined ones joined by +)"),
    ("score.SEAT", "SEAT's score once a game has ended"),
    ("total.SEAT", "SEAT's running total (match play)"),
    ("winner", "the winners, once the game is over"), ("reason", "why the game ended"),
    ("game", "the game's number in a match"), ("mulligans", "hands shown and redrawn (G3)"),
)


def hidden_facts(st: GrosState) -> dict[str, str]:
    """Each hand as its owner sees it, and the deck's top card (for records only)."""
    out = {f"hand.{name}.cards": " ".join(st.ids[i] for i in st.hands[s]) or "none"
           for s, name in enumerate(st.names)}
    out["deck.top"] = st.ids[st.deck[-1]] if st.deck else "none"
    return out


def facts(st: GrosState) -> dict[str, str]:
    """Public facts for record ``expect`` lines (FACT_HELP, with ``hidden_facts``, says what
    each is; a test keeps them in step)."""
    d = mv.decider(st)
    out = {"phase": st.phase, "turn": st.names[st.turn], "round": str(st.round),
           "to_move": st.names[d[0]] if d else "none", "decision": d[1] if d else "none",
           "title": st.title or "none", "title_words": " ".join(st.title_words) or "none",
           "deck": str(len(st.deck)), "discard": str(len(st.discard)),
           "stack": " ".join(st.ids[i] for i, _, _ in st.stack) or "none",
           "winner": " ".join(st.names[w] for w in st.winners) or "none", "reason": st.reason or "none",
           "game": str(st.game_no), "mulligans": str(st.mulligans),
           "discard.cards": " ".join(st.ids[i] for i in reversed(st.discard)) or "none"}
    for cid in st.ids:
        out[f"discard.{cid}"] = "0"
    for cid, k in Counter(st.ids[i] for i in st.discard).items():
        out[f"discard.{cid}"] = str(k)
    a = st.attack
    if a is not None:
        out["attack"] = str(sx.attack_value(st, a))
        out["attack.defence"] = str(sx.defence(st, a.target, a))
        out["attack.target"] = st.names[a.target]
        out["attack.creature"] = st.ids[a.creature]
        out["attack.traits"] = " ".join(sorted(sx.attack_traits(st, a))) or "none"
    else:
        out["attack"] = "none"
    for s, name in enumerate(st.names):
        out[f"defence.{name}"] = str(sx.defence(st, s))
        out[f"hand.{name}"] = str(len(st.hands[s]))
        out[f"movie.{name}"] = movie_text(st, s)
        out[f"location.{name}"] = "+".join(st.ids[i] for i in st.movies[s].location) or "none"
        out[f"total.{name}"] = str(st.totals[s])
        if st.scores:
            out[f"score.{name}"] = str(st.scores[s])
    return out


def movie_text(st: GrosState, s: int) -> str:
    """'reporter robot[ray-guns] brother{istruzzito}': Characters, [Props], {SFX under them}."""
    out = []
    for ch in st.movies[s].chars:
        text = st.ids[ch.iid]
        if ch.props:
            text += "[" + " ".join(st.ids[p] for p in ch.props) + "]"
        if ch.under:
            text += "{" + " ".join(st.ids[u] for u in ch.under) + "}"
        out.append(text)
    return " ".join(out) or "none"


def _played(seat: str, move: tuple) -> str:
    verb = move[0]
    if verb == "attack":
        return _("{seat} attacks {target}'s Movie with {card}!").format(
            seat=seat, target=move[2], card=thing(move[1]))
    if verb == "combine":
        return _("{seat} combines {card} with {target}'s Location.").format(
            seat=seat, card=thing(move[1]), target=move[2])
    card, on = thing(move[1]), ", ".join(_aim(t) for t in move[2])
    if move[3] and on:
        return _("{seat} plays {card}, taking {taken} from the discards, on {targets}.").format(
            seat=seat, card=card, taken=thing(move[3]), targets=on)
    if move[3]:
        return _("{seat} plays {card}, taking {taken} from the discards.").format(
            seat=seat, card=card, taken=thing(move[3]))
    if on:
        return _("{seat} plays {card} on {targets}.").format(seat=seat, card=card, targets=on)
    return _("{seat} plays {card}.").format(seat=seat, card=card)


def _aim(target: str) -> str:
    """What a card is played on: a card, or a seat, which stands for that seat's Movie."""
    if "/" in target or target in cards():
        return thing(target)
    # Translators: a Movie a card is played on, named by its seat ("dana" in English)
    return pgettext("a Movie as a target", "{seat}").format(seat=target)


def _subject(raw: tuple) -> Named:
    """What a strength or trait change lands on: (target kind, seat or card, Location cards).
    A Movie is masculine in every language the game speaks (Film, фильм)."""
    kind, who, locs = raw[0], raw[1], raw[2]
    if kind == "movie":
        return Named(_("{seat}'s Movie").format(seat=who))
    if kind == "location" and locs:
        places = [thing(loc) for loc in locs]
        return Named(_("{owner}'s {thing}").format(owner=who, thing=" + ".join(places)), plural_of(places))
    return thing(who) if who else Named(_("It"))


def _opening(what: Named, who: str) -> Named:
    """What starts a sentence, with a capital: Italian 'Il Film di ray', Russian 'Фильм
    игрока ray' (a seat's own name, 'ray's Movie', stays as the seat wrote it)."""
    if not what or str(what).startswith(who.split("/")[0]) or not what[0].islower():
        return what
    return Named(what[0].upper() + what[1:], what.grammar)


def _strength(raw: tuple) -> str:
    what, n = _opening(_subject(raw), raw[1]), raw[3]
    if raw[0] == "movie":
        return _("{what} gets {n} Defence for this attack.").format(what=what, n=n)
    if raw[0] == "creature":
        return _("{what} gets {n} Attack for this attack.").format(what=what, n=n)
    if raw[0] in ("character", "location"):
        return _("{what} gets {n} Defence.").format(what=what, n=n)
    return _("{what} gets {n}.").format(what=what, n=n)


def _granted(raw: tuple) -> str:
    what, t = _opening(_subject(raw), raw[1]), trait(raw[3])
    if raw[0] == "creature":
        return _("{what} gains {trait} for this attack.").format(what=what, trait=t)
    return _("{what} gains {trait}.").format(what=what, trait=t)


def _ending_hint(d: tuple) -> str:
    if d[1] > HAND_SIZE:
        n = d[1] - HAND_SIZE
        return ngettext("You must 'discard CARD' at least {n} time, then 'done'.",
                        "You must 'discard CARD' at least {n} times, then 'done'.", n).format(n=n)
    return _("You may 'discard CARD' any, then 'done'.")


def _tally(pairs) -> str:
    return ", ".join(f"{n} {v}" for n, v in pairs)


def _attack_result(d: tuple) -> str:
    values = dict(creature=d[0], seat=d[1], attack=d[2], defence=d[3])
    if d[4]:
        return _("{creature} ({attack}) against {seat}'s Movie ({defence}): it succeeds.").format(**values)
    return _("{creature} ({attack}) against {seat}'s Movie ({defence}): it fails.").format(**values)


# what each kind of event says; ``d`` is its data with card ids turned into names, ``raw`` as is
_TEXTS: dict[str, Callable[[tuple, tuple], str]] = {
    "title": lambda d, raw: _("Tonight's feature: \u201c{title}\u201d (title words: {words}).").format(
        title=shown_title(d[0], d[1]), words=", ".join(map(title_word, d[1]))),
    "turn": lambda d, raw: _("— {seat}'s turn (round {round}) —").format(seat=d[0], round=d[1]),
    "draw": lambda d, raw: ngettext("{seat} draws {n} card.", "{seat} draws {n} cards.", d[1]).format(
        seat=d[0], n=d[1]),
    "drew": lambda d, raw: _("You drew: {cards}.").format(cards=names(d[1])),
    "no_draw": lambda d, raw: _("{seat} draws no card.").format(seat=d[0]),
    "mulligan": lambda d, raw: _("{seat} shows a hand with no Character ({cards}) and redraws.").format(
        seat=d[0], cards=names(d[1])),
    "cast": lambda d, raw: (_("{seat} casts {cards}.").format(seat=d[0], cards=names(d[1])) if d[1]
                            else _("{seat} casts nobody.").format(seat=d[0])),
    "played": lambda d, raw: _played(d[0], raw[2]),
    "pass": lambda d, raw: _("You pass."),  # told to the passer alone (see GrosRules.apply)
    "paid": lambda d, raw: _("{seat} pays by discarding {cards}.").format(seat=d[0], cards=names(d[1])),
    "stopped": lambda d, raw: _("{card} ({seat}) is stopped and discarded.").format(card=d[0], seat=d[1]),
    # the attack's declaration ("dana attacks ray's Movie with The Blob!") said who and what;
    # its opening after the stop window only says so (issue 25: Russian told it twice)
    "attack": lambda d, raw: _("The attack is on: respond or pass."),
    "attack_now": lambda d, raw: _("{card}'s Attack is now {n}.").format(card=d[0], n=d[1]),
    "defence_now": lambda d, raw: _("{seat}'s Defence is now {n}.").format(seat=d[0], n=d[1]),
    "attack_result": lambda d, raw: _attack_result(d),
    "attack_stopped": lambda d, raw: _("The attack of {card} is stopped.").format(card=d[0]),
    "attack_over": lambda d, raw: _("{card} leaves the screen.").format(card=d[0]),
    "killed": lambda d, raw: _("{card} dies in {seat}'s Movie.").format(card=d[1], seat=d[0]),
    "removed": lambda d, raw: _("{card} is removed from {seat}'s Movie.").format(card=d[1], seat=d[0]),
    "location": lambda d, raw: (
        _("{seat}'s Movie is now set at {card} (combined).") if d[2]
        else _("{seat}'s Movie is now set at {card}.")).format(seat=d[0], card=d[1]),
    "prop": lambda d, raw: _("{card} gets {prop}.").format(card=d[0], prop=d[1]),
    "moved": lambda d, raw: _("{prop} goes to {card}.").format(prop=d[0], card=d[1]),
    "used": lambda d, raw: _("{seat} uses {card}.").format(seat=d[0], card=d[1]),
    "strength": lambda d, raw: _strength(raw),
    "granted": lambda d, raw: _granted(raw),
    "fetched": lambda d, raw: (_("{seat} takes {card} from the discards (hand).") if raw[2] == "hand"
                               else _("{seat} takes {card} from the discards ({target}).")).format(
        seat=d[0], card=d[1], target=d[2]),
    "returned": lambda d, raw: _("{card} returns to its owner's hand.").format(card=d[0]),
    "chooser": lambda d, raw: _("{seat} will pick the victim.").format(seat=d[0]),
    "discard": lambda d, raw: _("{seat} discards {card}.").format(seat=d[0], card=d[1]),
    "ending": lambda d, raw: ngettext("{seat} ends the turn holding {n} card.",
                                      "{seat} ends the turn holding {n} cards.", d[1]).format(seat=d[0], n=d[1]),
    "ending_hint": lambda d, raw: _ending_hint(d),
    "scores": lambda d, raw: _("The credits roll ({reason}): {scores}.").format(
        reason=reason(d[0]), scores=_tally(d[1])),
    "next_game": lambda d, raw: _("Game {n} begins; totals: {totals}.").format(n=d[0], totals=_tally(d[1])),
    "winners": lambda d, raw: _("Winner: {seats}.").format(seats=", ".join(d)),
}
_UNNAMED = frozenset({"title", "turn", "scores", "next_game", "winners"})  # data that holds no card ids


def narrate(ev: Event) -> str:
    k, raw = ev.kind, ev.data
    d = raw if k in _UNNAMED else tuple(thing(x) if isinstance(x, str) else x for x in raw)
    text = _TEXTS.get(k)
    return text(d, raw) if text is not None else f"{k} {d}"


def invariants(st: GrosState) -> list[str]:
    """Every card in exactly one place, cached Defence equal to a fresh sum, no stack or attack
    left open at a turn's end, cards only where their type may be. Runs after every move of the
    soak tests, so it is written for speed."""
    bad: list[str] = []
    defs = st.defs
    places: list[int] = st.deck + st.discard
    for h in st.hands:
        places += h
    for s, m in enumerate(st.movies):
        for ch in m.chars:
            places.append(ch.iid)
            places += ch.props
            places += ch.under
            if defs[ch.iid].type != "character":
                bad.append(f"{st.ids[ch.iid]} is in a cast but is not a Character")
            for p in ch.props:
                if defs[p].type != "prop":
                    bad.append(f"{st.ids[p]} is held as a Prop")
        places += m.location
        places += m.loc_under
        places += m.credits
        for i in m.location:
            if defs[i].type != "location":
                bad.append(f"{st.ids[i]} is a Location in play but not a Location")
        if len(m.location) > 1 and not all(defs[i].combines for i in m.location[1:]):
            bad.append(f"{st.names[s]}'s Movie has {len(m.location)} Locations, joined by one that does not combine")
        if m.loc_under and not m.location:
            bad.append(f"SFX under a Location that is gone in {st.names[s]}'s Movie")
        refs = st.refs.get(s)
        if refs is not None and refs != zones._char_refs(st, s):
            bad.append(f"{st.names[s]}'s cached Character names are stale")
        props = st.refs.get(~s)
        if props is not None and props != zones._prop_refs(st, s):
            bad.append(f"{st.names[s]}'s cached Prop names are stale")
        dups = st.refs.get((s, "copies"))
        if dups is not None and dups != zones._copies(st, s):
            bad.append(f"{st.names[s]}'s cached copies of a Character are stale")
        abilities = st.refs.get((s, "abilities"))
        if abilities is not None and abilities != mv._ability_cards(st, s):
            bad.append(f"{st.names[s]}'s cached cards with abilities are stale")
        cached = st.dcache[s]
        st.dcache[s] = None
        fresh = sx.defence(st, s)  # fills the cache: a later move that forgets to clear it shows
        if cached is not None and cached != fresh:
            bad.append(f"{st.names[s]}'s cached Defence {cached} != recomputed {fresh}")
    for i, _w, _r in st.stack:
        places.append(i)
    if st.attack is not None:
        places.append(st.attack.creature)
        places += st.attack.props
        places += st.attack.spent
    places.sort()
    if places != list(range(len(st.ids))):
        count = Counter(places)
        twice = [st.ids[i] for i, k in count.items() if k > 1]
        lost = [st.ids[i] for i in range(len(st.ids)) if i not in count]
        bad.append(f"cards out of place: twice {twice}, missing {lost}")
    if st.phase in (DISCARD, TITLE, OVER) and (st.stack or st.attack is not None):
        bad.append(f"a stack or attack left open in phase {st.phase}")
    if st.attack is not None and not (st.stack or st.attack_open or st.phase == VICTIM):
        bad.append("an attack with no window open and no victim to pick")
    if (st.phase == OVER) != bool(st.winners):
        bad.append("the game is over exactly when it has winners")
    return bad
