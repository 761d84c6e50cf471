"""Phở Phở: the cards (a ruling kept as data), every number of the rules, and the rules text.

Cards are named by their *type* (what a player tells apart: "noodle1", "beef3", "bill") and
each physical card by its type plus a copy letter ("beef3a", "beef3b", "beef3c").
Customers are named "<loved>-<hated>" ("beef-chili"); The King is "king".
"""

from tabletop import M, N_, GameInfo, Rule

# --- PP-2, PP-3: the draw pile (ruling) ---------------------------------------------------------
NOODLE = "noodle"
KINDS = ("beef", "chicken", "herbs", "chili")  # the four kinds of values 2-5
VALUES = (1, 2, 3, 4, 5)
NOODLE_VALUE = 1
NOODLE_COPIES = 14
KIND_COPIES = 3  # of each (kind, value) for values 2-5
BILL = "bill"
BILL_COPIES = 10

# Names for the screen (the name, a message the screen says in the reader's language; the
# Vietnamese word the cards print; a letter for the icon).
KIND_NAMES = {
    NOODLE: (N_("Noodle"), "bánh phở", "N"),
    "beef": (N_("Beef"), "bò", "B"),
    "chicken": (N_("Chicken"), "gà", "G"),
    "herbs": (N_("Herbs"), "rau thơm", "H"),
    "chili": (N_("Chili"), "ớt", "Ớ"),
    BILL: (N_("Bill"), "hóa đơn", "$"),
}
# The kind as a customer's taste names it ("loves Beef", "hates Bills").
KIND_WORDS = {
    NOODLE: KIND_NAMES[NOODLE][0], "beef": KIND_NAMES["beef"][0], "chicken": KIND_NAMES["chicken"][0],
    "herbs": KIND_NAMES["herbs"][0], "chili": KIND_NAMES["chili"][0], BILL: N_("Bills"),
}

# --- PP-4: the 16 customers, stars[(loved, hated)] (ruling) --------------------------------------
HATED_CHOICES = KINDS + (BILL,)
CUSTOMER_STARS = {
    ("beef", "chicken"): 2, ("beef", "herbs"): 1, ("beef", "chili"): 2, ("beef", BILL): 1,
    ("chicken", "beef"): 1, ("chicken", "herbs"): 2, ("chicken", "chili"): 1, ("chicken", BILL): 1,
    ("herbs", "beef"): 2, ("herbs", "chicken"): 1, ("herbs", "chili"): 2, ("herbs", BILL): 1,
    ("chili", "beef"): 1, ("chili", "chicken"): 2, ("chili", "herbs"): 1, ("chili", BILL): 1,
}
KING = "king"
KING_STARS = 3  # PP-21 (seed): The King counts as a 3-star Loyal Customer
KING_AMONG_BOTTOM = 4  # PP-5 (ruling): The King is shuffled in among the bottom 4 customer cards
KING_WARNING_AT = 4  # seed: "when four or fewer Customer cards remain, The King is imminent"

# --- PP-6, PP-7, PP-8: tokens, hands, the line --------------------------------------------------
TOKENS = 6
HAND_SIZE = 6  # the deal, the hand limit after a Restock, and the fresh hand of PP-17
LINE_SIZE = 3  # the Active Customer on the Bowl + 2 Side Customers

# --- PP-9, PP-10, PP-14: serving ---------------------------------------------------------------
RUN_MAX = 5  # 1-5 cards of strictly consecutive values on one customer
SAME_MIN, SAME_MAX = 2, 3  # 2-3 cards of one value, each on a different customer
FINISH_VALUE = 5  # an order is finished with a Bill and a value-5 card

# --- PP-12, PP-13, PP-17: tokens moved -----------------------------------------------------------
LOVED_FLIPS = 1
HATED_GIVES = 1
EMPTY_HAND_FLIPS = 1
MIN_TOKENS_KEPT = 1  # PP-13 (ruling): a player never gives away their last token


def card_type(card):
    """"beef3b" -> "beef3"; "billa" -> "bill"."""
    return card[:-1]


def type_kind(ctype):
    return BILL if ctype == BILL else ctype[:-1]


def type_value(ctype):
    """The value of a card type (0 for a Bill)."""
    return 0 if ctype == BILL else int(ctype[-1])


def _copies(ctype, count):
    return [ctype + chr(ord("a") + i) for i in range(count)]


def _all_types():
    types = [NOODLE + str(NOODLE_VALUE)]
    for value in VALUES[1:]:
        types += [kind + str(value) for kind in KINDS]
    return types + [BILL]


TYPES = tuple(_all_types())  # the display and legal-action order: by value, then kind; Bill last
TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}
CARDS = tuple(
    card
    for ctype in TYPES
    for card in _copies(ctype, NOODLE_COPIES if ctype.startswith(NOODLE) else BILL_COPIES if ctype == BILL else KIND_COPIES)
)
CARD_ORDER = {c: i for i, c in enumerate(CARDS)}
CARD_TYPE = {c: card_type(c) for c in CARDS}  # lookups for the hot paths of rules and bots
CARD_VALUE = {c: type_value(card_type(c)) for c in CARDS}
CARD_KIND = {c: type_kind(card_type(c)) for c in CARDS}


def customer_id(loved, hated):
    return "{}-{}".format(loved, hated)


CUSTOMERS = tuple(customer_id(l, h) for (l, h) in CUSTOMER_STARS)
CUSTOMER = {customer_id(l, h): {"loved": l, "hated": h, "stars": s} for (l, h), s in CUSTOMER_STARS.items()}
CUSTOMER[KING] = {"loved": None, "hated": None, "stars": KING_STARS}


def stars(customer):
    return CUSTOMER[customer]["stars"]


def type_name(ctype):
    """A card type's name, a message: "Beef 3", "Bill"."""
    if ctype == BILL:
        return KIND_NAMES[BILL][0]
    return M("{kind} {value}", kind=KIND_NAMES[type_kind(ctype)][0], value=type_value(ctype))


def kind_word(kind):
    """The kind as a customer's taste names it, a message: "Beef", "Bills"."""
    return KIND_WORDS[kind]


def customer_name(customer):
    """"2★ customer (loves Beef, hates Chili)"; "The King" (messages)."""
    return CUSTOMER_NAMES[customer]


CUSTOMER_NAMES = {c: M("{stars}★ customer (loves {loved}, hates {hated})", stars=CUSTOMER[c]["stars"],
                       loved=kind_word(CUSTOMER[c]["loved"]), hated=kind_word(CUSTOMER[c]["hated"])) for c in CUSTOMERS}
CUSTOMER_NAMES[KING] = N_("The King")


_table = "; ".join("{}★ loves {} and hates {}".format(s, kind_word(l), kind_word(h)) for (l, h), s in CUSTOMER_STARS.items())

RULES = (
    Rule("PP-1", "public", "2 to 6 players (the published listing says 2-6).", "Players"),
    Rule("PP-2", "ruling",
         "Ingredient cards have a value 1-5 and a kind. Value 1 is always Noodle (bánh phở): {} cards. "
         "Values 2-5 each come in four kinds, Beef (bò), Chicken (gà), Herbs (rau thơm) and Chili (ớt), "
         "{} copies of each value and kind: {} cards.".format(NOODLE_COPIES, KIND_COPIES, KIND_COPIES * 4 * 4),
         "Components"),
    Rule("PP-3", "ruling", "{} Bill cards. Ingredients and Bills are shuffled together into one draw pile ({} cards).".format(
        BILL_COPIES, len(CARDS)), "Components"),
    Rule("PP-4", "seed",
         "A customer has a Star Value of 1 or 2, a loved ingredient and a hated ingredient; a customer may hate Bills. "
         "Nobody loves or hates Noodle (every bowl starts with one). This app's 16 customers, one per pair (the seeds "
         "do not list them): " + _table + ".", "Components"),
    Rule("PP-5", "seed, ruling", "The King: one card in the customer deck, placed near the bottom: it is shuffled in among "
         "the bottom {} cards (ruling; the seed warns that when four or fewer customer cards remain, The King is "
         "imminent).".format(KING_AMONG_BOTTOM), "Components"),
    Rule("PP-6", "seed", "Each player has {} two-sided Favor Tokens (Mad / Happy).".format(TOKENS), "Components"),
    Rule("PP-7", "seed", "Deal {} cards to each player ({} is also the hand limit). All tokens start Mad.".format(
        HAND_SIZE, HAND_SIZE), "Set-up"),
    Rule("PP-8", "seed", "Turn up {} customers in a line: the first is the Active Customer on the Bowl, the other two "
         "are Side Customers. The remaining customers form the customer deck, The King among its bottom {} (PP-5). "
         "A random player starts; play goes clockwise.".format(LINE_SIZE, KING_AMONG_BOTTOM), "Set-up"),
    Rule("PP-9", "seed", "On your turn choose one action. Serve the Customers, exactly one of: (a) single customer: "
         "1-{} cards of strictly consecutive values (a single card is a run of one) placed in ascending order on one "
         "customer; (b) multiple customers: {}-{} cards of the same value, each on a different customer; (c) Bill: "
         "one Bill next to any customer (one who already has a Bill may get another: it changes nothing for the "
         "order, but the play and its discard-and-redraw still happen), then you may discard any number of cards "
         "from your hand and draw that many.".format(RUN_MAX, SAME_MIN, SAME_MAX), "A turn"),
    Rule("PP-10", "seed", "Placement: on a customer with no ingredient the first card must be a 1 (Noodle); after that "
         "each card must equal the value of the current top card or be exactly 1 higher.", "A turn"),
    Rule("PP-11", "seed", "Restock Ingredients: draw as many cards as you have Mad tokens; then you may take one Serve "
         "action (PP-9); finally discard down to {} cards (your choice).".format(HAND_SIZE), "A turn"),
    Rule("PP-12", "seed", "Loved: a card of the customer's loved kind flips one of your Mad tokens to Happy.",
         "Effects of each card, in the order it is placed"),
    Rule("PP-13", "seed, ruling", "Hated: a card of the hated kind (or a Bill, for a customer who hates Bills) fails "
         "the order at once: the customer and every card on it are discarded, and you give one of your Mad tokens to "
         "an opponent of your choice. Ruling: with no Mad token you give nothing, and a player never gives away "
         "their last token. Cards of the same run not yet placed stay in your hand; in a multiple-customer play the "
         "cards meant for other customers are still placed. (In this app the log names only the cards placed: the rest "
         "of the run stays unseen in your hand. With two players the token goes to the only opponent "
         "without asking.)", "Effects of each card, in the order it is placed"),
    Rule("PP-14", "seed", "An order is finished as soon as the customer has a Bill and a value-5 card; a customer who "
         "hates Bills needs only the value-5 card.", "Effects of each card, in the order it is placed"),
    Rule("PP-15", "seed", "Finishing the Active customer: every player flips as many Mad tokens to Happy as the "
         "customer's stars. Finishing a Side customer: only the player who finished it does. (In this app a flip "
         "needs a Mad token: flips beyond your Mad tokens are lost. The Active customer is whoever stands on the "
         "Bowl at that moment.)", "Effects of each card, in the order it is placed"),
    Rule("PP-16", "seed", "A finished or failed customer leaves with its cards (to the discard pile); the customers "
         "behind slide toward the Bowl and a new customer is turned up at the end of the line.",
         "Effects of each card, in the order it is placed"),
    Rule("PP-17", "seed", "Empty hand: if your hand is empty after your Serve, flip {} Mad token to Happy and draw a "
         "fresh hand of {}. (In this app a Bill's discard-and-draw belongs to the Serve: the hand is checked after "
         "it.)".format(EMPTY_HAND_FLIPS, HAND_SIZE), "Bonuses"),
    Rule("PP-18", "seed, ruling", "Perfect Reputation: the moment all of a player's tokens are Happy, that player "
         "claims a Loyal Customer face down, then turns all their tokens back to Mad. Ruling: the Loyal Customer is "
         "the top card of the customer deck; its stars count for its owner at the end, others see only how many "
         "Loyal Customers each player has. When several players reach it at once, they are resolved in turn order "
         "from the current player. (In this app: with the customer deck empty there is nothing to claim and the "
         "tokens stay Happy.)", "Bonuses"),
    Rule("PP-19", "ruling", "When the draw pile is empty, shuffle the discard pile into a new draw pile; if both are "
         "empty, draw what there is.", "Running out"),
    Rule("PP-20", "seed, ruling", "When The King is turned up (while refilling the line, or as a Loyal Customer claim) "
         "it is set aside, not served, and the slot is refilled from the deck if any card remains. Ruling: the "
         "current turn is finished; then every player, starting with the next, takes exactly one final turn.",
         "End of the game"),
    Rule("PP-21", "seed, ruling", "The King goes, as a {}-star Loyal Customer, to the player with the most Happy "
         "tokens; tie-break: fewest Mad tokens. Ruling: if still tied, every tied player scores the {} stars.".format(
             KING_STARS, KING_STARS), "End of the game"),
    Rule("PP-22", "seed, ruling", "Players reveal their Loyal Customers; the most stars wins. Ruling: tie-break: most "
         "Happy tokens; still tied, the tied players share the win.", "End of the game"),
)

# What a newcomer reads first, before the full rules (the rules panel's "How to play").
HOW_TO_PLAY = (
    "Goal: the most stars from Loyal Customers when the game ends.",
    "Three customers wait in line; each loves one ingredient and hates another.",
    "On your turn either Serve or Restock (draw one card per Mad token you have, then you may serve once).",
    "Serve: a bowl starts with a Noodle (1) and climbs, each card the same value or one more, up to a 5.",
    "A Bill and a 5 finish the order, and the customer leaves happy.",
    "Serving a loved ingredient, or finishing an order, turns one of your Mad tokens Happy.",
    "Serving a hated ingredient spoils the order: you give one of your Mad tokens to a rival.",
    "Once all your tokens are Happy you win a Loyal Customer (its stars stay hidden), and your tokens turn Mad again.",
    "When The King appears, everyone takes one last turn; he joins the player with the most Happy tokens.",
    "Then the Loyal Customers are shown: the most stars wins.",
)


INFO = GameInfo(
    id="phopho",
    title="Phở Phở",
    pitch="Serve bowls of phở to picky customers, turn their Mad tokens Happy and win Loyal Customers' stars.",
    min_players=2,
    max_players=6,
    version=2,  # 2: PP-9 (c), a Bill may go to a customer who already has one
    rules=RULES,
    intro=(
        "A hand-shedding card game. Build bowls for the customers in line: start with a Noodle, climb to a 5, "
        "add a Bill. Loved ingredients and finished orders turn your Mad tokens Happy; once all are Happy you win "
        "a Loyal Customer's stars. A hated ingredient spoils the order, and you pass a Mad token to a rival. "
        "When The King turns up, everyone takes one final turn."
    ),
    how_to_play=HOW_TO_PLAY,
)
