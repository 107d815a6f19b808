"""The closed vocabulary of card text: skills, classifications, icons, verbs and game words.

The lexer (:mod:`judge.cardtext.lexer`) classifies every word with these tables; the grammar in
``grammar/*.lark`` only sees the resulting token types. Skills and classifications come from the
rulebooks' skill lists (1E Glossary "skills", 2E Glossary "skill") and the card data; game nouns
and adjectives are the words the rulebooks use for cards, places and game states.
"""

from __future__ import annotations

# --- skills and classifications ------------------------------------------------------------------

# 1E classifications are printed in capitals; 2E prints the same words as ordinary skills.
CLASSIFICATIONS = (
    "OFFICER", "ENGINEER", "SCIENCE", "MEDICAL", "SECURITY", "CIVILIAN", "V.I.P.", "ANIMAL",
)

# One skill per entry, multi-word skills included ("Computer Skill" is one skill, not two words).
SKILLS = (
    "Acquisition", "Anthropology", "Archaeology", "Astrometrics", "Astrophysics", "Barbering",
    "Biology", "Computer Skill", "Cybernetics", "Diplomacy", "Empathy", "Engineer", "Exobiology",
    "Geology", "Greed", "Honor", "Intelligence", "Klingon Intelligence", "Law", "Leadership",
    "Medical", "Mindmeld", "Music", "Navigation", "Obsidian Order", "Officer", "Orb Experience",
    "Orion Syndicate", "Physics", "Programming", "Resistance", "Science", "Section 31", "Security",
    "Smuggling",
    "Stellar Cartography", "Tal Shiar", "Telepathy", "Transporter", "Transporter Skill",
    "Treachery", "V'Shar", "Youth", "Miracle Worker", "Cantankerousness", "FCA", "Guramba",
)

# Attributes of personnel and ships (1E prints them in capitals, 2E in title case).
ATTRIBUTES = {
    "integrity": "integrity", "cunning": "cunning", "strength": "strength", "range": "range",
    "weapons": "weapons", "shields": "shields", "attributes": "attributes", "attribute": "attributes",
    "span": "span",  # a location's: "Span -2 for all Son'a ships", "mission is span +3"
}

# Special equipment and rules keywords that carry rules meaning when printed on their own.
KEYWORDS = (
    "Tractor Beam", "Cloaking Device", "Holodeck", "Invasive Transporters", "Holographic Skin",
    "Phasing Cloak", "Ablative Armor", "Regenerative Shields", "Quantum Slipstream Drive",
    "Multiphasic Shields", "Transwarp Drive", "Particle Beam", "Brig",
    "Energy Dampener", "Particle Scattering Device", "Solar Sail", "Long-Range Scan Shielding",
)

# --- icons -----------------------------------------------------------------------------------------

# The icon table: token as written in card data and rulebook extractions → meaning.
# Matching ignores case ("[FED]" and "[Fed]" are the same icon); an unknown bracketed
# abbreviation of up to 12 characters is still an icon token and keeps its text.
ICONS = {
    # affiliations
    "fed": "Federation", "kli": "Klingon", "rom": "Romulan", "car": "Cardassian", "baj": "Bajoran",
    "fer": "Ferengi", "dom": "Dominion", "bor": "Borg", "na": "Non-Aligned", "non": "Non-Aligned",
    "sta": "Starfleet", "kaz": "Kazon", "hir": "Hirogen", "vid": "Vidiian", "vul": "Vulcan",
    "neu": "Neutral", "maq": "Maquis", "hol": "Hologram affiliation",
    # staffing and personnel icons
    "cmd": "Command", "stf": "Staff", "holo": "Hologram",
    "kw": "KW icon (meaning not stated in the bundled rulebooks)",
    "gq": "Gamma Quadrant", "dq": "Delta Quadrant", "aq": "Alpha Quadrant", "mq": "Mirror Quadrant",
    "def": "Borg Defense subcommand", "com": "Borg Communications subcommand",
    "nav": "Borg Navigation subcommand",
    "sch": "Sch icon (meaning not stated in the bundled rulebooks)",
    "fajo": "Fajo Collection", "ha": "Hidden Agenda",
    # series and timeline icons
    "ds9": "Deep Space Nine", "tng": "The Next Generation", "tos": "The Original Series",
    "voy": "Voyager", "ent": "Enterprise", "au": "Alternate Universe", "22": "22nd century",
    "univ": "Universal", "q": "Q-related", "bo": "Borg-use-only", "wmh": "Wormhole",
    "cf": "Cold Front", "orb": "Orb", "emh": "Emergency Medical Hologram",
    # mission and card-type icons
    "s": "Space", "p": "Planet", "s/p": "Space/Planet", "equipment": "Equipment card",
    "interrupt": "Interrupt card", "doorway": "Doorway card", "objective": "Objective card",
    "event": "Event card", "dilemma": "Dilemma card", "*": "Star (unique persona)",
    # damage markers on tactics
    "flip": "Flip (damage marker)", "down": "Shields down (damage marker)",
}
LOST_ICON = "?"  # the double space where the rulebook extraction lost an icon

# --- verbs -----------------------------------------------------------------------------------------

# Effect verbs: lemma → the vocabulary verb of effects.md. Every other verb in VERBS maps to itself.
EFFECT_VERBS = {
    "remove": "remove_from_game", "initiate": "begin_battle", "assimilate": "capture",
    "die": "kill",  # "that personnel dies": is killed (the rules' word; the one who dies is its object)
}

# Lemmas of the verbs card text uses, with irregular forms; regular forms are derived.
VERBS = (
    "breed", "qualify", "build", "finish", "exclude", "determine", "attend", "make", "say", "request", "call",
    "pool", "come", "suck", "triple", "execute", "chase", "exhaust", "mark",
    "ask", "reply", "compliment", "succeed",
    "fight", "staff", "work", "walk", "hurl", "redefine", "share", "bite", "resume", "reappear",
    "self-destruct", "distract", "disable", "renew", "burn", "know", "stalk", "confront", "evade",
    "reverse", "specify", "erase", "float", "alternate", "limit", "worth", "file", "vary", "guess",
    "undo", "beg", "disrupt", "duplicate", "explode", "lower", "raise", "participate",
    "add", "affect", "allow", "appear", "assimilate",
    "attack", "attempt", "avoid", "battle", "beam",
    "become", "begin", "bring", "cancel", "capture", "carry", "change", "choose", "close", "command",
    "commandeer", "complete", "consider", "control", "cooperate", "count", "cure", "damage",
    "deactivate", "defend", "destroy", "die", "discard", "dock", "double", "download", "drain",
    "draw", "enhance", "enter", "examine", "exchange", "expire", "expose", "extend", "face", "fail",
    "fire", "flip", "gain", "get", "give", "help", "hold", "ignore", "impersonate", "incur",
    "infiltrate", "initiate", "involve", "kill", "land", "launch", "load", "look", "lose", "match",
    "meet", "mix", "modify", "morph", "move", "name", "need", "nullify", "open", "operate", "pass",
    "place", "play", "prevent", "probe", "protect", "quarantine", "recognize", "regenerate",
    "release", "relocate", "remain", "remove", "repair", "replace", "replenish", "report",
    "require", "rescue", "resign", "retrieve", "return", "reveal", "sacrifice", "scan", "score",
    "scout", "search", "seed", "select", "shuffle", "solve", "stop", "stun", "substitute",
    "subtract", "survive", "suspend", "take", "target", "tow", "treat", "unstop", "use", "win",
    "wound", "re-attempt", "re-boot", "suffer", "count down", "time travel", "steal", "retreat", "dilute",
    "create", "do", "cause", "protect", "reduce", "increase", "ignore", "prevent",
    # Everyday verbs of game text beyond the effect verbs above (travel, concealment, exchange,
    # refusal): card sets keep using new ones, and a sentence is lost for want of its verb.
    "accept", "announce", "apply", "arrange", "attach", "board", "break", "cloak", "contain",
    "convert", "decline", "declare", "decloak", "delay", "detect", "disappear", "disembark",
    "embark", "escape", "evolve", "de-evolve", "exit", "fly", "forfeit", "go", "heal", "hide",
    "identify", "infect", "join", "keep", "leave", "miss", "pay", "pick", "pilot", "put",
    "rearrange", "recover", "refuse", "reset", "respond", "restore", "rotate", "see", "send", "set",
    "shoot", "show", "skip", "spend", "stay", "study", "switch", "trade", "transfer", "transport",
    "undock", "wipe", "force", "travel", "warp", "wait", "repeat", "split", "resolve", "redirect",
    "pre-announce", "stock", "argue", "belong", "comply", "recloak", "rephase", "proceed", "reach",
    "include", "warn", "guide", "locate", "exploit", "agree", "re-shuffle",
    "run", "glance", "assign", "receive", "deliver", "visit", "follow", "unload", "collect",
    "peek", "volunteer", "acquire", "abduct", "continue", "coexist", "counter-attack",
    "benefit", "contribute", "exist", "pair", "separate", "reprogram", "earn", "engage", "disengage",
    "regain", "override",
    "serve", "occur", "abort", "function", "happen", "insert", "store", "re-seed", "re-select",
    "re-attack", "pre-arrange", "encounter", "abandon", "overcome", "phase", "dephase", "reshuffle", "save",
    "arrive", "take off",  # (a ship's, from a planet: one verb, as "land" is)
    "get past",  # a dilemma's: "Cannot get past unless …" (not "get" and a thing called "past")
)
IRREGULAR = {
    "begin": ("began", "begun"), "bring": ("brought",), "choose": ("chose", "chosen"),
    "draw": ("drew", "drawn"), "get": ("got",), "give": ("gave", "given"), "hold": ("held",),
    "lose": ("lost",), "meet": ("met",), "take": ("took", "taken"), "win": ("won",),
    "die": ("died",), "cancel": ("cancelled", "canceled"), "do": ("did", "done"),
    "steal": ("stole", "stolen"),
    "go": ("went", "gone"), "see": ("saw", "seen"), "keep": ("kept",), "send": ("sent",),
    "pay": ("paid",), "spend": ("spent",), "shoot": ("shot",), "hide": ("hid", "hidden"),
    "transfer": ("transferred",), "control": ("controlled",),
    "fly": ("flew", "flown"), "break": ("broke", "broken"), "show": ("showed", "shown"),
    "build": ("built",), "make": ("made",), "come": ("came",), "become": ("became",),
    "fight": ("fought",), "know": ("knew", "known"), "run": ("ran",),
}
BE = ("is", "are", "be", "been", "being", "was", "were")
HAVE = ("has", "have", "had", "having")
MODALS = ("may", "must", "can", "cannot", "can't", "will", "should", "might", "could", "would",
          # negated auxiliaries, one word as printed ("who doesn't control station"): negated by
          # their "n't", as "can't" is
          "don't", "doesn't", "didn't", "won't", "wouldn't", "couldn't", "shouldn't",
          # the verb about to happen (a response's trigger): "is about to be killed"
          "is about to", "are about to", "about to")

# --- function words ---------------------------------------------------------------------------------

DETERMINERS = (
    "a", "an", "the", "any", "all", "each", "every", "no", "some", "this", "that", "these",
    "those", "another", "other", "both", "either", "such", "most", "only", "half", "entire",
    "up to", "at least", "exactly", "more", "fewer", "less", "first", "last", "same",
    "additional", "extra", "neither",
)
NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "x": "X", "once": 1, "twice": 2,
}
OWNERS = {
    "your": "your", "opponent's": "opponent", "opponents'": "opponent", "opposing": "opponent",
    "their": "their", "its": "its", "his": "his", "her": "her", "owner's": "owner",
    "player's": "player", "own": "own", "my": "my",
    "his or her": "his or her",  # "on the bottom of his or her owner's deck": one owner, not two places
}
PRONOUNS = (
    "you", "it", "they", "he", "she", "them", "him", "who", "which", "whose", "whom", "itself",
    "themselves", "himself", "herself", "one", "you've", "anyone", "what", "everything", "that",
    "him or her", "he or she",  # one person: "he or she and a second personnel are stopped"
    "each other", "one another",
)
PREPOSITIONS = (
    "on", "at", "in", "from", "with", "without", "of", "by", "for", "into", "onto", "against",
    "beneath", "atop", "between", "under", "over", "through", "during", "about", "vs.", "than",
    "as", "like", "per", "within", "across", "toward", "towards", "among", "instead of",
    "in place of", "out of", "off", "back", "via", "near", "behind", "beside", "inside", "outside", "aboard",
    "involving", "including", "except", "except for", "regardless of", "up", "along with", "upon",
    "equal to",  # "… a number of cards … equal to the number of your Changelings present"
    "to and from",  # "may beam to and from that ship": both ways, one place
)
SUBORDINATORS = (
    "where", "wherever", "until", "unless", "if", "when", "whenever", "while", "after", "before",
    "otherwise", "because", "since", "so", "as if", "even if", "once", "just as",
    "as long as", "whether or not", "whether", "rather than",
)
CONJUNCTIONS = ("and", "or", "and/or", "but", "nor", "OR", "AND")
ADVERBS = (
    "just", "immediately", "also", "instead", "again", "now", "directly", "randomly", "even",
    "together", "already", "still", "not", "never", "mortally", "fully", "then", "each", "rather",
    "twice", "only", "possible", "apart", "away", "down", "over", "later", "simultaneously",
    "currently", "normally", "temporarily", "permanently", "automatically", "once", "there",
    "for free", "face up", "face down", "at random", "at will", "sooner", "earlier", "etc", "and so on",
    "vice versa",  # "may not move to here from an adjacent site, or vice versa": how, not a thing
    "crosswise", "as follows",  # "Plays crosswise face up …", "use as follows: …": how
    "ever",  # "If that personnel is ever stopped by a dilemma, …"
    "yet",  # "If mission not done yet", "you have not yet attempted another mission": when, not a thing
)
# Verbs whose base form is another word's ("last" the adjective, "end" the noun): only the
# unmistakable form is a verb: "This effect lasts until …", "turn ends".
THIRD_PERSON_ONLY = {"lasts": "last", "ends": "end", "costs": "cost"}
# Words for who plays cards, never a card: "if opponent just played …", "for each Dissident your
# opponent has".
PLAYER_WORDS = frozenset({"opponent", "opponents", "player", "players", "owner"})
# Prepositions that also stand alone as adverbs of place: "with ENGINEER aboard", "your personnel
# aboard are …".
ADVERB_PREPS = frozenset({"aboard", "inside", "below", "above", "nearby"})
LOCATIVES = ("present", "here", "there", "aboard", "adjacent", "in play", "out-of-play",
             "in hand", "out of play", "on table")

# --- game nouns and adjectives -------------------------------------------------------------------

CARD_TYPES = (
    "personnel", "ship", "facility", "site", "mission", "dilemma", "event", "interrupt",
    "equipment", "incident", "objective", "doorway", "artifact", "tactic", "card", "time location",
    "station", "outpost", "headquarters", "q-icon card", "q-card",
)
NOUNS = (
    "affiliation", "agent", "area", "attempt", "away team", "battle", "battleship", "beginning",
    "bonus", "bottom", "box", "brig", "captive", "chance", "choice", "classification", "combat",
    "commander", "cost", "countdown", "counter", "copy", "crew", "damage", "damage marker", "deck",
    "discard pile", "dissident", "docking site", "draw deck", "drone", "effect", "probe card", "end",
    "engagement",
    "enhancement", "female",
    "game", "gametext", "game text", "hand", "hand weapon", "hit", "icon", "infiltrator",
    "intruder", "limit", "location", "lore", "male", "member", "number", "opponent",
    "owner", "phase", "pile", "planet", "player", "point", "point area", "point box", "persona",
    "quadrant", "requirement", "rest", "restriction", "round", "seed phase", "selection",
    "shuttlecraft", "side", "side deck", "skill", "space", "spaceline", "span", "species", "start",
    "table", "target", "tie", "time", "timeline", "title", "top", "total", "transporter", "turn",
    "uniqueness", "use", "warship", "way", "weapon", "word", "adversary", "attack", "defense",
    "affect", "captor", "casualty", "treaty", "virus",
    "sensor", "matter", "cure", "shape-shifter", "level",
    "replacement", "nullification", "seed card", "facility phase", "doorway phase", "mission phase",
    "dilemma phase", "play phase", "orders phase", "attack restriction", "doubling", "action", "ability",
    "mission attempt",
    "ship battle", "personnel battle", "card play", "card draw", "draw", "play", "phaser",
    "disruptor", "freighter", "range", "duration", "specialist", "agenda", "alien", "android", "hologram",
    "human", "bajoran", "romulan", "equal", "half", "following", "others", "anything",
)
ADJECTIVES = (
    "unique", "universal", "random", "normal", "native", "all-native", "empty", "staffed",
    "unstaffed", "compatible", "matching", "opposing", "highest", "lowest", "closest", "furthest",
    "total", "printed", "regular", "special", "standard", "full", "free", "odd", "even", "temporal",
    "different", "direct", "extra", "additional", "next", "previous", "third", "second", "first",
    "last", "possible", "current", "new", "own", "only", "unopposed", "underground", "female",
    "male", "space", "planet", "undocked", "docked", "landed", "carried", "disabled", "unstopped",
    "just-initiated", "first-listed", "capturing-related", "virus-related", "related", "mortally",
    "same", "targeted", "single",
    "open", "closed", "immune", "able", "unable", "required", "cumulative", "duplicatable",
    "repeatable", "non-personnel", "more", "less", "most", "fewer", "two-person", "one-",
    "about", "worth", "equal", "subject", "free", "active", "inactive", "hidden", "face-up",
    "face-down", "exposed", "infiltrating", "infiltrated", "infiltration", "stunned", "alive", "opposite",
)
