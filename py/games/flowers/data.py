"""Flowers: every number of the rules and rulings, the cards, and the rules text for the rules
panel."""

from tabletop import N_, GameInfo, Rule

# FL-2: 108 cards, 27 per colour: three 1s, six 2s, eight 3s and ten 4s; three of each colour's
# 4s carry a butterfly, one of each of the three other colours (ruling).
COLOURS = ("yellow", "red", "blue", "green")
# Colours also carry a symbol (and words for screen readers), never colour alone.
SYMBOLS = {"yellow": "★", "red": "♥", "blue": "◆", "green": "♣"}
# The colours' names as the players read them (in a card's name, a butterfly's, an area's).
COLOUR_NAMES = {"yellow": N_("yellow"), "red": N_("red"), "blue": N_("blue"), "green": N_("green")}
# The score sheet's line for each colour's areas (FL-12).
AREA_LABELS = {"yellow": N_("★ Yellow areas"), "red": N_("♥ Red areas"), "blue": N_("◆ Blue areas"), "green": N_("♣ Green areas")}
NUMBERS = (1, 2, 3, 4)
COPIES = {1: 3, 2: 6, 3: 8, 4: 10}
BUTTERFLY_NUMBER = 4


def _cards():
    cards = []
    for colour in COLOURS:
        others = [c for c in COLOURS if c != colour]
        for number in NUMBERS:
            for i in range(COPIES[number]):
                fly = others[i] if number == BUTTERFLY_NUMBER and i < len(others) else None
                cards.append((colour, number, fly))
    return tuple(cards)


CARDS = _cards()  # card id -> (colour, number, butterfly colour or None)
COLOUR = tuple(c[0] for c in CARDS)
NUMBER = tuple(c[1] for c in CARDS)
BUTTERFLY = tuple(c[2] for c in CARDS)

# FL-10: the exact size of a valid number group (a 1 stands alone).
GROUP_SIZE = {1: 1, 2: 2, 3: 3, 4: 4}
REMOVED_PENALTY = 1  # FL-11: per removed card, covered ones included
AREA_MIN = 5  # FL-12: a colour area scores from this many cards
AREA_POINTS = 1  # FL-12: per card of a scoring area
BUTTERFLY_POINTS = 1  # FL-13

# FL-5: cards per stack by player count (None: every card left after the first cards, in three
# stacks as even as possible). 1 player (ruling): like 4 players.
STACKS = 3
FACE_UP = (True, True, False)  # FL-6: the first two stacks are turned up, the third stays face down
STACK_SIZE = {1: None, 2: 26, 3: 30, 4: None}

RULES = (
    Rule("FL-1", "public", "1 to 4 players.", "Players and cards"),
    Rule("FL-2", "seed, public, ruling", "108 cards, 27 in each colour yellow ★, red ♥, blue ◆, green ♣: per colour three 1s, six 2s, "
         "eight 3s and ten 4s. Three of each colour's 4s carry a butterfly; (public) a butterfly is always of another colour than "
         "its card; (ruling) one butterfly of each of the three other colours.", "Players and cards"),
    Rule("FL-3", "seed", "Four violet start cards and the \"Summer\" variant exist, but the seed gives no rules for them: not part "
         "of the game until their rules are known.", "Players and cards"),
    Rule("FL-4", "seed", "Each player takes a random card and places it face up as the first card of their garden.", "Set-up"),
    Rule("FL-5", "seed, public, ruling", "Three stacks: 2 players {} cards each, 3 players {} each, 4 players all remaining cards. "
         "(ruling) 1 player: all remaining cards, like 4 players (the seed's \"about 40 per stack\" cannot be met by 108 cards). "
         "Cards left out stay face down out of the game.".format(STACK_SIZE[2], STACK_SIZE[3]), "Set-up"),
    Rule("FL-6", "seed", "Turn up the top card of two stacks; the third stays face down all game. A random player starts.", "Set-up"),
    Rule("FL-7", "seed", "Take the top card of one stack: one of the two face-up cards, or the hidden top of the face-down stack. "
         "When a face-up card is taken, the next card of that stack is turned up by the next player at the start of their "
         "turn (seed: \"the next player turns over a new card\"), so the taker places the card without having seen the one "
         "below it (in solo too: it is turned up after the placement).", "A turn"),
    Rule("FL-8", "seed, public", "Place it in your garden either touching at least one side of a card already there "
         "(orthogonally), or on top of a card already there, covering it. (public) The garden has no size limit.", "A turn"),
    Rule("FL-9", "seed", "When a player takes the last card of any stack, they place it and the game ends at once (players may "
         "have had different numbers of turns).", "End and scoring"),
    Rule("FL-10", "seed, public", "Number groups are orthogonally connected visible cards of the same number. A 4 must be in a "
         "group of exactly four 4s, a 3 of exactly three 3s, a 2 of exactly two 2s, and a 1 must not touch another 1. (public) A "
         "group that is too big fails as a whole.", "End and scoring"),
    Rule("FL-11", "seed", "Every visible card not in a valid group is removed together with every card under it; each removed "
         "card, covered ones included, is -{} point.".format(REMOVED_PENALTY), "End and scoring"),
    Rule("FL-12", "seed", "Then every orthogonally connected area of one colour with at least {} cards scores {} point per card. "
         "Covered cards never score.".format(AREA_MIN, AREA_POINTS), "End and scoring"),
    Rule("FL-13", "seed", "Each butterfly on a remaining visible card that touches (orthogonally) a card of the butterfly's colour "
         "scores {}.".format(BUTTERFLY_POINTS), "End and scoring"),
    Rule("FL-14", "ruling", "Highest score wins; tie: fewest removed cards; still tied, shared. Solo: the score is shown against "
         "the player's own best (kept in this browser).", "End and scoring"),
)

# What a newcomer reads first, before the full rules (the rules panel's "How to play").
HOW_TO_PLAY = (
    "Goal: the best-scoring garden when the cards run out.",
    "On your turn take one card: one of the two face-up cards, or the top of the face-down stack.",
    "Place it in your garden, beside a card you have or on top of one, covering it.",
    "Whoever takes the last card of any stack places it, and the game ends at once.",
    "At the end every group of touching cards of one number must be exact:",
    "four 4s together, three 3s, two 2s, and a 1 alone. A wrong group is removed with the cards under it: -1 a card.",
    "Then each area of 5 or more touching cards of one colour scores 1 point per card.",
    "A butterfly scores 1 when it touches a card of its colour.",
    "Highest score wins; alone, try to beat your best.",
)


INFO = GameInfo(
    id="flowers",
    title="Flowers",
    pitch="Grow a garden one card at a time: exact groups of 1s, 2s, 3s and 4s, and big areas of one colour.",
    min_players=1,
    max_players=4,
    version=2,  # 2: FL-7, the card below a taken face-up card turns up only after the placement
    rules=RULES,
    private_information=False,  # gardens and taken cards are open; the stacks are hidden from all
    intro=(
        "Each turn take a card from one of three stacks and place it in your garden, beside a card or on top of one. At the end "
        "every number group must be exact (four 4s, three 3s, two 2s, a lone 1) or it is removed with the cards under it, -1 "
        "each; then colour areas of 5 cards or more score a point per card, and butterflies touching their colour score 1. "
        "Plays solo too, against your own best score."
    ),
    how_to_play=HOW_TO_PLAY,
)
