"""Why a move is refused, as one sentence naming the rule (only called for illegal moves)."""

from __future__ import annotations

from common.i18n import current
from gros import N_, _, flow, ngettext, zones
from gros import moves as mv
from gros import strength as sx
from gros.lang import TYPE_NAMES, card_name, decision_kind, title_word
from gros.notation import spelling
from gros.state import HAND_SIZE, GrosState

KIND_WORDS = {"title": N_("the title must be agreed first ('title')"),
              "stop": N_("a card is waiting to resolve: only a card that stops it may be played, or 'pass'"),
              "respond": N_("an attack is on: play an SFX, boost a Psycho, use an ability, or 'pass'"),
              "anytime": N_("only an SFX may be played now (books 000/001: SFX at any time), or 'pass'"),
              "victim": N_("pick the victim first ('victim SEAT/CARD')"),
              "discard": N_("your turn is ending: 'discard CARD' or 'done'"),
              "draw": N_("your turn begins: 'draw' (up to six cards), 'draw N' or 'draw 0' first"),
              "turn": N_("it is your turn: play cards, attack, or 'end'")}
VERBS = {"title": ("title",), "stop": ("play", "pass"), "respond": ("play", "use", "pass"),
         "anytime": ("play", "pass"),
         "victim": ("victim",), "discard": ("discard", "done"), "draw": ("draw",),
         "turn": ("play", "combine", "attack", "use", "move", "end")}


def explain(st: GrosState, seat: int, move: tuple) -> str:
    d = mv.decider(st)
    if d is None:
        return _("the game is over")
    who, kind = d
    if who != seat:
        values = {"seat": st.names[who], "kind": decision_kind(kind), "me": st.names[seat]}
        if kind == "turn" and move[0] == "play" and st.windows:
            return _("it is {seat}'s decision now ({kind}), not {me}'s: other players play SFX in the stop "
                     "and attack windows (this game's timing is 'windows')").format(**values)
        if kind == "turn" and move[0] == "play":
            return _("it is {seat}'s decision now ({kind}), not {me}'s: the others may play an SFX once a "
                     "card resolves, after an attack, or when {seat} says 'end'").format(**values)
        return _("it is {seat}'s decision now ({kind}), not {me}'s").format(**values)
    verb = move[0]
    if verb not in VERBS[kind]:
        return _(KIND_WORDS[kind])
    reason = _specific(st, seat, kind, move)
    return reason or _("{rule}; type 'moves' for what you may do").format(rule=_(KIND_WORDS[kind]))


def _name(cid: str) -> str:
    return card_name(cid)


def _specific(st: GrosState, seat: int, kind: str, move: tuple) -> str | None:
    verb = move[0]
    hand = [st.ids[i] for i in st.hands[seat]]
    if verb == "title":
        pool = [w.lower() for w in st.candidates]
        if all(w in pool for w in move[2]) and len(set(move[2])) == len(move[2]):
            unused = [w for w in move[2] if not flow.title_uses(move[1], w)]
            return _("the title does not use {words}: a title uses at least one of the six words, and "
                     "each word it names must be in it (a plural or a changed ending counts: Zombies, "
                     "Cheerleader's; so does the word in Italian or Russian: Zombi, зомби)").format(
                         words=", ".join(repr(w) for w in unused))
        return _("a title may use only the six words revealed ({words}), each once").format(
            words=", ".join(title_word(w) for w in pool))
    if verb == "draw":
        need = min(HAND_SIZE - len(hand), len(st.deck))
        return ngettext("you may draw at most {n} card now ('draw' takes them all)",
                        "you may draw at most {n} cards now ('draw' takes them all)", need).format(n=need)
    if verb == "done":
        return ngettext("you hold {n} card: discard down to {most} first",
                        "you hold {n} cards: discard down to {most} first", len(hand)).format(
            n=len(hand), most=HAND_SIZE)
    if verb == "discard" and move[1] not in hand:
        return _("you hold no {card}").format(card=_name(move[1]))
    if verb == "victim":
        return _("{ref} cannot be the victim; pick one of {refs}").format(ref=move[1], refs=", ".join(mv.victims(st)))
    if verb == "move":
        return _why_move(st, seat, move)
    if verb == "use":
        found = dict(mv.ability_cards(st, seat))
        if move[1] not in found:
            return _("{ref} is not a card with an ability in your Movie").format(ref=move[1])
        ability = st.defs[found[move[1]]].ability
        assert ability is not None  # ability_cards lists only cards with one
        if ability.once and found[move[1]] in st.used:
            return _("the ability of {ref} was already used this turn (once per turn)").format(ref=move[1])
        if ability.timing == "own" and kind != "turn":
            return _("the ability of {ref} works only on your own turn, outside attacks").format(ref=move[1])
        return _why_targets(st, seat, ability, move)
    if verb in ("play", "attack", "combine"):
        if move[1] not in hand:
            return _("you hold no {card}").format(card=_name(move[1]))
        card = st.defs[next(i for i in st.hands[seat] if st.ids[i] == move[1])]
        if kind == "stop" and not ((card.action and card.action.stops) or (card.as_sfx and card.as_sfx.stops)):
            if st.windows:
                return _("only a card that stops a card may be played before the card just played resolves")
            return _("only a card that stops a card may be played before the card just played resolves; "
                     "other SFX may be played once it resolves")
        if kind == "anytime" and card.type not in ("sfx", "creature"):
            return _("only an SFX may be played now (books 000/001: SFX at any time); the rest on your own turn")
        if verb == "attack":
            return _why_attack(st, seat, card, move)
        if verb == "combine":
            if not card.combines:
                return _("{card} cannot be combined with another Location").format(card=_name(card.id))
            if kind != "turn":
                return _("a Location is played only on your own turn, outside attacks")
            target = zones.seat_of(st, move[2])
            if target < 0:
                return _("there is no Movie {seat!r}").format(seat=move[2])
            if mv.protected(st) and target != seat:
                return _("in GR2's first round no card may affect an opponent or their Movie: "
                         "combine only with your own Location")
            return _("there is no Location in that Movie to combine with")
        return _why_play(st, seat, kind, card, move)
    return None


def _why_move(st: GrosState, seat: int, move: tuple) -> str | None:
    src, dst = zones.find_prop(st, move[1]), zones.find_char(st, move[2])
    if src is None or src[0] != seat:
        return _("{ref} is not a Prop in your Movie").format(ref=move[1])
    if dst is None or dst[0] != seat:
        return _("{ref} is not a Character in your Movie").format(ref=move[2])
    if dst[1].iid in st.propped:
        return _("{ref} already got a new Prop this turn (one per Character per turn)").format(ref=move[2])
    return None


def _why_attack(st: GrosState, seat: int, card, move: tuple) -> str | None:
    if card.type != "creature":
        return _("{card} is not a Creature").format(card=_name(card.id))
    target = zones.seat_of(st, move[2])
    if target < 0:
        return _("there is no Movie {seat!r}").format(seat=move[2])
    if target == seat:
        return _("you cannot attack your own Movie")
    if mv.protected(st):
        return _("in GR2's first round no card may affect an opponent or their Movie")
    if not st.movies[target].chars:
        return _("{seat}'s Movie has no Character to attack").format(seat=move[2])
    if "Aquatic" in card.traits:
        return _("an Aquatic Creature attacks only a Movie with no Location or an Aquatic one")
    return _("{seat}'s Movie holds no Character that {card} may target").format(seat=move[2], card=_name(card.id))


def _why_play(st: GrosState, seat: int, kind: str, card, move: tuple) -> str | None:
    t = card.type
    if t in ("character", "location", "credits") or t == "prop" and move[2] and "/" in move[2][0]:
        if kind != "turn":
            if t == "credits":
                return _("a Roll the Credits is played only on your own turn, outside attacks")
            return _("a {type} is played only on your own turn, outside attacks").format(type=_(TYPE_NAMES[t]))
    if t == "character":
        return _("a Character is played into your own Movie: 'play CARD'")
    if t == "credits":
        if st.round < 3:
            return _("Roll the Credits may not be played before round 3 (this is round {round})").format(round=st.round)
        return _("Roll the Credits needs a living Character in your Movie")
    if t == "prop":
        return _why_prop(st, seat, kind, move)
    if t == "location":
        if len(move[2]) != 1 or zones.seat_of(st, move[2][0]) < 0:
            return _("a Location is played on a Movie: 'play CARD on SEAT'")
        return _("in GR2's first round no card may affect an opponent or their Movie")
    action = card.action if t == "sfx" else card.as_sfx
    if action is None:
        return _("{card} attacks ('attack SEAT with {id}'); it cannot be played as an SFX").format(
            card=_name(card.id), id=spelling(card.id, current()))
    return _why_targets(st, seat, action, move)


def _why_prop(st: GrosState, seat: int, kind: str, move: tuple) -> str | None:
    if len(move[2]) != 1:
        return _("a Prop goes on a Character: 'play CARD on SEAT/CHARACTER'")
    ref = move[2][0]
    if "/" not in ref:
        a = st.attack
        if a is None or not st.attack_open:
            return _("a Prop raises a Creature's Attack only during its attack")
        if "Psycho" not in sx.attack_traits(st, a):
            return _("only a Psycho Creature can be given Props")
        return None
    found = zones.find_char(st, ref)
    if found is None or found[0] != seat:
        return _("{ref} is not a Character in your Movie").format(ref=ref)
    if found[1].iid in st.propped:
        return _("{ref} already got a new Prop this turn (one per Character per turn)").format(ref=ref)
    return None


def _why_targets(st: GrosState, seat: int, action, move: tuple) -> str | None:
    a = st.attack if st.attack_open else None
    if action.stops and not st.stack:
        return _("there is no card being played to stop")
    if action.stops and st.stack[-1][1] == seat:
        return _("you cannot stop your own card")
    if action.attack_only and a is None:
        return _("that card can only be played during an attack")
    atraits = sx.attack_traits(st, a)
    movie = a.target if a else seat
    if action.when and not sx.holds(tuple(kv for kv in action.when if kv[0] != "target_trait"),
                                     st, seat, movie, a, atraits):
        return _("its condition does not hold now ({condition})").format(
            condition=", ".join(f"{k} {v}" for k, v in action.when))
    options = mv.targets(st, seat, action, a)
    if move[2] not in options:
        if mv.protected(st) and _aims_at_opponent(st, seat, action, a, move):
            return _("in GR2's first round no card may affect an opponent or their Movie")
        if not options:
            return _("it has no target it may be played on now")
        if mv.protected(st):
            return _("in GR2's first round no card may affect an opponent or their Movie")
        shown = ", ".join(" ".join(o) for o in options[:6])
        if not move[2]:
            return _("it cannot be played on nothing; targets now: {targets}").format(targets=shown)
        return _("it cannot be played on {target}; targets now: {targets}").format(
            target=" ".join(move[2]), targets=shown)
    if action.take and move[3] not in {st.ids[i] for i in st.discard if st.defs[i].type == action.take}:
        return _("it takes a {type} from the discards: name one there with 'take CARD'").format(type=action.take)
    if action.cost and len(move[4]) != action.cost:
        return ngettext("it costs {n} card from your hand: name it with 'paying CARD'",
                        "it costs {n} cards from your hand: name them with 'paying CARD, CARD'",
                        action.cost).format(n=action.cost)
    if action.cost:
        return _("you cannot pay with cards you do not hold (besides the card itself)")
    return None


def _aims_at_opponent(st: GrosState, seat: int, action, a, move: tuple) -> bool:
    """Would this play reach another player's card or Movie (what GR2's first round forbids)?
    A stop aims at the card just played, an attack's card at the attacking Creature, the rest
    at the Movie or card named."""
    if action.target == "card":
        return bool(st.stack) and st.stack[-1][1] != seat
    if action.target == "creature":
        return a is not None and a.attacker != seat
    if action.target == "movie" and action.attack_only:
        return a is not None and a.target != seat
    return bool(move[2]) and zones.seat_of(st, move[2][0].partition("/")[0]) not in (-1, seat)
