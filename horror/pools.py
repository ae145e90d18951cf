"""The studio's stock: premises and the words a film's suggestions and bots write with, by
kind of film, so that content fits the setting and its era (no exploding cars in a 1957 Welsh
mine) and each film draws different names.

A ``Theme`` is picked from the premise's setting by its keywords (a setting the table wrote
itself falls back to the theme its words come closest to, else the seed's); ``salt`` makes the
choices differ from film to film while staying a pure function of what every seat can see.
All texts here are original.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from horror.elements import ABILITIES


@dataclass(frozen=True)
class Theme:
    name: str
    keywords: tuple[str, ...]
    premises: tuple[tuple[str, str, str, str, str], ...]  # monster, ability, trigger, setting, title
    first: tuple[str, ...]
    last: tuple[str, ...]
    jobs: tuple[str, ...]
    concepts: tuple[str, ...]
    sets: tuple[str, ...]
    props: tuple[str, ...]
    tropes: tuple[str, ...]
    subplots: tuple[str, ...]
    plans: tuple[str, ...]
    narration: tuple[str, ...]  # {set}, {char}, {monster}, {prop} are filled in
    lines: tuple[str, ...]  # dialogue


AMERICAN_FIRST = ("Vera", "Jack", "Dolores", "Hank", "Marge", "Buzz", "Lorna", "Chet", "Ida", "Rex",
                  "Peggy", "Walt", "Sue", "Otto", "Nell", "Clint", "June", "Earl", "Betty", "Floyd",
                  "Irene", "Dutch", "Rosalind", "Gus", "Maxine", "Hollis", "Arlene", "Virgil",
                  "Opal", "Lyle")
AMERICAN_LAST = ("Crane", "Malone", "Holt", "Duffy", "Novak", "Price", "Sterling", "Kowalski",
                 "Beauchamp", "Tolliver", "Garrity", "Haskins", "Lindqvist", "Pruitt", "McCready",
                 "Vance", "Whitlow", "Osgood", "Barlow", "Dempsey", "Fairbanks", "Kessler",
                 "Marchetti", "Quill", "Rourke", "Stoddard", "Thayer", "Underhill", "Wexler", "Yates")
BRITISH_FIRST = ("Gwen", "Emrys", "Rhian", "Dai", "Bronwen", "Idris", "Morwenna", "Huw", "Elsie",
                 "Cyril", "Maud", "Alfie", "Winifred", "Percy", "Enid", "Gareth", "Myfanwy", "Tobias",
                 "Hester", "Lewis", "Agnes", "Owain", "Dilys", "Bertram", "Nesta", "Reginald",
                 "Olwen", "Silas", "Glenys", "Ambrose")
BRITISH_LAST = ("Pritchard", "Morgan", "Prosser", "Llewellyn", "Rees", "Vaughan", "Hopkins",
                "Blackmore", "Treharne", "Pengelly", "Ashdown", "Thistlewood", "Fenwick", "Marsh",
                "Cadogan", "Penrose", "Hartley", "Oddie", "Wraxall", "Gethin", "Bevan", "Tremayne",
                "Colquhoun", "Larkin", "Mowbray", "Quennell", "Sallow", "Tudor", "Wickham", "Yardley")
EUROPEAN_FIRST = ("Anneliese", "Matthias", "Liesl", "Konrad", "Ilona", "Radu", "Katalin", "Florin",
                  "Greta", "Anton", "Mirela", "Tibor", "Hedwig", "Lukas", "Zsófia", "Emil",
                  "Viorica", "Jakob", "Roza", "Dragan", "Elke", "Ferenc", "Marta", "Oskar", "Sanda",
                  "Wendel", "Agata", "Bogdan", "Ottilie", "Stefan")
EUROPEAN_LAST = ("Brandauer", "Hollweg", "Vasilescu", "Kertész", "Dragomir", "Steinhauer",
                 "Lupescu", "Falkenrath", "Moldovan", "Eisler", "Ionescu", "Tannhof", "Halmi",
                 "Rusu", "Weissmann", "Albescu", "Kranz", "Petrovic", "Sommerfeld", "Varga-Lenz",
                 "Becker", "Czernin", "Dobrescu", "Gruber", "Kovács", "Lindner", "Marin", "Novotný",
                 "Popa", "Zeller")
FUTURE_FIRST = ("Kestrel", "Amara", "Juno", "Tamsin", "Orrin", "Yuki", "Soren", "Imani", "Dax",
                "Priya", "Lev", "Ngozi", "Rafe", "Ines", "Cato", "Mei", "Bram", "Zola", "Teodor",
                "Aiko", "Hale", "Noor", "Quinn", "Saoirse", "Tobin", "Vesna", "Wren", "Xander",
                "Yara", "Zeb")
FUTURE_LAST = ("Okafor", "Lindgren", "Takeda", "Moreau", "Haddad", "Kowal", "Ferreira", "Achebe",
               "Sato", "Ivanova", "Mbeki", "Castellano", "Nakamura", "Oyelaran", "Petrov", "Quintero",
               "Rasmussen", "Sandoval", "Thorne", "Umarov", "Valdez", "Whitcombe", "Xu", "Yilmaz",
               "Zamora", "Adebayo", "Brennan", "Chaudhry", "Delacroix", "Espinoza")

COMMON_LINES = ("Did you hear that?", "Nobody leaves this room until we know what it is.",
                "It's only the wind. It has to be the wind.", "Stay close to the light.",
                "Whatever it is, it's learning.", "We should never have come here.",
                "Listen. It's stopped.", "I counted them twice. One of us is missing.",
                "Don't look at it. Whatever you do, don't look at it.", "Run!")

THEMES: tuple[Theme, ...] = (
    Theme(
        "coast", ("lighthouse", "harbour", "harbor", "fishing", "coast", "island", "cove", "sea", "lagoon",
                  "bay", "beach", "pier", "port"),
        (("The Gill-Man of Black Lagoon", "breathes under water; tears nets", "a diver disturbs the lagoon's eggs",
          "a New England fishing town, 1954", "Night of the Gill-Men"),
         ("The Tide Thing", "crawls up from the cove at the spring tide", "the foghorn sounds at low tide",
          "a lonely lighthouse island, 1957", "The Tide Steps"),
         ("The Drowned Choir", "sings sailors into the water", "the wreck's bell is raised",
          "a Welsh harbour village, 1956", "Bells Under the Bay")),
        AMERICAN_FIRST + BRITISH_FIRST[:10], AMERICAN_LAST + BRITISH_LAST[:10],
        ("the lighthouse keeper", "the harbour master", "the trawler captain", "the marine biologist",
         "the lifeboat coxswain", "the cannery girl", "the coastguard", "the net mender"),
        ("drinks, knows the tides", "new in town, asks too many questions", "owes the cannery money",
         "lost a brother to the sea", "keeps a rifle under the counter", "reads the weather in the gulls",
         "swims every morning, whatever the weather", "sketches the wreck from the cliff"),
        ("The lighthouse stairs", "The lamp room", "The cannery floor", "The harbour wall", "The boathouse",
         "The cove at low tide", "The fish market", "The coastguard hut", "The chapel of the drowned",
         "The trawler's hold", "The sea cave", "The keeper's cottage", "The pier at night", "The salt marsh"),
        ("a flare gun", "a boat hook", "a gutting knife", "a storm lantern", "a coil of rope", "a harpoon",
         "a brass telescope", "a foghorn lever", "a tide table", "a diving helmet", "a ship's bell",
         "a tin of kerosene"),
        ("the foghorn sounds at low tide", "a net comes up torn and empty", "the lamp goes dark",
         "webbed prints on the harbour wall", "the radio crackles with a storm warning",
         "a drowned man's boots on the doorstep", "the gulls fall silent", "the tide comes in too fast",
         "something knocks under the boathouse floor", "the old sailor's warning in the pub",
         "a body washed up with no eyes", "the boats are cut loose in the night",
         "a child swears she saw a man in the water", "the lifeboat bell rings by itself"),
        ("the keeper wants to sell the lighthouse", "two brothers want the same boat",
         "the biologist wants it alive", "a secret engagement before the season ends",
         "the cannery will close if the catch fails", "a widow won't leave the shore"),
        ("lure it into the lamp room and turn the great lamp on it",
         "drag it up the beach with the winch and let the sun do the rest",
         "blow the sea cave with the quarry's dynamite", "drown the cove in burning kerosene"),
        ("Fog rolls off the water and over {set}.", "Waves slap against the stones of {set}; {char} stops to listen.",
         "Something wet drags itself across {set}.", "{char} lifts {prop} and waits.",
         "The foghorn moans. Out past the rocks, {monster} answers.",
         "Salt crusts the windows of {set}; a shape moves behind them.",
         "The lantern gutters. {char} counts the seconds between the waves.",
         "A trail of seaweed leads into {set}.", "The tide has turned, and {set} is an island now.",
         "{char} finds scales in the sand, each the size of a hand."),
        ("The tide doesn't come in that fast. Not on its own.", "My father saw one of those. Nobody believed him either.",
         "Get the boat ready. We're not waiting for morning.", "Nobody goes down to the cove after dark.",
         "It came up the steps. Wet footprints, all the way up."),
    ),
    Theme(
        "ice", ("antarctic", "arctic", "ice", "polar", "station", "glacier", "snow", "svalbard", "tundra"),
        (("The Thing from the Ice", "thrives in cold; regrows lost parts", "the ice block thaws",
          "an Antarctic research station, 1958", "Abomination!"),
         ("The Pale Visitor", "wears the faces of the frozen", "the buried hut is dug out",
          "a whaling camp on Svalbard, 1949", "Monstroid"),
         ("The Long Night Walker", "walks in the whiteout; cannot abide heat", "the sun sets for the winter",
          "a radar outpost in the Yukon, 1955", "Whiteout of the Damned")),
        AMERICAN_FIRST[:15] + EUROPEAN_FIRST[:10] + BRITISH_FIRST[10:20], AMERICAN_LAST[:15] + EUROPEAN_LAST[:15],
        ("the expedition leader", "the radio operator", "the glaciologist", "the camp cook", "the pilot",
         "the doctor", "the dog handler", "the meteorologist"),
        ("hasn't slept since the sun went down", "wants to fly out before the storm", "keeps a diary nobody may read",
         "trusts the dogs more than the men", "was the last to see the thing thaw", "rations the whisky",
         "has frostbite and hides it", "came for the science, stays for the pay"),
        ("The radio shack", "The mess hall", "The ice cave", "The generator room", "The dog kennels",
         "The airstrip", "The specimen lab", "The frozen lake", "The bunk room", "The weather mast",
         "The supply depot", "The crevasse field"),
        ("a flare pistol", "an ice axe", "a blowtorch", "a thermos of coffee", "a sled", "a Geiger counter",
         "a fire extinguisher", "a box of thermite", "a snow probe", "a hand-cranked radio",
         "a scalpel", "a pair of snow goggles"),
        ("the ice block thaws", "the dogs howl at an empty corridor", "the radio picks up a voice from the ice",
         "the generator dies at midnight", "a whiteout swallows the airstrip", "the specimen is gone",
         "footprints lead out into the snow and stop", "the thermometer drops off the scale",
         "someone has smashed the radio", "a frozen man blinks", "the lights flicker in morse",
         "the plane cannot land"),
        ("the leader wants the specimen flown home whole", "two men love the same woman at base",
         "the pilot owes the cook a fortune at cards", "the doctor suspects sabotage"),
        ("lure it onto the frozen lake and break the ice", "burn it in the generator room with the fuel drums",
         "lock it in the cold store and let the sun come back", "blow the crevasse bridge under it"),
        ("Wind screams against the walls of {set}.", "Frost creeps across the floor of {set} as {char} watches.",
         "{char}'s breath hangs in the air. Something else is breathing too.",
         "The bulbs in {set} dim, then die.", "{char} holds {prop} like it could matter.",
         "Snow blows in through a door nobody opened.", "Ice cracks somewhere under {set}.",
         "Out in the white, {monster} waits for the lights to fail.",
         "A long scrape along the outer wall of {set}.", "{char} finds the dogs' chains, snapped."),
        ("It was frozen for a thousand years. It's in no hurry.", "Nobody goes outside alone. Nobody.",
         "The radio's dead. We're on our own until spring.", "That's not Jensen. Jensen's been dead an hour.",
         "Keep the heat up. It hates the heat."),
    ),
    Theme(
        "desert", ("desert", "egypt", "test range", "mexico", "nevada", "dig", "tomb", "pyramid", "dune",
                   "canyon", "mesa", "atomic"),
        (("The Giant Mantis", "flies short distances; snaps steel", "the atomic test in the desert",
          "a New Mexico test range, 1953", "Them From the Mesa"),
         ("The Mummy of Khem-Anat", "strangles; cannot be stopped by bullets", "the curse tablet is read aloud",
          "an Egyptian dig, 1932", "The Mummy's Bride"),
         ("The Sand Crawlers", "burrow under the dunes; come by the hundred", "the water tower is drained",
          "a Nevada mining town, 1956", "It Came From the Dunes")),
        AMERICAN_FIRST + BRITISH_FIRST[:10], AMERICAN_LAST + BRITISH_LAST[10:20],
        ("the army colonel", "the professor", "the guide", "the photographer", "the sheriff",
         "the gas station owner", "the nurse", "the foreman"),
        ("doesn't believe a word of it", "came for the gold in the tomb", "was at the test, and has the burns",
         "speaks the old language", "sleeps with a pistol", "wants to go home to Chicago",
         "keeps the army's secrets", "has seen this before, in '44"),
        ("The tomb entrance", "The burial chamber", "The gas station", "The army bunker", "The dry riverbed",
         "The excavation pit", "The diner on Route 66", "The water tower", "The canyon road",
         "The motel office", "The observation post", "The abandoned mine"),
        ("a jerrycan of gasoline", "a carbine", "a Geiger counter", "a jeep's searchlight", "a pickaxe",
         "a canteen", "a coil of fuse wire", "a crate of dynamite", "an oil lamp", "a bundle of flares",
         "a brass key", "a field radio"),
        ("the atomic test in the desert", "the curse tablet is read aloud", "the Geiger counter starts clicking",
         "a car found empty on the canyon road", "the sand moves against the wind", "the well is full of husks",
         "the guide refuses to go further", "the army seals the road", "a scream from the bottom of the pit",
         "the sandstorm hits", "a giant footprint in the riverbed", "the jars in the tomb are empty"),
        ("the colonel wants it for the army", "the professor's daughter is engaged to the guide",
         "the foreman is hiding what the miners found", "the photographer wants the scoop of the century"),
        ("lure it into the test range before the next blast", "seal it in the tomb with the dynamite",
         "burn it in the riverbed with the gasoline tanker", "drop the water tower on it"),
        ("Heat shimmers over {set}.", "Sand hisses across {set}; {char} shades their eyes.",
         "Something clicks in the dark, like a thousand mandibles.", "{char} checks {prop} twice.",
         "The sun goes down fast in the desert, and {set} goes cold.", "A dry rustle behind {char}.",
         "The lamp throws {char}'s shadow huge on the wall of {set}.",
         "Far off, {monster} crosses the ridge.", "Dust settles in {set}. Something has passed through.",
         "The radio in {set} plays static and a voice counting down."),
        ("That was no coyote.", "The army says it's a weather balloon. Weather balloons don't eat cattle.",
         "Don't read it aloud. Whatever it says, don't read it aloud.", "Gas up the jeep. We leave at dawn.",
         "It's under the sand. It's right under us."),
    ),
    Theme(
        "gothic", ("bavaria", "castle", "village", "carpath", "transylvan", "abbey", "manor", "moor",
                   "crypt", "1890", "18"),
        (("Count Varga", "turns to mist; commands bats", "his coffin is opened after sundown",
          "a Bavarian village, 1890", "Castle of the Mad Doctor"),
         ("The Wolf of Kessel Wood", "hunts by the full moon; silver burns it", "the full moon rises",
          "a Carpathian mountain village, 1888", "Curse of the Wolf"),
         ("The Doctor's Creature", "strong as ten men; fears fire", "the lightning strikes the tower",
          "a castle above the Rhine, 1893", "The Creature's Bride")),
        EUROPEAN_FIRST + BRITISH_FIRST[20:], EUROPEAN_LAST + BRITISH_LAST[20:],
        ("the burgomaster", "the innkeeper", "the village priest", "the doctor's assistant", "the gravedigger",
         "the huntsman", "the countess", "the schoolmaster"),
        ("fears the castle, and worse, the doctor", "carries garlic and won't say why",
         "lost a daughter to the woods", "the only one who can read Latin", "sells the castle its supplies",
         "was promised to a man who vanished", "has silver bullets, and only two", "sleeps in the day"),
        ("The crypt", "The great hall", "The village inn", "The bell tower", "The laboratory", "The graveyard",
         "The forest road", "The chapel", "The castle kitchen", "The mill", "The drawbridge",
         "The doctor's study"),
        ("a silver crucifix", "a wooden stake", "a torch", "a hunting rifle", "a string of garlic",
         "a holy water flask", "a rusted key", "a candelabra", "a pitchfork", "a book of rites",
         "a lantern", "a mallet"),
        ("his coffin is opened after sundown", "the full moon rises", "the lightning strikes the tower",
         "the wolves howl at the edge of the village", "a grave is found open", "the church bell tolls at midnight",
         "the mirror shows no reflection", "the villagers light their torches", "a carriage arrives with no driver",
         "the doctor's speech: they called me mad", "the bride wakes", "bats pour out of the tower"),
        ("the burgomaster's son courts the innkeeper's daughter", "the priest has lost his faith",
         "the assistant wants the doctor's notes", "the huntsman owes the countess his life"),
        ("drive it into the chapel at dawn", "trap it in the mill and set the mill alight",
         "lure it onto the drawbridge and drop it into the gorge", "drive the stake home while it sleeps"),
        ("Candles gutter in {set}.", "Thunder rolls over {set}; {char} crosses themself.",
         "Something flaps past the window of {set}.", "{char} grips {prop} and steps into the dark.",
         "The old stones of {set} are cold and wet.", "A wolf howls, and another answers, closer.",
         "Mist crawls under the door of {set}.", "{monster} watches from the tower.",
         "The clock in {set} stops at midnight.", "{char} finds fresh earth on the stairs."),
        ("We do not go to the castle. Not after dark. Not ever.", "They called me mad. I will show them all.",
         "Bar the door. Bar all the doors.", "The blood... it's fresh.", "Light the torches!"),
    ),
    Theme(
        "town", ("town", "mall", "suburb", "midwest", "main street", "school", "drive-in", "diner", "county",
                 "valley", "farm"),
        (("The Blob", "engulfs; squeezes under doors", "a meteor falls near town",
          "a Midwest town, 1958", "It Came from the Sky"),
         ("The Mall Crawler", "hides in the ventilation; hates bright light", "the storm cuts the power",
          "a shopping mall after closing, 1985", "It Came from the Mall"),
         ("The Thing in the Corn", "moves through the rows unseen", "the scarecrow is taken down",
          "a Kansas farm town, 1955", "Harvest of Fear")),
        AMERICAN_FIRST, AMERICAN_LAST,
        ("the sheriff", "the science teacher", "the soda jerk", "the night watchman", "the farmhand",
         "the reporter", "the mayor", "the doctor"),
        ("nobody believes the kid", "just got out of the army", "wants to leave this town for good",
         "is running for mayor", "knows every back road", "steals the sheriff's car on Saturdays",
         "has a secret in the cellar", "is too old for this"),
        ("The diner", "The drive-in", "The high school gym", "The sheriff's office", "The cornfield",
         "The gas station", "The movie theatre", "The food court", "The parking lot", "The barn",
         "The water tower", "The hardware store"),
        ("a shotgun", "a fire extinguisher", "a crowbar", "a flashlight", "a baseball bat", "a can of gasoline",
         "a pitchfork", "a tow chain", "a road flare", "a CO2 canister", "a car battery", "a megaphone"),
        ("a meteor falls near town", "the phone line is dead", "the car will not start", "nobody believes the kid",
         "the dog growls at nothing", "the lights go out", "a scream from the drive-in",
         "the sheriff finds an empty car", "the storm cuts the power", "the radio plays only static",
         "the cornfield goes quiet", "a cat jumps out of the dark"),
        ("the mayor wants it hushed up for the fair", "two boys fight over the same girl",
         "the sheriff and the teacher used to be married", "the reporter needs a story to keep the job"),
        ("lure it into the ice house and freeze it", "pour the gasoline truck's load on it and light it",
         "trap it in the walk-in freezer", "drop the water tower on it"),
        ("The neon sign of {set} buzzes and flickers.", "{char} checks the lock on {set} twice.",
         "A slow wet sound comes from behind the counter.", "{char} hefts {prop}.",
         "Crickets stop. The whole of {set} holds its breath.", "Headlights sweep across {set}, and something ducks.",
         "{monster} slides under the door of {set}.", "The jukebox starts playing by itself.",
         "Somebody left the radio on in {set}.", "{char} sees a shape in the corn, keeping pace."),
        ("Nobody believes us. So it's up to us.", "Call the sheriff. Call anybody!",
         "It ate the whole car. The whole car!", "Stay in the light.", "This town's been asleep too long."),
    ),
    Theme(
        "space", ("moon", "mars", "space", "orbit", "colony", "ship", "station 7", "2", "base in 19",
                  "asteroid", "planet"),
        (("The Parasite", "hides inside a host; splits in two", "the sample case is opened",
          "a moon base in 1999", "Mummy in Space!!"),
         ("The Red Dust Thing", "breathes no air; sees heat", "the drill breaks into the cavern",
          "a mining colony on Mars, 2031", "Green Fish and Slime"),
         ("The Stowaway", "crawls through the ducts; bleeds acid", "the derelict's hatch is cut open",
          "a freighter beyond Jupiter, 2090", "Monstroid")),
        FUTURE_FIRST, FUTURE_LAST,
        ("the commander", "the flight engineer", "the science officer", "the medic", "the company rep",
         "the drill chief", "the pilot", "the comms officer"),
        ("follows the company's orders, not the captain's", "counts the air in hours", "wants the bonus",
         "hears voices in the static", "was never meant to come on this run", "built half the ship",
         "keeps the only sidearm", "has a family back on Earth"),
        ("The airlock", "The command deck", "The cargo bay", "The medical bay", "The reactor room",
         "The hydroponics garden", "The crew quarters", "The drill shaft", "The observation dome",
         "The escape pod bay", "The maintenance ducts", "The lunar surface"),
        ("a plasma cutter", "a flare", "an oxygen tank", "a motion tracker", "a welding torch", "a stun rod",
         "a spare helmet", "a fire extinguisher", "a flight manual", "a sample case", "a magnetic boot",
         "a self-destruct key"),
        ("the sample case is opened", "the motion tracker pings", "life support fails on deck two",
         "a crewman's suit comes back empty", "the ducts rattle", "the company sends new orders",
         "the reactor alarm sounds", "the escape pod is gone", "the dome cracks", "the commander is found dead",
         "the signal from the derelict repeats", "the lights go to red"),
        ("the company rep wants it brought home", "the pilot and the medic plan to desert",
         "the engineer suspects the commander", "the science officer wants the sample alive"),
        ("blow it out of the airlock", "lure it into the reactor and vent the core",
         "seal it in the cargo bay and cut the air", "leave it on the base and blow the base"),
        ("Alarms pulse red across {set}.", "The hum of the air scrubbers stops. {char} looks up.",
         "Something moves in the ducts above {set}.", "{char} primes {prop}.",
         "Frost forms on the viewport of {set}; nothing outside but stars.", "A clang, deep in the hull.",
         "The motion tracker ticks faster. {char} backs away.", "{monster} drops from the ceiling of {set}.",
         "Emergency lights only in {set}.", "{char} reads the oxygen gauge and does the sums."),
        ("We're four hundred thousand miles from help.", "Seal the doors. All of them.",
         "The company knew. They knew the whole time.", "It's in the vents.", "Vent the air. Do it!"),
    ),
    Theme(
        "mine", ("mine", "colliery", "pit", "quarry", "cavern", "tunnel", "welsh", "cornish", "valley"),
        (("The Thing Below", "shuns the light; climbs the shafts", "the old seam is broken into",
          "a Welsh coal mine, 1957", "Cave of the Ape-Men"),
         ("The Knocker", "knocks on the tunnel walls; mimics voices", "the knocking starts",
          "a Cornish tin mine, 1908", "Knock Three Times"),
         ("The Pale Miners", "come up out of the flooded levels", "the pumps fail",
          "a Pennsylvania coal town, 1951", "Abomination!")),
        BRITISH_FIRST + AMERICAN_FIRST[:5], BRITISH_LAST,
        ("the pit deputy", "the colliery manager", "the lamp man", "the union man", "the chapel minister",
         "the pit pony boy", "the shot-firer", "the nurse from the valley"),
        ("forty years underground, and scared for the first time", "wants the pit closed",
         "has a chest like a bellows", "sings in the chapel choir", "sees in the dark, nearly",
         "lost his father in the '34 fall", "fights the manager at every meeting", "keeps a canary"),
        ("The pithead", "The cage shaft", "The old seam", "The lamp room", "The chapel", "The miners' welfare hall",
         "The flooded level", "The pony stables", "The manager's office", "The slag heap", "The ventilation fan house",
         "The terraced street"),
        ("a safety lamp", "a pick", "a canary in a cage", "a coil of fuse", "a box of detonators", "a shovel",
         "a pit prop", "a whistle", "a tin of snuff", "a self-rescuer", "a brass tally", "a hymn book"),
        ("the old seam is broken into", "the canary stops singing", "the lamps burn blue", "the knocking starts",
         "the cage comes up empty", "the pumps fail", "the ponies will not go down", "a voice calls from the old seam",
         "the fan stops", "a roof fall cuts the road", "the chapel bell rings at the wrong hour",
         "the manager orders the shift down anyway"),
        ("the manager wants the seam worked whatever it costs", "the minister's daughter walks out with the union man",
         "the deputy hides what he saw in '34", "two brothers on the same shift, not speaking"),
        ("fire the old seam with the shot-firer's charges", "lure it to the cage and drop it down the shaft",
         "flood the level over it", "bring the roof down on it with the props pulled"),
        ("Coal dust hangs in the lamp light of {set}.", "Water drips somewhere in {set}; {char} counts the drops.",
         "Three knocks on the rock. Then three more, closer.", "{char} turns up {prop}.",
         "The air in {set} tastes of gas.", "Timber groans overhead.", "{monster} knocks back.",
         "The lamp flame bends toward the dark of {set}, as if something breathes there.",
         "{char} hears their own name called from the old seam.", "Black water rises in {set}."),
        ("That's not a tommy-knocker. Tommy-knockers is a story.", "Get the men up. Get them all up!",
         "My da said never break into the old seam.", "Lamps out. It follows the light.",
         "There's no one down there. There can't be."),
    ),
)


@dataclass(frozen=True)
class Words:
    """A language's stock besides its themes: lines any film may use, the monster's line at a
    beat, the mark of a retaken phrase (``{n}``: the take), and the abilities a bot suggests
    for the monster of the premise."""

    common_lines: tuple[str, ...]
    monster_sound: str
    retake: str
    abilities: tuple[str, ...]


WORDS = Words(COMMON_LINES, "(a sound no animal makes)", " (take {n})", ABILITIES)
# the groups a translated theme gives text for text (``translated``); names are mapped apart
TEXT_GROUPS = ("jobs", "concepts", "sets", "props", "tropes", "subplots", "plans", "narration", "lines")


def translated(base: Theme, keywords: tuple[str, ...], names: Mapping[str, str] | None,
               **groups: tuple[str, ...]) -> Theme:
    """``base`` in another language (``horror/pools_it.py``, ``pools_ru.py``), text for text:
    each group as long as the English one, so that the same picks make the same film in every
    language. ``names`` maps each English first and last name (None keeps them: an Italian
    film set in Wales keeps its Welsh names). The premises stay English: they are the film's
    state, which a record replays in every language. ``keywords`` find the theme of a setting
    written in that language."""
    if set(groups) != set(TEXT_GROUPS):
        raise ValueError(f"{base.name}: the groups are {', '.join(TEXT_GROUPS)}")
    for group, texts in groups.items():
        if len(texts) != len(getattr(base, group)):
            raise ValueError(f"{base.name}.{group}: {len(texts)} texts for {len(getattr(base, group))}")
    first, last = base.first, base.last
    if names is not None:
        first, last = tuple(names[n] for n in first), tuple(names[n] for n in last)
    fields: dict[str, Any] = dict(groups)  # each group is a field of the Theme
    return replace(base, keywords=keywords, first=first, last=last, **fields)


def salt(*parts: str) -> int:
    """A film's own number, from what every seat can see: choices differ from film to film."""
    return zlib.crc32("\x1f".join(parts).encode("utf-8"))


@lru_cache(maxsize=256)  # a search lists meeting moves thousands of times a decision
def theme_for(setting: str, fallback: int = 0) -> Theme:
    """The theme whose keywords the setting names most; else the ``fallback``'th."""
    low = setting.lower()
    scores = [(sum(k in low for k in t.keywords), -i) for i, t in enumerate(THEMES)]
    best = max(scores)
    return THEMES[-best[1]] if best[0] else THEMES[fallback % len(THEMES)]


def premise(seed: int) -> dict[str, str]:
    """The studio's premise for a seed: a monster, a setting and a title that fit together."""
    theme = THEMES[seed % len(THEMES)]
    monster, ability, trigger, setting, title = theme.premises[(seed // len(THEMES)) % len(theme.premises)]
    return {"monster": monster, "ability": ability, "trigger": trigger, "setting": setting, "title": title}


def character_name(theme: Theme, n: int, film: int) -> str:
    """The n-th character name a film suggests: mostly first and last names, sometimes a job."""
    k = n + film
    if n % 4 == 3:
        return theme.jobs[k % len(theme.jobs)].capitalize()
    first = theme.first[(k * 11 + film // 7) % len(theme.first)]  # 11 and 13: coprime to the
    last = theme.last[(k * 13 + film // 3) % len(theme.last)]  # lists' lengths, so all names turn up
    return f"{first} {last}"


def count() -> int:
    """How many distinct texts the stock holds (the rules page quotes it)."""
    texts: set[str] = set()
    for t in THEMES:
        for group in (t.first, t.last, t.jobs, t.concepts, t.sets, t.props, t.tropes, t.subplots, t.plans,
                      t.narration, t.lines):
            texts.update(group)
        for p in t.premises:
            texts.update(p)
    texts.update(COMMON_LINES)
    return len(texts)
