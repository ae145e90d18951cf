"""Filming: an act's first deal, what the director does in a scene (dispatched to the modules
that hold each part: ``trades``, ``chair``, ``scene``, ``climax``), and what follows a settled
conflict.

"At any time" actions are decisions like everything else: a claim window goes round the
other seats after each beat of a scene (a trope, subplot or monster played, a conflict
settled, a melee attack), and a claim opens an auction in which the sitting director may
outbid the claimant.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import _, chair, climax, dice, ledger, scene, script, trades
from horror.elements import CHARACTER_KINDS
from horror.ledger import emit, find
from horror.narration import conflict_name, director_action
from horror.notation import word_for
from horror.state import CLIMAX, MONSTER, OVER, Film


def start_act(st: Film, events: list[Event]) -> None:
    emit(st, events, "act", st.act)
    climax.schedule(st)
    trades.deal(st, events)


def direct(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    verb = move[0]
    if seat != st.director:
        raise IllegalMove(_("only the director ({director}) may {action}; 'claim N' takes the chair when the floor "
                            "is open").format(director=st.director, action=director_action(verb)))
    if verb == "play":
        scene.play(st, seat, move[1], events)
    elif verb in ("extra", "set", "raise") or verb in CHARACTER_KINDS or verb == "armour":
        script.create(st, seat, move, events, filming=True)
    elif verb == "trigger":
        scene.need_started(st, _("the trigger can happen"))
        scene.may_trigger(st, seat)
        st.triggered = True
        emit(st, events, "trigger", seat, st.trigger)
    elif verb in ("check", "contest"):
        scene.need_started(st, _("conflicts"))
        scene.no_new_action(st)
        a = scene.on_screen_character(st, move[1], "first side")
        b = scene.other_side(st, move[2], a)
        _refuse_one_player(st, verb, a, b)
        _refuse_no_contest(st, verb, a, b)
        dice.start(st, verb, a, b, events, move[3] if len(move) > 3 else "")
    elif verb == "chase":
        scene.need_started(st, _("the monster can chase"))
        scene.no_new_action(st)
        scene.monster_here(st)
        c = scene.on_screen_character(st, move[1], "chased")
        _refuse_one_player(st, "chase", MONSTER, c)
        short = dice.short_side(st, "chase", MONSTER, c)
        if short == 0:
            _refuse_no_contest(st, "chase", MONSTER, c)
        if short == 1:  # ruling: a character whose player has no die to run with is caught
            emit(st, events, "cornered", st.played_by[c], ledger.name_of(st, c))
            catch(st, c, events)
            if st.phase != OVER:
                chair.open_window(st)
            return
        dice.start(st, "chase", MONSTER, c, events)
    elif verb == "attack":
        scene.need_started(st, _("anyone can attack the monster"))
        scene.monster_here(st)
        c = scene.on_screen_character(st, move[1], "attacker")
        emit(st, events, "attack", st.played_by[c], ledger.name_of(st, c))
        catch(st, c, events)
        if st.phase != OVER:
            chair.open_window(st)
    elif verb == "drop":
        el = find(st, move[1], ("subplot",), "subplot")
        if st.active_subplot != el.id:
            raise IllegalMove(_('{name} is not the active subplot').format(name=el.name))
        st.active_subplot = None
        emit(st, events, "drop", seat, el.name)
    elif verb == "ruling":
        st.rulings.append(move[1])
        emit(st, events, "ruling", seat, move[1])
    elif verb == "cut":
        if st.act == CLIMAX:
            raise IllegalMove(_('the climax ends only when the plan beats the monster, or the survivors escape or die'))
        climax.end_scene(st, events)
    elif verb == "plan":
        climax.write_plan(st, seat, move[1], events)
    elif verb == "spring":
        climax.spring(st, events)
    elif verb == "escape":
        if st.act != CLIMAX:
            raise IllegalMove(_('escape is for the climax'))
        if not climax.can_escape(st):
            raise IllegalMove(_('the survivors run only once a plan has failed, or when no plan can be paid for'))
        climax.credits(st, "escape", events)
    elif verb == "move":
        raise IllegalMove(_('a chase moves to an adjacent set between its rolls'))
    else:
        raise IllegalMove(_("'{verb}' is not something the director does in a scene").format(verb=word_for(verb)))


def _refuse_one_player(st: Film, kind: str, a: str, b: str) -> None:
    """H5a: "Каждая проверка или состязание проходит между двумя игроками": a check, contest
    or chase whose two sides one player plays is refused (a set's side is the director's)."""
    seat = dice.one_player(st, a, b)
    if seat is None:
        return
    if st.elements[b].kind == "set":
        text = _("no {kind}: {seat} plays both {a} and the set {b} (a set's side is the director's); "
                 "every check or contest is between two players")
    else:
        text = _("no {kind}: {seat} plays both {a} and {b}; every check or contest is between two players")
    raise IllegalMove(text.format(kind=conflict_name(kind), seat=seat, a=ledger.name_of(st, a),
                                  b=ledger.name_of(st, b)))


def _refuse_no_contest(st: Film, kind: str, a: str, b: str) -> None:
    """A conflict is won by rolling: a side whose player cannot stake a die is no contest."""
    short = dice.short_side(st, kind, a, b)
    if short < 0:
        return
    ref = (a, b)[short]
    seat = dice.side_seat(st, ref)
    text = _("no {kind}: {seat} has {budget} in the budget and needs a die to stake for {name}; a "
             "conflict is won by rolling")
    raise IllegalMove(text.format(kind=conflict_name(kind), seat=seat, budget=st.budgets[seat],
                                  name=ledger.name_of(st, ref)))


def catch(st: Film, card: str, events: list[Event]) -> None:
    """The monster catches a character; in the climax, the last death rolls the credits."""
    scene.caught(st, card, events)
    if st.act == CLIMAX and climax.everyone_dead(st):
        climax.credits(st, "dead", events)


def aftermath(st: Film, events: list[Event]) -> None:
    """What follows a settled conflict: a caught character, the climax's verdict, a beat."""
    kind, a, b, winner = st.settled
    st.settled = ()
    if st.phase == OVER:  # a helper's death ended the climax first
        return
    if kind == "chase" and winner == 0:
        catch(st, b, events)
    if kind == "plan":
        if winner == 1:
            climax.credits(st, "plan", events)
            return
        st.plans_failed += 1
        st.plan = ""
        emit(st, events, "plan_failed", st.plans_failed)
    if st.phase != OVER:
        chair.open_window(st)
