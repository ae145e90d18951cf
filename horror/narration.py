"""The narration of a film's events in the player's language, and the words the table, the
screenplay and the rules' refusals share: element kinds, trade types, dice, decisions.

Events carry data only (names, numbers, the English kind words of the notation); each sentence
is one message, worded whole in every language (``horror/locale``). Names the players wrote
are free text and pass through as they are; what the studio's stock wrote is shown in the
reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from common.articles import small_article
from common.engine import Event
from common.i18n import current
from horror import MESSAGES, _, ngettext, pgettext
from horror.pooltext import localized, named

# the English of an element kind (the cards.toml of each language holds its name there)
KIND_WORDS = {"extra": "extra", "supporting": "supporting", "star": "star", "set": "set",
              "trope": "trope", "subplot": "subplot", "monster": "monster", "armour": "armour",
              "raise": "raise", "prop": "prop"}


def kind_name(kind: str) -> str:
    """An element kind's name as a table shows it ('supporting', 'comprimario', 'второстепенный')."""
    return MESSAGES.card(kind, "name", KIND_WORDS.get(kind, kind)) if kind in KIND_WORDS else kind


def role_name(kind: str) -> str:
    """A character's kind as a screenplay's cast list says it ('supporting role')."""
    words = {"extra": pgettext("role", "extra"), "supporting": pgettext("role", "supporting role"),
             "star": pgettext("role", "star")}
    return words.get(kind, kind)


def dice(n: int) -> str:
    return ngettext("{n} die", "{n} dice", n).format(n=n)


TRADE_TYPES = ("role", "set", "trope", "subplot", "monster")


def type_name(t: str) -> str:
    """A trade type as a noun on its own ('role', 'set', ...)."""
    words = {"role": pgettext("trade type", "role"), "set": pgettext("trade type", "set"),
             "trope": pgettext("trade type", "trope"), "subplot": pgettext("trade type", "subplot"),
             "monster": pgettext("trade type", "monster")}
    return words.get(t, t)


def type_object(t: str) -> str:
    """A trade type as the object of an offer ('a role'; in Russian the accusative)."""
    words = {"role": pgettext("trade object", "a role"), "set": pgettext("trade object", "a set"),
             "trope": pgettext("trade object", "a trope"),
             "subplot": pgettext("trade object", "a subplot"),
             "monster": pgettext("trade object", "a monster")}
    return words.get(t, t)


def decision_name(kind: str) -> str:
    """What a seat decides now (legal.decider's kinds)."""
    words = {"premise": pgettext("decision", "premise"), "meeting": pgettext("decision", "meeting"),
             "trade": pgettext("decision", "trade"), "trade reply": pgettext("decision", "trade reply"),
             "bid": pgettext("decision", "bid"), "claim auction": pgettext("decision", "claim auction"),
             "pool": pgettext("decision", "pool"), "claim": pgettext("decision", "claim"),
             "stake": pgettext("decision", "stake"), "help": pgettext("decision", "help"),
             "roll": pgettext("decision", "roll"), "direct": pgettext("decision", "direct"),
             "veto": pgettext("decision", "veto")}
    return words.get(kind, kind)


def decision_what(kind: str) -> str:
    """What a seat is deciding now, as a refusal tells whoever moved out of turn."""
    words = {"premise": pgettext("deciding", "whether to amend or agree to the premise"),
             "meeting": pgettext("deciding", "a turn at the script meeting"),
             "trade": pgettext("deciding", "a trade offer"),
             "trade reply": pgettext("deciding", "an answer to a trade offer"),
             "bid": pgettext("deciding", "a bid for the director's chair"),
             "claim auction": pgettext("deciding", "a bid in the auction for the chair"),
             "pool": pgettext("deciding", "how to split dice between the climax's pools"),
             "claim": pgettext("deciding", "whether to claim the director's chair"),
             "stake": pgettext("deciding", "how many dice to stake"),
             "help": pgettext("deciding", "whether to help in the chase"),
             "roll": pgettext("deciding", "when to roll the staked dice"),
             "direct": pgettext("deciding", "the scene's next beat"),
             "veto": pgettext("deciding", "whether to veto a line written for their character")}
    return words.get(kind, kind)


def director_action(verb: str) -> str:
    """What a director's move does, as a refusal names it ('give a ruling', not 'ruling')."""
    words = {"play": pgettext("director may", "play cards"), "extra": pgettext("director may", "create an extra"),
             "set": pgettext("director may", "build a set"), "raise": pgettext("director may", "raise a set"),
             "trigger": pgettext("director may", "declare the monster's trigger"),
             "check": pgettext("director may", "start a check"), "contest": pgettext("director may", "start a contest"),
             "chase": pgettext("director may", "start a chase"),
             "attack": pgettext("director may", "send a character against the monster"),
             "drop": pgettext("director may", "drop a subplot"), "ruling": pgettext("director may", "give a ruling"),
             "cut": pgettext("director may", "cut the scene"), "plan": pgettext("director may", "write the plan"),
             "spring": pgettext("director may", "spring the plan"),
             "escape": pgettext("director may", "call the escape"),
             "move": pgettext("director may", "move the chase to another set"),
             "roll": pgettext("director may", "roll the staked dice")}
    return words.get(verb, verb)


def phase_name(phase: str) -> str:
    words = {"premise": pgettext("phase", "premise"), "meeting": pgettext("phase", "meeting"),
             "trade": pgettext("phase", "trade"), "auction": pgettext("phase", "auction"),
             "scene": pgettext("phase", "scene"), "pools": pgettext("phase", "pools"),
             "over": pgettext("phase", "over")}
    return words.get(phase, phase)


def conflict_name(kind: str) -> str:
    words = {"check": pgettext("conflict", "check"), "contest": pgettext("conflict", "contest"),
             "chase": pgettext("conflict", "chase"), "plan": pgettext("conflict", "plan")}
    return words.get(kind, kind)


def side(name: str) -> str:
    """A conflict side's name; the plan's side is logged as 'the plan'."""
    return _("the plan") if name == "the plan" else name


def forced_by(why: str) -> str:
    """What forced a card on screen: a trope or subplot (its text), the chase or the climax."""
    if why == "the chase":
        return _("the chase")
    if why == "the climax":
        return _("the climax")
    return why


def names_list(items: Sequence[str]) -> str:
    """Names inside a sentence, one after another (Italian writes an article small there:
    "Betty Barlow, il dottore")."""
    return ", ".join(small_article(i) if current() == "it" else i for i in items)


def names(items: tuple) -> str:
    """The characters a trope or subplot is about, inside its sentence's brackets."""
    return names_list(items) if items else _("nobody in particular")


def ending(key: str) -> str:
    """How the film ended, as the outcome and the credits say it."""
    words = {"plan": _("the plan destroyed the monster"),
             "escape": _("the monster won; the survivors escaped"),
             "dead": _("the monster won; nobody survived")}
    return words.get(key, key)


def _roll(d: tuple) -> str:
    kind, sides, loser, lost, a_left, b_left = d
    # a side may be the monster, whose name may be plural ("The Pale Miners roll"): names agree
    parts = [ngettext("{name} (Screen Time {st}) {name:rolls|roll} {dice}: {n} success",
                      "{name} (Screen Time {st}) {name:rolls|roll} {dice}: {n} successes", hits).format(
        name=named(side(name)), st=st_, dice=" ".join(map(str, rolled)) or _("nothing"), n=hits)
        for name, st_, rolled, hits in sides]
    if loser >= 0 and lost:
        tail = _("{name} {name:loses|lose} {dice}").format(name=named(side(sides[loser][0])), dice=dice(lost))
    elif loser < 0:
        tail = _("a draw, nobody loses a die")
    else:
        tail = _("{name} {name:has|have} nothing left to lose").format(name=named(side(sides[loser][0])))
    return _("{rolls} — {outcome} (stakes {a} and {b}).").format(
        rolls="; ".join(parts), outcome=tail, a=a_left, b=b_left)


def _conflict(d: tuple) -> str:
    kind, a, b, seat_a, seat_b, st_a, st_b = d[:7]
    if kind == "plan":
        return _("The plan is sprung: {monster} (Screen Time {st_a}) against the plan (Screen Time "
                 "{st_b}), pool against pool.").format(monster=named(a), st_a=st_a, st_b=st_b)
    about = d[7] if len(d) > 7 else ""
    fields = dict(a=named(a), b=named(side(b)), seat_a=seat_a, seat_b=seat_b, st_a=st_a, st_b=st_b, about=about)
    if kind == "chase":  # the monster goes after a character
        text = (_("A chase: {a} ({seat_a}, Screen Time {st_a}) {a:goes|go} after {b} ({seat_b}, Screen "
                  "Time {st_b}), over {about}.") if about else
                _("A chase: {a} ({seat_a}, Screen Time {st_a}) {a:goes|go} after {b} ({seat_b}, Screen "
                  "Time {st_b})."))
    elif kind == "contest":
        text = (_("A contest: {a} ({seat_a}, Screen Time {st_a}) against {b} ({seat_b}, Screen Time "
                  "{st_b}), over {about}.") if about else
                _("A contest: {a} ({seat_a}, Screen Time {st_a}) against {b} ({seat_b}, Screen Time "
                  "{st_b})."))
    else:
        text = (_("A check: {a} ({seat_a}, Screen Time {st_a}) against {b} ({seat_b}, Screen Time "
                  "{st_b}), over {about}.") if about else
                _("A check: {a} ({seat_a}, Screen Time {st_a}) against {b} ({seat_b}, Screen Time "
                  "{st_b})."))
    return text.format(**fields)


def _result(d: tuple) -> str:
    """Who won, said the way each kind of conflict ends; the first side of a chase or the
    plan's contest is the monster. Older logs lack the winner's index: it is the name."""
    kind, name, a, b = d[:4]
    winner = d[5] if len(d) > 5 else (0 if name == a else 1 if name else -1)
    if kind == "plan":
        return (_("{monster} {monster:beats|beat} the plan.") if winner == 0 else _("The plan beats {monster}!")
                if winner == 1 else _("The plan and {monster} wear each other out.")).format(monster=named(a))
    if kind == "chase":
        return (_("{monster} {monster:catches|catch} {name}.") if winner == 0
                else _("{name} gets away from {monster}.")).format(monster=named(a), name=named(b))
    a, b = named(side(a)), named(side(b))
    if winner < 0:
        return (_("The contest between {a} and {b} is a draw.") if kind == "contest"
                else _("The check between {a} and {b} is a draw.")).format(a=a, b=b)
    won, other = (a, b) if winner == 0 else (b, a)
    return (_("{winner} {winner:wins|win} the contest against {loser}.") if kind == "contest"
            else _("{winner} {winner:wins|win} the check against {loser}.")).format(winner=won, loser=other)


def _premise_set(d: tuple) -> str:
    seat, what, text = d[0], d[1], d[2]
    if what == "ability" and text.lower() == "none":
        return _("{seat} clears the monster's abilities.").format(seat=seat)
    words = {"monster": _("{seat} sets the monster: {text}."), "ability": _("{seat} sets the ability: {text}."),
             "trigger": _("{seat} sets the trigger: {text}."), "setting": _("{seat} sets the setting: {text}."),
             "title": _("{seat} sets the title: {text}.")}
    return words.get(what, "{seat}: {text}.").format(seat=seat, text=text)


def _create(d: tuple) -> str:
    seat, cid, kind, name, cost = d[:5]
    concept = f" ({d[5]})" if len(d) > 5 else ""
    words = {"extra": _("{seat} creates extra {id} “{name}”{concept} for {dice}."),
             "supporting": _("{seat} creates supporting {id} “{name}”{concept} for {dice}."),
             "star": _("{seat} creates star {id} “{name}”{concept} for {dice}."),
             "set": _("{seat} creates set {id} “{name}”{concept} for {dice}.")}
    return words[kind].format(seat=seat, id=cid, name=name, concept=concept, dice=dice(cost))


def _write(d: tuple) -> str:
    if d[2] == "trope":
        return _("{seat} writes trope {id} for act {act}: “{text}” ({names}).").format(
            seat=d[0], id=d[1], act=d[4], text=d[3], names=names(d[5]))
    return _("{seat} writes subplot {id}: “{text}” ({names}).").format(
        seat=d[0], id=d[1], text=d[3], names=names(d[5]))


def _deal(d: tuple) -> str:
    hands = ", ".join(f"{s} {n}" for s, n in d[1])
    return _("The cards are shuffled and dealt for scene {scene}: {hands}.").format(scene=d[0], hands=hands)


def _auction(d: tuple) -> str:
    if d[1] == 4:
        return _("The director's chair for the climax goes to auction: {seat} bids first.").format(seat=d[2])
    return _("The director's chair for scene {scene} goes to auction: {seat} bids first.").format(
        scene=d[0], seat=d[2])


def _help_pass(d: tuple) -> str:
    if d[1]:
        return _("{seat} stays out of the chase; {next} may help next.").format(seat=d[0], next=d[1])
    return _("{seat} stays out of the chase; {director} rolls the dice.").format(seat=d[0], director=d[2])


def _chair(d: tuple) -> str:
    if d[0] == d[2]:
        return _("{seat} keeps the chair for {dice}.").format(seat=d[0], dice=dice(d[1]))
    return _("{seat} takes the director's chair for {dice}.").format(seat=d[0], dice=dice(d[1]))


def _scene(d: tuple) -> str:
    if d[1] == 4:
        return _("The climax: {seat} directs, having paid {dice}.").format(seat=d[2], dice=dice(d[3]))
    return _("Scene {scene} (act {act}): {seat} directs, having paid {dice}.").format(
        scene=d[0], act=d[1], seat=d[2], dice=dice(d[3]))


def _play(d: tuple) -> str:
    if d[4]:
        return _("{seat} plays {card} (forced by {why}).").format(seat=d[0], card=d[2], why=forced_by(d[4]))
    return _("{seat} plays {card}.").format(seat=d[0], card=d[2])


def _help(d: tuple) -> str:
    return ngettext("{name} attacks the monster: rolls {dice}, {n} success; the monster's stake loses {lost}.",
                    "{name} attacks the monster: rolls {dice}, {n} successes; the monster's stake loses "
                    "{lost}.", d[3]).format(name=d[1], dice=" ".join(map(str, d[2])), n=d[3], lost=dice(d[4]))


def _cut(d: tuple) -> str:
    got = ", ".join(f"{s} +{n}" for s, n in d[2] if n) or _("none")
    return _("Cut! Scene {scene} ends. Rewards: {rewards}.").format(scene=d[0], rewards=got)


def _credits(d: tuple) -> str:
    words = {"plan": _("The plan works: the monster is destroyed. Roll the credits!"),
             "escape": _("The survivors flee; the monster lives on. Roll the credits!"),
             "dead": _("Nobody is left. The monster wins. Roll the credits!")}
    return words[d[0]]


def _f(message: Callable[[], str], **keys: int) -> Callable[[tuple], str]:
    """A sentence whose placeholders are data fields by position: ``seat=0`` is ``d[0]``."""
    return lambda d: message().format(**{k: d[i] for k, i in keys.items()})


NARRATION: dict[str, Callable[[tuple], str]] = {
    "premise": lambda d: _("“{title}”: {monster} ({abilities}) {monster:appears|appear} once {trigger}. "
                           "Setting: {setting}.").format(
        title=d[0], monster=named(d[1]), abilities="; ".join(d[2]) or _("no special abilities"), trigger=d[3],
        setting=d[4]),
    "premise_set": _premise_set,
    "agree": _f(lambda: _("{seat} agrees to the premise."), seat=0),
    "meeting": _f(lambda: _("Script meeting {n} (before act {act}): {seat} writes first."), n=0, act=1, seat=2),
    "meeting_turn": _f(lambda: _("{seat}'s turn at the meeting."), seat=0),
    "meeting_pass": _f(lambda: _("{seat} passes the turn."), seat=0),
    "create": _create,
    "raise": lambda d: _("{seat} raises {set} to Screen Time {st} for {dice}.").format(
        seat=d[0], set=d[2], st=d[3], dice=dice(d[4])),
    "armour": lambda d: _("{seat} gives {name} Plot Armour {level} for {dice}.").format(
        seat=d[0], name=d[2], level=d[3], dice=dice(d[4])),
    "write": _write,
    "prop": _f(lambda: _("{seat} puts {prop} on {set}."), seat=0, set=2, prop=3),
    "near": _f(lambda: _("{seat} makes {a} and {b} adjacent."), seat=0, a=1, b=2),
    "close": _f(lambda: _("{seat} closes script meeting {n}: filming starts."), seat=0, n=1),
    "act": _f(lambda: _("— Act {act} —"), act=0),
    "deal": _deal,
    # a trope's text may hold commas: the cards are kept apart by semicolons, one item each
    "hand": lambda d: _("Your hand: {cards}.").format(cards="; ".join(
        small_article(c) if current() == "it" else c for c in d[1]) or _("empty")),
    "offer": lambda d: _("{seat} offers {gives} for {wants}.").format(
        seat=d[0], gives=type_object(d[1]), wants=type_object(d[2])),
    "decline": lambda d: (_("{seat} declines {who}'s offer.").format(seat=d[0], who=d[1]) if len(d) > 1
                          else _("{seat} declines.").format(seat=d[0])),
    "no_trade": _f(lambda: _("Nobody takes {seat}'s offer."), seat=0),
    "trade": lambda d: _("{a} and {b} trade {gives} for {wants}.").format(
        a=d[0], b=d[1], gives=type_object(d[2]), wants=type_object(d[3])),
    "got": _f(lambda: _("You receive {card}."), card=1),
    "pass": _f(lambda: _("{seat} passes."), seat=0),
    "done": lambda d: (_("{seat} is done trading; {next} may offer next.") if d[1]
                       else _("{seat} is done trading.")).format(seat=d[0], next=d[1]),
    "auction": _auction,
    "help_pass": _help_pass,
    "no_claim": _f(lambda: _("Nobody claims the chair: {seat} directs on."), seat=0),
    "quiet": _f(lambda: _("{seat} makes no more claims this scene."), seat=0),
    "bid": lambda d: _("{seat} bids {dice} for the director's chair.").format(seat=d[0], dice=dice(d[1])),
    "claim": lambda d: _("{seat} claims the director's chair for {dice}!").format(seat=d[0], dice=dice(d[1])),
    "chair": _chair,
    "scene": _scene,
    "play": _play,
    "trope": lambda d: _("{seat} plays the trope “{text}” ({names}).").format(
        seat=d[0], text=d[2], names=names(d[3])),
    "subplot": lambda d: _("{seat} plays the subplot “{text}” ({names}).").format(
        seat=d[0], text=d[2], names=names(d[3])),
    "trigger": _f(lambda: _("The trigger happens: {trigger}. The monster may now appear."), trigger=1),
    "conflict": _conflict,
    "stake": lambda d: _("{seat} stakes {dice} on {side}.").format(seat=d[0], dice=dice(d[2]), side=side(d[1])),
    "roll": _roll,
    "help": _help,
    "result": _result,
    "attack": _f(lambda: _("{name} attacks the monster bare-handed!"), name=1),
    "saved": _f(lambda: _("{name} is caught, but Plot Armour saves them: knocked out for the scene, "
                          "with {left} Plot Armour left."), name=0, left=1),
    "death": _f(lambda: _("{name} is caught and killed. The monster grows: Monster Dice {md}."), name=0, md=1),
    "move": _f(lambda: _("The chase runs on to {set}."), set=1),
    "cornered": _f(lambda: _("{name} has nowhere to run ({seat} has no die to stake)."), seat=0, name=1),
    "drop": _f(lambda: _("{seat} closes the subplot “{text}”."), seat=0, text=1),
    "ruling": _f(lambda: _("Ruling by {seat}: {text}"), seat=0, text=1),
    "say": lambda d: f"{d[0]}: {d[1]}",
    "line": lambda d: _("{name} ({seat}): “{text}”").format(name=d[2], seat=d[0], text=d[3]),
    "veto": _f(lambda: _("{seat} vetoes it: “{text}” is struck from the film."), seat=0, text=2),
    "cut": _cut,
    "act_over": _f(lambda: _("Act {act} is over."), act=0),
    "unfilmed": _f(lambda: _("Scene {scene} is never filmed: {seat} cut before a set and a character "
                             "came to the screen."), scene=0, seat=1),
    "cut_for_time": lambda d: _("Act {act} is over schedule: the studio cuts for time, and {tropes} happen "
                                "off screen.").format(act=d[0], tropes="; ".join(
                                    _("“{text}”").format(text=t) for t in d[1])),
    "climax": lambda d: _("— The climax — subplots leave the deck; every other card is played."),
    "pool": _f(lambda: _("{seat} puts {monster} into the monster pool and {plan} into the plan pool "
                         "(now {monster_pool} and {plan_pool})."), seat=0, monster=1, plan=2, monster_pool=3,
               plan_pool=4),
    "plan": _f(lambda: _("{seat}: the plan — {plan}."), seat=0, plan=1),
    "plan_failed": lambda d: _("The plan has failed: hatch a new one, or run for it."),
    "credits": _credits,
    "grant": lambda d: _("Nobody has a die left: the studio advances {dice} to every seat.").format(dice=dice(d[0])),
    "screenplay": _f(lambda: _("{seat} asks for the screenplay."), seat=0),
}


def narrate(ev: Event) -> str:
    """An event in the reader's language: the stock's texts in it too (``horror.pooltext``)."""
    fn = NARRATION.get(ev.kind)
    return fn(localized(ev.data)) if fn else f"{ev.kind} {ev.data}"


def offer_lines(view: dict[str, Any]) -> list[str]:
    """The trade offers still open (an offer waits for the seat asked to sit down to trade),
    the one being answered marked: public, but for the card behind the viewer's own."""
    at_hand = view.get("offer")
    lines = []
    for offer in view.get("waiting") or []:
        text = _("{seat} offers {gives} for {wants}").format(
            seat=offer["seat"], gives=type_object(offer["gives"]), wants=type_object(offer["wants"]))
        if offer["card"]:
            text += f" ({offer['card']})"
        if offer == at_hand:
            text += " ← " + _("{seat} answers now: 'accept CARD' or 'decline'").format(
                seat=(view.get("to_move") or ["?"])[0])
            at_hand = None  # another offer like it is answered later
        lines.append("  " + text)
    return [_("Trade offers open:")] + lines if lines else []
