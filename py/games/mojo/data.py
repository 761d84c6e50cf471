"""Mojo: every number of the rules and rulings, and the rules text for the rules panel."""

from tabletop import N_, GameInfo, Rule

# MJ-2: the 78 number cards. Each colour holds a run of values, every value in the same number
# of copies: blue 0-1 (4 each), green 2-4 (5 each), yellow 5-7 (6 each), orange 8-10 (7 each),
# red 11-12 (8 each).
COLOURS = ("blue", "green", "yellow", "orange", "red")
COLOUR_VALUES = {"blue": (0, 1), "green": (2, 3, 4), "yellow": (5, 6, 7), "orange": (8, 9, 10), "red": (11, 12)}
COPIES = {"blue": 4, "green": 5, "yellow": 6, "orange": 7, "red": 8}
# Colours also carry a symbol (and words for screen readers), never colour alone.
SYMBOLS = {"blue": "◆", "green": "♣", "yellow": "★", "orange": "▲", "red": "♥"}
# The colours' names as a player reads them (the screen says them in the reader's language).
COLOUR_NAMES = {"blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"), "orange": N_("orange"), "red": N_("red")}

COLOUR_OF = {v: c for c, values in COLOUR_VALUES.items() for v in values}
VALUES = tuple(sorted(COLOUR_OF))
DECK = tuple(v for v in VALUES for _ in range(COPIES[COLOUR_OF[v]]))  # 78 cards

HAND_SIZE = 8  # MJ-3
FACE_DOWN_LIMIT = 3  # MJ-7: a turn ending with this many cards or fewer in hand
FACE_DOWN_LIMIT_TWO_PLAYERS = 2  # MJ-7, with 2 players
MOJO_ZERO = 0  # MJ-11: the Mojo holder with the lowest (or tied lowest) score scores this
MOJO_PENALTY = 10  # MJ-11: ...otherwise adds this
GAME_END_TOTAL = 50  # MJ-12


def face_down_limit(players):
    return FACE_DOWN_LIMIT_TWO_PLAYERS if players == 2 else FACE_DOWN_LIMIT


RULES = (
    Rule("MJ-1", "public", "2 to 8 players.", "Players and cards"),
    Rule("MJ-2", "seed, public", "{} number cards: {}. Plus the Mojo card, two-sided: 0 / +10.".format(len(DECK), "; ".join(
        "{} {} {} ({} of each)".format(c, SYMBOLS[c], ", ".join(str(v) for v in COLOUR_VALUES[c]), COPIES[c]) for c in COLOURS)),
         "Players and cards"),
    Rule("MJ-3", "public", "The Mojo card lies in the centre. Shuffle the 78 cards, deal {} to each player, put the rest face down as "
         "the draw pile and turn its top card face up to start the play pile.".format(HAND_SIZE), "Set-up of a round"),
    Rule("MJ-4", "seed, ruling", "Round 1 starts with a random player; later rounds start with the player who took the Mojo card in "
         "the previous round (seed: the Mojo card \"determines turn order\").", "Set-up of a round"),
    Rule("MJ-5", "seed", "Place one card from your hand on the play pile. Compared with the card it covers: lower: your turn ends; "
         "higher: draw a card, then your turn ends; same value: play again. In this app playing again is compulsory while you "
         "hold a card; a turn that empties your hand ends there.", "A turn"),
    Rule("MJ-6", "ruling", "When you must draw and the draw pile is empty, shuffle the play pile except its top card into a new draw "
         "pile; if there is nothing to shuffle, you do not draw (in play this never happens: the card you just covered is always "
         "there to shuffle).", "A turn"),
    Rule("MJ-7", "seed", "A player who ends their turn with {} cards or fewer in hand ({} or fewer with 2 players) puts those cards "
         "face down in front of them; they have no hand any more. The others play on, and anyone else who reaches the limit does "
         "the same.".format(FACE_DOWN_LIMIT, FACE_DOWN_LIMIT_TWO_PLAYERS), "End of a round"),
    Rule("MJ-8", "seed", "On their turn, a player with face-down cards and no hand instead turns one face-down card face up (it stays "
         "in front of them). They choose which: they may look at their own face-down cards.", "End of a round"),
    Rule("MJ-9", "seed, ruling, public", "When a player turns up their last face-down card, the round ends and that player takes the "
         "Mojo card. Ruling (public: \"the round also ends as soon as someone is out of cards\"): a player who ends a turn with no "
         "card at all ends the round at once and takes the Mojo card.", "End of a round"),
    Rule("MJ-10", "seed", "Scoring: face-up cards in front of a player and cards in hand count; face-down cards do not. For each "
         "colour, take your highest number; your round score is the sum of those.", "End of a round"),
    Rule("MJ-11", "seed", "The Mojo holder scores {} instead if their score is the lowest or tied for lowest; otherwise they add {}. "
         "The card is turned to its 0 or +10 side to show it.".format(MOJO_ZERO, MOJO_PENALTY), "End of a round"),
    Rule("MJ-12", "seed", "After a round, if any player has {} points or more in total, the game ends; the player(s) with the lowest "
         "total win. Otherwise play another round (MJ-3).".format(GAME_END_TOTAL), "End of the game"),
)

# What a newcomer reads first, before the full rules (the rules panel's "How to play").
HOW_TO_PLAY = (
    "Goal: the lowest total score when the game ends.",
    "On your turn play one card from your hand on the play pile.",
    "Lower than the card it covers: your turn ends. Higher: you draw a card. The same value: you play again.",
    "With only a few cards left at the end of your turn, you put them face down in front of you.",
    "From then on, each turn you turn one of them face up instead of playing.",
    "Whoever turns up their last card ends the round and takes the Mojo card.",
    "Scoring a round: your highest card of each colour counts (hand and face-up cards).",
    "The Mojo card is worth 0 if its holder has the lowest score, 10 more points otherwise.",
    "When someone reaches {} points in total, the game ends: the lowest total wins.".format(GAME_END_TOTAL),
)


INFO = GameInfo(
    id="mojo",
    title="Mojo",
    pitch="Shed cards onto one pile: lower ends your turn, higher makes you draw. Your highest card of each colour counts against you.",
    min_players=2,
    max_players=8,
    version=1,
    rules=RULES,
    intro=(
        "A light shedding game over several rounds. Play lower than the pile to end your turn, higher and you draw, the same "
        "value and you play again. With few cards left you put them face down and turn them up one a turn; whoever turns up "
        "the last one ends the round and takes the Mojo card: worth 0 if their score is the lowest, +10 otherwise. At round "
        "end your highest card of each colour counts. The game ends when someone reaches {}: lowest total wins.".format(GAME_END_TOTAL)
    ),
    how_to_play=HOW_TO_PLAY,
)
