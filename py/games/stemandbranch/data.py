"""Stem and Branch: the 60 cards of the sexagenary cycle, the board, every number of the rules
and rulings, the options, and the rules text for the rules panel.

A card is its year number n = 1..60 (an int): i = n - 1, animal = ANIMALS[i mod 12], element =
ELEMENTS[(i mod 10) div 2], rank = i div 12 + 1 (SB-2). Spaces are "a1".."d4": the letter is the
column, the digit the row (SB-3).
"""

import datetime

from tabletop import GameInfo, Option, Rule

# --- SB-2: the cards ------------------------------------------------------------------------
ANIMALS = ("Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog", "Pig")
ELEMENTS = ("Wood", "Fire", "Earth", "Metal", "Water")
CARD_COUNT = 60
RANKS = (1, 2, 3, 4, 5)
TOP_RANK = 5
CARDS = tuple(range(1, CARD_COUNT + 1))
ANIMAL = {n: ANIMALS[(n - 1) % len(ANIMALS)] for n in CARDS}
ELEMENT = {n: ELEMENTS[((n - 1) % 10) // 2] for n in CARDS}
RANK = {n: (n - 1) // len(ANIMALS) + 1 for n in CARDS}
CARD_OF = {(ANIMAL[n], RANK[n]): n for n in CARDS}  # (animal, rank) -> card

# --- SB-3: the board --------------------------------------------------------------------------
COLUMNS = "abcd"
ROWS = "1234"
SPACES = tuple(c + r for r in ROWS for c in COLUMNS)  # reading order: a1 b1 c1 d1 a2 ...


def _neighbours(space):
    col, row = COLUMNS.index(space[0]), ROWS.index(space[1])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and 0 <= r < len(ROWS):
            out.append(COLUMNS[c] + ROWS[r])
    return tuple(out)


ADJACENT = {s: _neighbours(s) for s in SPACES}  # orthogonal neighbours (SB-3)

# --- SB-4, SB-5: tokens and set-up --------------------------------------------------------------
TOKENS_PER_ELEMENT = 5  # 25 element tokens (ruling)
BOARD_TOKENS_PER_ELEMENT = 1  # one of each element on 5 random distinct spaces at set-up (ruling)
STARTING_HAND = 5  # ruling
ROW_SIZE = 8  # seed
MIN_YEARS = 0  # years never go below 0 (ruling; only the Spirit Scrolls spend years)

# --- SB-6..SB-10: a turn ----------------------------------------------------------------------
ACTIONS_PER_TURN = 2  # seed
HAND_LIMIT = 7  # seed: discard down to 7 at the end of the turn
MIN_COST = 0  # SB-9 (ruling)

# --- SB-12..SB-14: the end ----------------------------------------------------------------------
END_YEARS = 60  # seed: a player reaching 60 years triggers the end
TIEBREAK_YEAR_OFFSET = 4  # SB-14: the animal of a year is ANIMALS[(year - 4) mod 12] (2026: Horse)
YEAR_RANGE = (1, 9999)  # tiebreak_year values accepted from a link or the command line


def year_animal(year):
    return ANIMALS[(int(year) - TIEBREAK_YEAR_OFFSET) % len(ANIMALS)]


# --- SB-19..SB-21: co-op --------------------------------------------------------------------------
COOP_MOVE_DISTANCE = 1  # SB-20: one stack, one space, orthogonally
# SB-21: (lowest score, rank) from the seed's table; 0 and 60 are rulings.
RANK_TABLE = ((0, "Beginner"), (12, "Apprentice"), (21, "Average"), (29, "Good"), (38, "Strong"),
              (46, "Expert"), (55, "Master!"))
MAX_COOP_SCORE = 60


def coop_rank(score):
    """SB-21: the rank a co-op score earns."""
    name = RANK_TABLE[0][1]
    for least, label in RANK_TABLE:
        if score >= least:
            name = label
    return name


# --- SB-22..SB-25: the Spirit Scrolls (expansion, competitive only) ------------------------------
SCROLL_LEVELS = (1, 2, 3, 4, 5)  # seed: one scroll per element and level, level 1 on top of its stack
SCROLL_COUNT = len(ELEMENTS) * len(SCROLL_LEVELS)  # 25
CLAIMS_PER_SUMMON = 1  # SB-22 (ruling): at most one claim per Summon
MIN_CLAIM_COST = 0  # SB-22: the exchange lowers the years paid to no less than 0
WOOD_SUMMON_COST = 0  # SB-24: Wood summons from the discard pile at no cost
FIRE_YEARS_PER_CARD = 1  # SB-24: Fire scores 1 year per card of the removed animal
EARTH_YEARS_PER_CARD = 1  # SB-24: Earth scores 1 year per card taken into the hand
REFRESH_TOKENS = 1  # SB-25: one element token flips an inactive scroll active
# House ruling (SB-24, Water): "up to L" tokens, but an activation must do something, so at least 1.
WATER_MIN_TOKENS = 1
# SB-25: the generating cycle Wood > Fire > Earth > Metal > Water > Wood; a scroll of element X is
# refreshed with a token of X or of the element that generates X.
GENERATES = {e: ELEMENTS[(i + 1) % len(ELEMENTS)] for i, e in enumerate(ELEMENTS)}
GENERATED_BY = {after: before for before, after in GENERATES.items()}
# House rulings, where the seed is silent (the rules panel tells each one as a house ruling):
# - SB-6 with SB-25: a free Refresh that would make a scroll usable keeps the turn's remaining
#   actions (they are lost only when no main action is legal even after a Refresh).
# - SB-24 Earth may take the hand above HAND_LIMIT: the seed says the limit applies at the end of
#   the turn, as SB-6's discard does.
# - SB-25's "tokens gained in your 2nd action wait for your next turn" limits Refresh only (it is
#   written under Refresh); such tokens are marked until that player's next turn begins.
# - Refresh is offered between decisions while the turn's actions last: before a main action and at
#   the claim prompt (the only moment inside an action where a token gained in it could be spent).
# - SB-24 Fire, "else from another player (you choose)": any player other than the holder, the
#   player activating the scroll included.
# - SB-24 Metal's swap may leave a stack out of rank order: the top card still gives its rank and
#   element, and an Ascend goes on top of it as usual (SB-8).
SCROLL_EFFECTS = {
    "Wood": "summon a card of rank {L} or lower from the discard pile at no cost (a legal Summon; it scores as usual)",
    "Fire": "remove an animal of level {L} or lower: its cards go to the discard pile, 1 year per card; its token "
            "holder gains an element token of the top card's element, then the animal token returns to the supply",
    "Earth": "take an animal's cards of rank {L} or lower from the discard pile into your hand, 1 year per card",
    "Metal": "score the level of an animal of level {L} or lower, then move its stack to an empty space or swap its "
             "top card with a card below",
    "Water": "take up to {L} element token{s} from the board and/or the supply",
}


def scroll_id(element, level):
    """"Wood3": a scroll's id in actions and state."""
    return "{}{}".format(element, level)


def scroll_parts(sid):
    """"Wood3" -> ("Wood", 3)."""
    return sid[:-1], int(sid[-1])


def scroll_name(sid):
    element, level = scroll_parts(sid)
    return "{} scroll L{}".format(element, level)


def scroll_effect(sid):
    """The scroll's effect in words, for the screen."""
    element, level = scroll_parts(sid)
    return SCROLL_EFFECTS[element].format(L=level, s="" if level == 1 else "s")  # "up to 1 element token"


# --- options -------------------------------------------------------------------------------------
COMPETITIVE, COOP = "competitive", "coop"
COMPETITIVE_PLAYERS = (2, 4)  # SB-1 (ruling)
COOP_PLAYERS = (1, 4)
SCROLLS_OFF, SCROLLS_ON = "0", "1"  # the "scrolls" option; a link says scrolls=1


def this_year():
    return datetime.date.today().year


def resolve_tiebreak_year(value):
    """SB-14: "" (the default) is the year the game starts, fixed in the save from then on."""
    return str(this_year()) if value in ("", None) else value


def _year_choices():
    base = 2020  # one whole cycle of animals, 2020 (Rat) .. 2031 (Pig)
    return tuple((str(y), "{} ({})".format(y, year_animal(y))) for y in range(base, base + len(ANIMALS)))


OPTIONS = (
    Option("mode", "Mode", ((COMPETITIVE, "Competitive (2-4 players)"), (COOP, "Co-operative (1-4; 1 is solo)")),
           COMPETITIVE, "Compete for years, or rebuild the calendar together as a team.",
           players=((COMPETITIVE,) + COMPETITIVE_PLAYERS, (COOP,) + COOP_PLAYERS)),
    Option("tiebreak_year", "Tie-break year", (("", "This year"),) + _year_choices(), "",
           "A tie goes to the player holding this year's animal (SB-14).",
           whole_numbers=YEAR_RANGE, resolve=resolve_tiebreak_year),
    Option("scrolls", "Spirit Scrolls", ((SCROLLS_OFF, "Off"), (SCROLLS_ON, "On (expansion, competitive only)")), SCROLLS_OFF,
           "The expansion: claim scrolls after a summon, activate them as an action, refresh them with tokens (SB-22..SB-25).",
           players=((SCROLLS_ON,) + COMPETITIVE_PLAYERS,)),
)

# --- words for the screen ------------------------------------------------------------------------
HOW_TO_PLAY = (
    "Rebuild the 60-year zodiac calendar: 12 animals, each in ranks 1 to 5 and one of five elements.",
    "On your turn take 2 actions, in any mix: Draw a card (from the row of 8 or the deck) or Summon one from your hand.",
    "Summon a card into an empty space, or on top of a lower rank of the same animal (Ascend).",
    "A summon costs the card's rank, minus 1 for each neighbouring card of the same element, minus the rank gained when ascending.",
    "Pay by discarding cards that share the summoned card's element or animal, or element tokens of its element.",
    "Cover a space's element token to take it; an Ascend gains a token of the new card's element.",
    "Competitive: the first time you summon an animal you take its token and score 1 year per animal token you hold.",
    "Ascending an animal whose token you already hold scores 1 year per element token you hold.",
    "At the end of your turn keep at most 7 cards.",
    "The end comes when the deck runs out or someone reaches 60 years: the round is finished, then tokens and matching hand cards score.",
    "Co-operative (solo too): together bring all 12 animals to rank 5 before the deck runs out; hands are open.",
    "In co-op you may move one animal by one space before each summon; an animal at rank 5 is locked in place.",
    "Spirit Scrolls (an option, competitive): after a summon, pay years to claim a scroll of its element; activating one is an action, a token refreshes it.",
)


def with_article(word):
    """"a Fire", "an Earth", "an animal": the indefinite article the word takes."""
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word


def card_name(n):
    """"Horse r3 (Wood)"."""
    return "{} r{} ({})".format(ANIMAL[n], RANK[n], ELEMENT[n])


def _cycle_table():
    rows = []
    for group in (("Rat", "Ox", "Dog", "Pig"), ("Tiger", "Rabbit"), ("Dragon", "Snake"), ("Horse", "Goat"),
                  ("Monkey", "Rooster")):
        rows.append("{}: {}".format(", ".join(group), ", ".join(ELEMENT[CARD_OF[(group[0], r)]] for r in RANKS)))
    return "; ".join(rows)


RULES = (
    Rule("SB-1", "public, ruling", "1-4 players. Competitive: {}-{} players; co-operative: {}-{} (1 is the solo game).".format(
        *(COMPETITIVE_PLAYERS + COOP_PLAYERS)), "Players and components"),
    Rule("SB-2", "seed, public, ruling",
         "{} animal cards, one per year of the sexagenary cycle, numbered 1-60. Card n shows the animal "
         "{} in turn (n-1 mod 12), the element Wood, Fire, Earth, Metal, Water (two years each, (n-1 mod 10) div 2) and the "
         "rank (n-1) div 12 + 1, from 1 to {}. Each animal has ranks 1-5, one of each element, at rank 1..5: {}.".format(
             CARD_COUNT, ", ".join(ANIMALS), TOP_RANK, _cycle_table()), "Players and components"),
    Rule("SB-3", "ruling", "The calendar is a {}x{} grid of spaces a1-d4 (letter: column, digit: row); adjacent means "
         "orthogonal neighbours.".format(len(COLUMNS), len(ROWS)), "Players and components"),
    Rule("SB-4", "seed, ruling", "12 animal tokens (one per animal), {} element tokens ({} of each element), a year track, a "
         "face-up row of {} cards and a discard pile. Years never go below {}.".format(
             TOKENS_PER_ELEMENT * len(ELEMENTS), TOKENS_PER_ELEMENT, ROW_SIZE, MIN_YEARS), "Players and components"),
    Rule("SB-5", "ruling", "Shuffle the deck; deal {} cards to each player; turn up {} cards as the row; put {} element token "
         "of each element on 5 random distinct spaces; the other tokens and the 12 animal tokens are the supply. Everyone "
         "starts at 0 years; the board is empty; a random player starts, then clockwise.".format(
             STARTING_HAND, ROW_SIZE, BOARD_TOKENS_PER_ELEMENT), "Set-up"),
    Rule("SB-6", "seed, ruling", "Take exactly {} main actions, in any mix, repeats allowed: Draw or Summon (and "
         "Activate Scroll, SB-24). Then discard "
         "down to {} cards, your choice. When no main action is legal, the remaining ones are lost.".format(
             ACTIONS_PER_TURN, HAND_LIMIT), "A turn"),
    Rule("SB-7", "seed, ruling", "Draw: take 1 card from the row (its slot is refilled from the deck at once) or the top "
         "card of the deck. With the deck empty a taken slot stays empty.", "A turn"),
    Rule("SB-8", "seed, ruling", "Summon a card from your hand into an empty space, or on top of a lower-rank card of the "
         "same animal (Ascend). Each animal has at most one stack, so a card whose animal is on the board can only "
         "Ascend it; the top card gives the stack's rank and element.", "A turn"),
    Rule("SB-9", "seed, ruling", "Cost = rank - shared - difference. Shared: each adjacent space whose top card has the "
         "summoned card's element (tokens never count). Difference (Ascend only) = new rank - covered rank. "
         "Minimum {}.".format(MIN_COST), "A turn"),
    Rule("SB-10", "seed, ruling", "Pay exactly the cost, 1 per item: discard hand cards sharing the element or the animal "
         "of the summoned card, and/or return element tokens of its element to the supply. Animal tokens are never "
         "spent.", "A turn"),
    Rule("SB-11", "seed, ruling", "A Summon resolves in this order: 1. pay and place the card; 2. the space held an "
         "element token: take it; 3. Ascend: gain an element token of the placed card's element from the supply; none "
         "left: take one from another player of your choice; none anywhere: nothing; 4. if you do not hold this "
         "animal's token, take it (from the supply or its holder) and score 1 year per animal token you hold; if you "
         "already held it and this was an Ascend, score 1 year per element token you hold now.", "A turn"),
    Rule("SB-12", "seed, ruling", "The end triggers when the deck becomes empty (a draw or a refill) or a player reaches "
         "{} years. The current turn is completed, then play goes on until the player seated before the start player "
         "has played; then the game ends. A trigger is never undone.".format(END_YEARS), "End and final scoring"),
    Rule("SB-13", "seed", "Each player adds 1 year per element token held and 1 per hand card whose animal token they "
         "hold. Most years wins.", "End and final scoring"),
    Rule("SB-14", "seed, public, ruling", "Tie: the tied player holding the token of the tie-break year's animal wins "
         "(2026: the Horse). The year is the option 'Tie-break year' (default: the year the game starts, kept in the "
         "save); its animal is the {}th of the cycle from the Rat in year 4. Otherwise a shared win.".format(
             "(year - 4) mod 12"), "End and final scoring"),
    Rule("SB-15", "ruling", "Hidden: each hand (its size is public) and the deck order (its size is public). Public: the "
         "board stacks (every card), the row, the discard pile, tokens held, years, scrolls.", "End and final scoring"),
    Rule("SB-16", "example", "Summon with shared elements: with Ox r1 (Wood) on b2, Dog r1 (Wood) on c3 and Tiger r1 "
         "(Fire) on d2, Horse r3 (Wood) into c2 costs 3 - 2 = 1; paid with Horse r1; the Water token on c2 is taken; "
         "the Horse token is taken and scores 2 years for a player already holding the Dog.", "Worked examples"),
    Rule("SB-17", "example", "Ascend with steal: Ox r3 (Earth) on Ox r1 beside Snake r1 (Earth) costs 3 - 1 - 2 = 0; "
         "with no Earth token in the supply one is taken from a player; the Ox token is taken from its holder. Later Ox "
         "r5 (Water) on Ox r3 costs 5 - 2 = 3.", "Worked examples"),
    Rule("SB-18", "example", "Final scoring: 41 years + 3 element tokens + 2 hand cards matching held animal tokens = 46 "
         "ties 44 + 2 tokens = 46; with the tie-break year 2026 (Horse), the holder of the Horse token wins.",
         "Worked examples"),
    Rule("SB-19", "seed, ruling", "Co-operative: the goal is all 12 animals at rank 5 before the deck runs out. No years "
         "during the game and no animal tokens gained; the 60-year trigger is off; element tokens go to one team pool "
         "any player may spend; none left of an element: none gained (no stealing); all hands are public.",
         "Co-operative and solo"),
    Rule("SB-20", "seed, ruling", "With every Summon, before its cost is worked out, the player may move one unlocked "
         "stack into an orthogonally adjacent empty space; landing on a token takes it for the team. An animal that "
         "reaches rank 5 gets its animal token on top: it is locked, never moves and is a barrier (nothing enters its "
         "space).", "Co-operative and solo"),
    Rule("SB-21", "seed, ruling", "The game ends at once when the 12th animal locks; otherwise as SB-12 when the deck "
         "becomes empty. Score: for each animal at rank 5, 1 per card in its stack; perfect clear (all 12 at rank 5): "
         "+1 per card left in the deck and the row. Ranks: {}.".format(
             ", ".join("{} from {}".format(label, least) for least, label in RANK_TABLE)), "Co-operative and solo"),
    Rule("SB-22", "seed, ruling", "Spirit Scrolls (expansion, competitive only): {} scrolls, one per element and level "
         "1-5, in 5 stacks by element, level 1 on top. Claim: after you Summon a card of element X you may take one "
         "scroll of X from its stack with level at most the card's rank, paying years equal to its level; not enough "
         "years: no claim. (ruling) In the same action, at most {} claim per Summon; a Wood-scroll summon counts. Every "
         "lower-level scroll still in that stack goes to the box. You may own any number. Exchange (optional): return a "
         "scroll of X you own (active or inactive): the cost drops by its level (minimum {}); (ruling) it goes back into "
         "its stack in level order. The new scroll is placed active.".format(SCROLL_COUNT, CLAIMS_PER_SUMMON, MIN_CLAIM_COST),
         "Spirit Scrolls"),
    Rule("SB-23", "example", "The Wood stack holds L3, L4, L5; A has 6 years and an inactive Wood L2. A summons Tiger r5 "
         "(Wood) and claims Wood L4, returning L2: pays 2 years (4 left); L3 goes to the box; the stack is now L2, L5.",
         "Spirit Scrolls"),
    Rule("SB-24", "seed, ruling", "Activate Scroll (a main action): flip one of your active scrolls and resolve it; it "
         "targets only cards or animals of rank at most its level L; (ruling) only if it can do something. Wood: {}. "
         "Fire: {}; the token comes from the supply or the board (you choose), else from another player (you "
         "choose), else none; (ruling) another player is anyone but the holder, you included. Earth: {}; (seed) the hand limit applies at the end of your "
         "turn (SB-6). Metal: {}; (ruling) a token on the new space is yours; a swap may leave the stack out of "
         "rank order: its top card still gives its rank and element. Water: {}, never from players; (ruling) at least "
         "{}.".format(*[SCROLL_EFFECTS[e].format(L="L", s="s") for e in ELEMENTS] + [WATER_MIN_TOKENS]), "Spirit Scrolls"),
    Rule("SB-25", "seed", "Refresh (free, any number of times, on your turn before your second main action ends): spend "
         "{} element token of the scroll's own element or of the element that generates it (Wood > Fire > Earth > Metal "
         "> Water > Wood) to flip an inactive scroll active; the token goes to the supply. Tokens gained during your "
         "second action cannot refresh until your next turn. (ruling) A Refresh is made between decisions, before "
         "a main action or at the claim prompt; the turn's actions are not lost while a Refresh would make a scroll "
         "usable (SB-6).".format(REFRESH_TOKENS), "Spirit Scrolls"),
)

INFO = GameInfo(
    id="stemandbranch",
    title="Stem and Branch",
    pitch="Rebuild the 60-year zodiac calendar: summon animals of five elements, ascend them, score years, or play as a team.",
    min_players=1,
    max_players=4,
    version=1,
    rules=RULES,
    options=OPTIONS,
    harness_options=({"mode": COMPETITIVE}, {"mode": COOP}, {"mode": COMPETITIVE, "scrolls": SCROLLS_ON}),
    how_to_play=HOW_TO_PLAY,
    intro=(
        "Players rebuild the Chinese 60-year calendar from animal cards of five elements on a 4x4 board. Two actions a "
        "turn: draw a card, or summon one, paying less for neighbours of the same element and for ascending an animal "
        "already on the board. Competitive: animal and element tokens score years; most years wins. Co-operative (and "
        "solo): bring all 12 animals to rank 5 together before the deck runs out."
    ),
)
