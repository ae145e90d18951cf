"""The element cards: kinds, Screen Time, costs (ruling H2), and the stock phrases bots and
move suggestions write scripts with.

Costs are data here so that the rules, the help text, the rules page and the tests all read
one table.
"""

from __future__ import annotations

from horror.state import MONSTER, Element

CHARACTER_KINDS = ("extra", "supporting", "star")
SCREEN_TIME = {"extra": 1, "supporting": 2, "star": 3}
START_ARMOUR = {"extra": 0, "supporting": 0, "star": 1}
MONSTER_ST = 4
PLAN_ST = 3
SET_MAX_ST = 4  # a set holds at most 5 dice: 1 for the set, 4 raises (ruling H2)

# dice, at a script meeting and during filming (None: not allowed then)
MEETING_COST = {"extra": 0, "supporting": 1, "star": 2, "armour": 1, "set": 1, "raise": 1}
FILMING_COST = {"extra": 1, "set": 2, "raise": 2}

# the element types a trade offer may name
TYPES = {"role": "role", "character": "role", "char": "role", "set": "set", "trope": "trope",
         "subplot": "subplot", "monster": "monster"}


def card_type(el: Element) -> str:
    """The type a trade names: 'role', 'set', 'trope', 'subplot' or 'monster'."""
    if el.kind in CHARACTER_KINDS:
        return "role"
    return el.kind


def is_character(el: Element) -> bool:
    return el.kind in CHARACTER_KINDS


def id_prefix(kind: str) -> str:
    return {"set": "s", "trope": "t", "subplot": "p"}.get(kind, "c")


# -- stock phrases ------------------------------------------------------------------------
MONSTERS = (
    ("The Gill-Man of Black Lagoon", "breathes under water; tears nets", "a diver disturbs the lagoon's eggs"),
    ("The Mummy of Khem-Anat", "strangles; cannot be stopped by bullets", "the curse tablet is read aloud"),
    ("The Thing from the Ice", "thrives in cold; regrows lost parts", "the ice block thaws"),
    ("The Giant Mantis", "flies short distances; snaps steel", "the atomic test in the desert"),
    ("Count Varga", "turns to mist; commands bats", "his coffin is opened after sundown"),
    ("The Blob", "engulfs; squeezes under doors", "a meteor falls near town"),
)
ABILITIES = ("smells fear", "moves without a sound", "climbs sheer walls", "cannot cross running water",
             "hates fire", "mimics voices", "sees in the dark", "is drawn to light")
SETTINGS = ("a lonely lighthouse island", "a New England fishing town", "an Antarctic research station",
            "a shopping mall after closing", "a Bavarian village", "a moon base in 1999")
TITLES = ("Abomination!", "Monstroid", "Castle of the Mad Doctor", "Cave of the Ape-Men",
          "Green Fish and Slime", "Mummy in Space!!", "It Came from the Mall", "Night of the Gill-Men")
FIRST = ("Vera", "Jack", "Dolores", "Hank", "Marge", "Buzz", "Lorna", "Chet", "Ida", "Rex",
         "Peggy", "Walt", "Sue", "Otto", "Nell", "Clint")
LAST = ("Crane", "Malone", "Holt", "Duffy", "Novak", "Price", "Sterling", "Kowalski")
JOBS = ("the sheriff", "the night watchman", "the scientist", "the reporter", "the farmhand",
        "the lifeguard", "the professor", "the radio operator")
SETS = ("the lighthouse stairs", "the diner", "the boathouse", "the lab", "the crypt",
        "the radio shack", "the cornfield", "the gas station", "the motel office", "the cave mouth")
PROPS = ("a crowbar", "a flare gun", "a medieval sword", "a fire axe", "a lantern", "a shotgun")
TROPES = ("the car will not start", "the phone line is dead", "a scream in the night",
          "the dog growls at nothing", "the lights go out", "nobody believes the kid",
          "a cat jumps out of the dark", "the radio crackles with a warning",
          "the mad scientist's speech", "the crashed car explodes")
SUBPLOTS = ("a grudge between father and son", "the landlady evicts the young couple",
            "one scientist wants it alive", "a secret romance", "an unpaid debt", "a rivalry for the sheriff's badge")
PLANS = ("lure it into the power station", "set the boathouse on fire with it inside",
         "freeze it with the lab's liquid nitrogen", "trap it under the collapsing bridge")


def pick(items: tuple, n: int) -> str:
    """A stock phrase chosen by a number (deterministic: suggestions are a function of the state)."""
    return items[n % len(items)]


def character_name(n: int) -> str:
    if n % 3 == 2:
        return pick(JOBS, n // 3).capitalize()
    return f"{pick(FIRST, n * 7 + 3)} {pick(LAST, n * 5 + 1)}"


def premise(seed: int) -> dict[str, str]:
    """A default monster, setting and title, when the options do not give them."""
    name, ability, trigger = pick(MONSTERS, seed)
    return {"monster": name, "ability": ability, "trigger": trigger,
            "setting": pick(SETTINGS, seed // 7), "title": pick(TITLES, seed // 11)}


def is_monster(ref: str) -> bool:
    return ref == MONSTER
