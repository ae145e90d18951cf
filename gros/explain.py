"""Why a move is refused, as one sentence naming the rule (only called for illegal moves)."""

from __future__ import annotations

from gros import flow, zones
from gros import moves as mv
from gros import strength as sx
from gros.catalog import load_catalog
from gros.state import HAND_SIZE, GrosState

KIND_WORDS = {"title": "the title must be agreed first ('title')",
              "stop": "a card is waiting to resolve: only a card that stops it may be played, or 'pass'",
              "respond": "an attack is on: play an SFX, boost a Psycho, use an ability, or 'pass'",
              "anytime": "only an SFX may be played now (books 000/001: SFX at any time), or 'pass'",
              "victim": "pick the victim first ('victim SEAT/CARD')",
              "discard": "your turn is ending: 'discard CARD' or 'done'",
              "draw": "your turn begins: 'draw' (up to six cards), 'draw N' or 'draw 0' first",
              "turn": "it is your turn: play cards, attack, or 'end'"}
VERBS = {"title": ("title",), "stop": ("play", "pass"), "respond": ("play", "use", "pass"),
         "anytime": ("play", "pass"),
         "victim": ("victim",), "discard": ("discard", "done"), "draw": ("draw",),
         "turn": ("play", "combine", "attack", "use", "move", "end")}


def explain(st: GrosState, seat: int, move: tuple) -> str:
    d = mv.decider(st)
    if d is None:
        return "the game is over"
    who, kind = d
    if who != seat:
        told = f"it is {st.names[who]}'s decision now ({kind}), not {st.names[seat]}'s"
        if kind == "turn" and move[0] == "play":
            return told + (": other players play SFX in the stop and attack windows (this game's "
                           "timing is 'windows')" if st.windows else
                           f": the others may play an SFX once a card resolves, after an attack, "
                           f"or when {st.names[who]} says 'end'")
        return told
    verb = move[0]
    if verb not in VERBS[kind]:
        return KIND_WORDS[kind]
    reason = _specific(st, seat, kind, move)
    return reason or f"{KIND_WORDS[kind]}; type 'moves' for what you may do"


def _name(cid: str) -> str:
    card = load_catalog("gros+gr2").cards.get(cid)
    return card.name if card else cid


def _specific(st: GrosState, seat: int, kind: str, move: tuple) -> str | None:
    verb = move[0]
    hand = [st.ids[i] for i in st.hands[seat]]
    if verb == "title":
        pool = [w.lower() for w in st.candidates]
        if all(w in pool for w in move[2]) and len(set(move[2])) == len(move[2]):
            unused = [w for w in move[2] if not flow.title_uses(move[1], w)]
            return (f"the title does not use {', '.join(repr(w) for w in unused)}: a title uses at "
                    "least one of the six words, and each word it names must be in it (a plural "
                    "or a changed ending counts: Zombies, Cheerleader's)")
        return f"a title may use only the six words revealed ({', '.join(pool)}), each once"
    if verb == "draw":
        need = min(HAND_SIZE - len(hand), len(st.deck))
        return f"you may draw at most {need} card{'s' * (need != 1)} now ('draw' takes them all)"
    if verb == "done":
        return f"you hold {len(hand)} cards: discard down to {HAND_SIZE} first"
    if verb == "discard" and move[1] not in hand:
        return f"you hold no {_name(move[1])}"
    if verb == "victim":
        return f"{move[1]} cannot be the victim; pick one of {', '.join(mv.victims(st))}"
    if verb == "move":
        return _why_move(st, seat, move)
    if verb == "use":
        found = dict(mv.ability_cards(st, seat))
        if move[1] not in found:
            return f"{move[1]} is not a card with an ability in your Movie"
        ability = st.defs[found[move[1]]].ability
        if ability.once and found[move[1]] in st.used:
            return f"the ability of {move[1]} was already used this turn (once per turn)"
        if ability.timing == "own" and kind != "turn":
            return f"the ability of {move[1]} works only on your own turn, outside attacks"
        return _why_targets(st, seat, ability, move)
    if verb in ("play", "attack", "combine"):
        if move[1] not in hand:
            return f"you hold no {_name(move[1])}"
        card = st.defs[next(i for i in st.hands[seat] if st.ids[i] == move[1])]
        if kind == "stop" and not ((card.action and card.action.stops) or (card.as_sfx and card.as_sfx.stops)):
            return "only a card that stops a card may be played before the card just played resolves" + (
                "" if st.windows else "; other SFX may be played once it resolves")
        if kind == "anytime" and card.type not in ("sfx", "creature"):
            return "only an SFX may be played now (books 000/001: SFX at any time); the rest on your own turn"
        if verb == "attack":
            return _why_attack(st, seat, card, move)
        if verb == "combine":
            if st.variant != "gr2":
                return "Locations combine only under the GR2 rules"
            if not card.combines:
                return f"{card.name} cannot be combined with another Location"
            if kind != "turn":
                return "a Location is played only on your own turn, outside attacks"
            target = zones.seat_of(st, move[2])
            if target < 0:
                return f"there is no Movie {move[2]!r}"
            if mv.protected(st) and target != seat:
                return ("in GR2's first round no card may affect an opponent or their Movie: "
                        "combine only with your own Location")
            return "there is no Location in that Movie to combine with"
        return _why_play(st, seat, kind, card, move)
    return None


def _why_move(st: GrosState, seat: int, move: tuple) -> str | None:
    src, dst = zones.find_prop(st, move[1]), zones.find_char(st, move[2])
    if src is None or src[0] != seat:
        return f"{move[1]} is not a Prop in your Movie"
    if dst is None or dst[0] != seat:
        return f"{move[2]} is not a Character in your Movie"
    if dst[1].iid in st.propped:
        return f"{move[2]} already got a new Prop this turn (one per Character per turn)"
    return None


def _why_attack(st: GrosState, seat: int, card, move: tuple) -> str | None:
    if card.type != "creature":
        return f"{card.name} is not a Creature"
    target = zones.seat_of(st, move[2])
    if target < 0:
        return f"there is no Movie {move[2]!r}"
    if target == seat:
        return "you cannot attack your own Movie"
    if mv.protected(st):
        return "in GR2's first round no card may affect an opponent or their Movie"
    if not st.movies[target].chars:
        return f"{move[2]}'s Movie has no Character to attack"
    if "Aquatic" in card.traits:
        return "an Aquatic Creature attacks only a Movie with no Location or an Aquatic one"
    return f"{move[2]}'s Movie holds no Character that {card.name} may target"


def _why_play(st: GrosState, seat: int, kind: str, card, move: tuple) -> str | None:
    t = card.type
    if t in ("character", "location", "credits") or t == "prop" and move[2] and "/" in move[2][0]:
        if kind != "turn":
            return f"a {t if t != 'credits' else 'Roll the Credits'} is played only on your own turn, outside attacks"
    if t == "character":
        return "a Character is played into your own Movie: 'play CARD'"
    if t == "credits":
        if st.round < 3:
            return f"Roll the Credits may not be played before round 3 (this is round {st.round})"
        return "Roll the Credits needs a living Character in your Movie"
    if t == "prop":
        return _why_prop(st, seat, kind, move)
    if t == "location":
        if len(move[2]) != 1 or zones.seat_of(st, move[2][0]) < 0:
            return "a Location is played on a Movie: 'play CARD on SEAT'"
        return "in GR2's first round no card may affect an opponent or their Movie"
    action = card.action if t == "sfx" else card.as_sfx
    if action is None:
        return f"{card.name} attacks ('attack SEAT with {card.id}'); it cannot be played as an SFX"
    return _why_targets(st, seat, action, move)


def _why_prop(st: GrosState, seat: int, kind: str, move: tuple) -> str | None:
    if len(move[2]) != 1:
        return "a Prop goes on a Character: 'play CARD on SEAT/CHARACTER'"
    ref = move[2][0]
    if "/" not in ref:
        a = st.attack
        if a is None or not st.attack_open:
            return "a Prop raises a Creature's Attack only during its attack"
        if "Psycho" not in sx.attack_traits(st, a):
            return "only a Psycho Creature can be given Props"
        return None
    found = zones.find_char(st, ref)
    if found is None or found[0] != seat:
        return f"{ref} is not a Character in your Movie"
    if found[1].iid in st.propped:
        return f"{ref} already got a new Prop this turn (one per Character per turn)"
    return None


def _why_targets(st: GrosState, seat: int, action, move: tuple) -> str | None:
    a = st.attack if st.attack_open else None
    if action.stops and not st.stack:
        return "there is no card being played to stop"
    if action.stops and st.stack[-1][1] == seat:
        return "you cannot stop your own card"
    if action.attack_only and a is None:
        return "that card can only be played during an attack"
    atraits = sx.attack_traits(st, a)
    movie = a.target if a else seat
    if action.when and not sx.holds(tuple(kv for kv in action.when if kv[0] != "target_trait"),
                                     st, seat, movie, a, atraits):
        return "its condition does not hold now (" + ", ".join(f"{k} {v}" for k, v in action.when) + ")"
    options = mv.targets(st, seat, action, a, atraits)
    if move[2] not in options:
        if not options:
            return "it has no target it may be played on now"
        if mv.protected(st):
            return "in GR2's first round no card may affect an opponent or their Movie"
        shown = ", ".join(" ".join(o) for o in options[:6]) or "no target"
        return f"it cannot be played on {' '.join(move[2]) or 'nothing'}; targets now: {shown}"
    if action.take and move[3] not in {st.ids[i] for i in st.discard if st.defs[i].type == action.take}:
        return f"it takes a {action.take} from the discards: name one there with 'take CARD'"
    if action.cost and len(move[4]) != action.cost:
        return f"it costs {action.cost} cards from your hand: name them with 'paying CARD, CARD'"
    if action.cost:
        return "you cannot pay with cards you do not hold (besides the card itself)"
    return None
