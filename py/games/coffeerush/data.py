"""Coffee Rush: the board, the order deck, the upgrades (rulings kept as data), every number of the
rules, and the rules text for the rules panel.

Ingredients are one letter each (B M S I basic, T C K W specialty). An order card is an int
0..79; its recipe is a string of letters in INGREDIENTS order ("BMS"), which is also how a
cup's contents are compared with it. Spaces are "row,col" strings, 1-based, row 1 on top.
"""

from tabletop import M, N_, GameInfo, Rule

# --- CR-1, CR-2: players, meeples, cups ----------------------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4
COLOURS = ("red", "blue", "green", "yellow")  # seat colours (CR-2: 2 players are red and blue)
MEEPLES = {2: 2, 3: 1, 4: 1}  # meeples per player (CR-8, CR-10)
CUPS = 3  # CR-2: 3 cups per player
CUP_SIZE = 4  # CR-5 (ruling): a cup holds at most 4 ingredients
START_RUSH = 0  # Rush tokens at the start (the seed gives none)

# --- CR-3: ingredients and the board (ruling) ------------------------------------------------------
BASIC = ("B", "M", "S", "I")
SPECIALTY = ("T", "C", "K", "W")
INGREDIENTS = BASIC + SPECIALTY
INGREDIENT_ORDER = {x: i for i, x in enumerate(INGREDIENTS)}
NAMES = {"B": N_("Beans"), "M": N_("Milk"), "S": N_("Steam"), "I": N_("Ice"), "T": N_("Tea"), "C": N_("Chocolate"),
         "K": N_("Caramel"), "W": N_("Water")}
SIZE = 4  # the board is SIZE x SIZE
LAYOUT = ("BTSM",
          "MSIC",
          "KMBI",
          "IBWS")
SPACES = tuple("%d,%d" % (r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1))
BOARD = {"%d,%d" % (r + 1, c + 1): LAYOUT[r][c] for r in range(SIZE) for c in range(SIZE)}
CORNERS = ("1,1", "1,4", "4,1", "4,4")

# --- CR-4: the order deck (ruling): 40 recipes, 2 copies each ---------------------------------------
RECIPES = (
    "BB", "BM", "BS", "BI", "MT", "MC", "BK", "BW",
    "BBM", "BBS", "BBI", "BMM", "BMS", "BMI", "BSS", "BSI", "BII", "MMS", "MMI", "MSS", "MSI", "MII",
    "MST", "MSC", "BMK", "BIW",
    "BBMS", "BBMI", "BBSI", "BMSI", "BMSS", "BMII", "BSSI", "BSII", "MMSI", "MSSI",
    "MSTT", "MICC", "BIKK", "BBWW",
)
COPIES = 2
CARDS = tuple(r for r in RECIPES for _ in range(COPIES))  # card id -> recipe
DECK_SIZE = len(CARDS)
SPECIALTY_RUSH = 1  # CR-13: a served Specialty Order gives 1 Rush token

# --- CR-6, CR-9: upgrades -------------------------------------------------------------------------
UPGRADE_COST = 3  # up-vote cards put out of the game to turn a tile face up
CORNER, CROWD, DIAGONAL, SPECIAL = 1, 2, 3, 4
UPGRADES = (CORNER, CROWD, DIAGONAL, SPECIAL)
UPGRADE_NAMES = {CORNER: N_("Corner"), CROWD: N_("Crowd"), DIAGONAL: N_("Diagonal"), SPECIAL: N_("Specialty")}
UPGRADE_EFFECTS = {
    CORNER: N_("each corner space you enter gives 2 of its ingredient"),
    CROWD: N_("each space you enter that holds another meeple gives 2"),
    DIAGONAL: N_("your steps may also be diagonal"),
    SPECIAL: N_("each specialty space you enter gives 2 of that ingredient"),
}
DOUBLE = 2  # what a doubling upgrade makes a space give (doubles never stack)

# --- CR-7, CR-10, CR-14..CR-17: set-up, moves, the flow of time --------------------------------------
TABS = 4
START_TABS = (1, 2)  # each player: 1 card on Tab 1, then 1 on Tab 2
START_EXTRA = 1  # the start player: 1 more card on Tab 1
STEPS = 3  # a move: up to 3 steps
RUSH_STEP = 1  # each Rush token spent: 1 more step
ORDER_RECEIVERS = 2  # CR-14: the next 2 players draw (2 players: only the opponent)
TWO_PLAYER_DRAW = 1  # CR-15: with 2 players, draw 1 after your Flow of time
PENALTY_RUSH = 1  # CR-16: Rush tokens per penalty received
CLOSING_PENALTIES = 5  # CR-16: a player with 5 penalties closes the game

# --- CR-18, CR-19: scoring -----------------------------------------------------------------------
UPVOTE_POINTS = 1
UPGRADE_POINTS = 2
PENALTY_POINTS = -1


def recipe_of(letters):
    """The canonical recipe string of some ingredients ("SMB" -> "BMS")."""
    return "".join(sorted(letters, key=INGREDIENT_ORDER.__getitem__))


def is_specialty(recipe):
    return any(x in SPECIALTY for x in recipe)


def series(items, join):
    """Words in a row as one Message, each still said in the reader's language: `join` is
    M("{first}, {rest}") or M("{first} + {rest}")."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    return join(first=items[0], rest=series(items[1:], join))


def comma(first, rest):
    # TRANSLATORS: the ingredients of a recipe in a row ("Beans, 2 Milk, Ice").
    return M("{first}, {rest}", first=first, rest=rest)


def amount(n, x):
    """"Tea"; "2 Tea": `n` of ingredient `x`."""
    # TRANSLATORS: a count of one ingredient in a recipe ("2 Milk").
    return NAMES[x] if n == 1 else M("{n} {ingredient}", n=n, ingredient=NAMES[x])


def recipe_words(recipe):
    """"Beans, Milk, Steam"; "2 Tea, Milk, Steam"."""
    parts = [amount(recipe.count(x), x)
             for x in sorted(set(recipe), key=lambda x: (x not in SPECIALTY, INGREDIENT_ORDER[x]))]
    return series(parts, comma)


def order_name(recipe):
    """"★ order Tea, Milk, Steam"; "order Beans, Milk"."""
    if is_specialty(recipe):
        return M("★ order {recipe}", recipe=recipe_words(recipe))
    return M("order {recipe}", recipe=recipe_words(recipe))


def space_name(space):
    r, c = space.split(",")
    return M("{ingredient} (row {row}, column {column})", ingredient=NAMES[BOARD[space]], row=r, column=c)


def _recipes_by_size(specialty):
    out = []
    for n in (2, 3, 4):
        out.append("{}: {}".format(n, " ".join(("★" if specialty else "") + r for r in RECIPES
                                             if len(r) == n and is_specialty(r) == specialty)))
    return "; ".join(out)


RULES = (
    Rule("CR-1", "public, ruling", "{} to {} players, play goes clockwise; (ruling) a random player starts.".format(
        MIN_PLAYERS, MAX_PLAYERS), "Players and components"),
    Rule("CR-2", "public, ruling", "{} order cards, 4 player boards, 16 upgrade tiles (4 per colour), meeples red x2, blue x2, "
         "green, yellow (2 players: red and blue, 2 each), {} cups per player, ingredient and Rush tokens, a Starting Player "
         "token (Open / Closed). (ruling) In the app the ingredient and Rush supplies are unlimited.".format(DECK_SIZE, CUPS),
         "Players and components"),
    Rule("CR-3", "seed, public, ruling", "Ingredients: basic Beans B, Milk M, Steam S, Ice I; specialty Tea T, Chocolate C, "
         "Caramel K, Water W (the seed names the specialties). (public) Each basic is on 3 spaces, each specialty on 1. "
         "(ruling) The board, row 1 on top: {}. Corners are basic; specialty spaces Tea (1,2), Chocolate (2,4), "
         "Caramel (3,1), Water (4,3).".format(" / ".join(" ".join(row) for row in LAYOUT)), "Players and components"),
    Rule("CR-4", "public, seed, ruling", "A card asks for 2-4 ingredients; some cards repeat; Specialty Orders give a Rush "
         "token (seed). (ruling) A Specialty Order (★) is a card with a specialty ingredient. The deck is 40 recipes, {} "
         "copies each: {}; specialty {}. Ingredient order on a card does not matter.".format(
             COPIES, _recipes_by_size(False), _recipes_by_size(True)), "Players and components"),
    Rule("CR-5", "public, ruling", "Player board: Tabs 1-{} for waiting orders (any number per tab), an up-vote pile (served "
         "orders), a down-vote pile (penalties), 4 upgrade tiles face down. (ruling) A cup holds at most {} "
         "ingredients.".format(TABS, CUP_SIZE), "Players and components"),
    Rule("CR-6", "seed, ruling", "Upgrades, one tile of each per player: 1 Corner: {}. 2 Crowd: {} (your own second one "
         "too). 3 Diagonal: {}. 4 Specialty: {}. (ruling) Doubles never stack: a space gives 1, or {} if any of your "
         "doubling upgrades applies.".format(UPGRADE_EFFECTS[CORNER], UPGRADE_EFFECTS[CROWD], UPGRADE_EFFECTS[DIAGONAL],
                                             UPGRADE_EFFECTS[SPECIAL], DOUBLE), "Players and components"),
    Rule("CR-7", "public, ruling", "Shuffle the deck; the token on Open. Each player puts 1 card on Tab 1 and 1 on Tab 2; "
         "the start player {} more on Tab 1. (ruling) Dealt from the top in turn order from the start player, Tab 1 then "
         "Tab 2, the start player's extra card last.".format(START_EXTRA), "Set-up"),
    Rule("CR-8", "public", "3-4 players: in reverse turn order each places their meeple on an empty space and takes its "
         "ingredient into a cup. 2 players: starting with the non-start player, alternate until each has placed 2 meeples. "
         "Never two meeples on one space. (In this app you choose the cup for the set-up ingredient.)", "Set-up"),
    Rule("CR-9", "seed, public, ruling", "Activate upgrades (optional): put {} cards from your up-vote pile out of the game "
         "to turn one of your tiles face up; it works at once. (ruling) Any number per turn, before you move.".format(
             UPGRADE_COST), "A turn, in this order"),
    Rule("CR-10", "seed, public, ruling", "Move: your meeple (2 players: one of your two) takes up to {} steps plus {} per "
         "Rush token spent (spent tokens go back; no limit). A step goes to an orthogonally adjacent space (diagonal too "
         "with upgrade 3). It may pass any other meeple but not end on one. (ruling) 0 steps is allowed; a move never "
         "enters the same space twice nor returns to its start.".format(STEPS, RUSH_STEP), "A turn, in this order"),
    Rule("CR-11", "seed", "Collect: every space entered gives its ingredient (CR-6 may make it {}); the start space gives "
         "nothing.".format(DOUBLE), "A turn, in this order"),
    Rule("CR-12", "seed, public, ruling", "Pour: first empty any cups you like, then put each collected ingredient in a cup "
         "or back in the supply. Poured ingredients never change cup. (ruling) Nothing collected is kept outside a cup "
         "after this step. (In this app the Pour step is skipped when nothing was collected.)", "A turn, in this order"),
    Rule("CR-13", "seed, ruling", "Serve: a cup whose contents equal an order on your board (any tab, same ingredients and "
         "counts) may serve it: the card goes to your up-vote pile, the cup is emptied. A ★ order gives {} Rush token. "
         "(ruling) Serving is optional; the app accepts only exact matches. At most {} orders a turn (one per "
         "cup).".format(SPECIALTY_RUSH, CUPS), "A turn, in this order"),
    Rule("CR-14", "seed, public, ruling", "New orders: if you served N > 0 orders, the next {} players clockwise each draw N "
         "cards onto Tab 1 (ruling: the next player draws all N first). (public) With 2 players only the opponent draws N. "
         "When a draw finds the deck empty, or the deck empties, the token flips to Closed (it never flips back); draws "
         "that cannot be made are lost.".format(ORDER_RECEIVERS), "A turn, in this order"),
    Rule("CR-15", "public, ruling", "2 players only: after your Flow of time draw {} card onto your Tab 1.".format(
        TWO_PLAYER_DRAW), "A turn, in this order"),
    Rule("CR-16", "seed", "Flow of time: every order on your board moves down one tab; those leaving Tab {} go to your "
         "down-vote pile as penalties, and you gain {} Rush token per penalty received now. When any player holds {} or "
         "more penalties the token flips to Closed.".format(TABS, PENALTY_RUSH, CLOSING_PENALTIES), "A turn, in this order"),
    Rule("CR-17", "seed", "End check: token Open, or Closed while you are not the last player of the round (the one before "
         "the start player): the next player plays. Closed and you are last: the game ends, so all have had equal turns. "
         "(In this app: when no order waits on any board after a Flow of time, none can ever be served again, so the "
         "token flips to Closed too.)",
         "A turn, in this order"),
    Rule("CR-18", "seed", "Each card in your up-vote pile +{}, each face-up upgrade +{}, each penalty {}.".format(
        UPVOTE_POINTS, UPGRADE_POINTS, PENALTY_POINTS), "Scoring"),
    Rule("CR-19", "seed, ruling", "Ties: most cards in the up-vote pile (ruling: cards put out for upgrades do not count), "
         "then most Rush tokens; (ruling) then a shared win.", "Scoring"),
    Rule("CR-20", "public, ruling", "(ruling) Everything is public but the order of the deck: boards, tabs, cups, tokens, "
         "tiles, pile sizes, the token side. The contents of up-vote and down-vote piles are not shown (only counts).",
         "What a player sees"),
    Rule("CR-21", "worked example", "A turn: A walks past B's meeple, spends a Rush token for a 4th step, pours, serves two "
         "orders (one ★), B then C draw 2 each, A's Tab 4 order becomes a penalty.", "Worked examples"),
    Rule("CR-22", "worked example", "The end: the token closes in B's Flow of time, C plays, the game ends; a tie on points "
         "is broken by up-votes, then by Rush tokens.", "Worked examples"),
    Rule("CR-23", "worked example", "2 players: P serves 1 order, Q draws 1; after P's Flow of time P draws 1.",
         "Worked examples"),
)

HOW_TO_PLAY = (
    "Goal: serve the most coffee orders; each served order is 1 point, each upgrade 2, each penalty -1.",
    "Orders wait on the four tabs of your board; every turn they slide one tab down.",
    "An order that slides off Tab 4 becomes a penalty (you get a Rush token for it).",
    "On your turn, first you may turn in 3 served orders to activate an upgrade tile.",
    "Then walk your meeple up to 3 spaces, one space at a time; each space you enter gives its ingredient.",
    "Spend a Rush token for each extra step. You may pass other meeples but not stop on one.",
    "Pour what you collected into your 3 cups (4 ingredients each), or put it back. You may empty cups first.",
    "A cup that holds exactly an order's ingredients serves it. Orders marked ★ give a Rush token.",
    "Every order you serve makes the next players draw new orders: keep them busy!",
    "When the deck runs out or someone has 5 penalties, the round is finished and the game ends.",
)

INFO = GameInfo(
    id="coffeerush",
    title="Coffee Rush",
    pitch="Walk the coffee bar, fill three cups and serve orders before they slide off your board.",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    version=1,
    rules=RULES,
    private_information=False,  # everything is public but the deck order, hidden from everyone
    how_to_play=HOW_TO_PLAY,
    intro=(
        "Each turn walk your barista up to three spaces of the 4x4 bar (Rush tokens buy more), collect the ingredient of "
        "every space you enter, pour them into your three cups and serve the orders they match. Every order you serve "
        "sends new orders to the next players; every turn your orders slide one tab toward a penalty. When the deck runs "
        "out or someone holds five penalties, the round is played out and the most points win."
    ),
)
