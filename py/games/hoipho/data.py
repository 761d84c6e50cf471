"""Hội Phố: every number of the rules and rulings, the merchants, and the rules text for the
rules panel (rules file: shared/rules/hoipho.md; seed: the 2018 rulebook)."""

from tabletop import N_, GameInfo, Rule

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # HP-1
# HP-2: Merchant Ship cards in the game, by player count (each player owns one every round).
SHIPS = {3: 3, 4: 4, 5: 8}
START_COINS = 2  # HP-5: every player's coins at the start of every round
# HP-5: cards dealt with a player's own ship; with 3 players each discards 1 to keep 4.
HAND_SIZE = 4
DISCARDS = {3: 1, 4: 0, 5: 0}
TURNS = 3  # HP-6: three turns a round; the fourth card stays in hand
# HP-7 (public): what each ship's owner gains, by the number of ships revealed (3+: nothing).
SHIP_PAY = {1: 3, 2: 1}
HIGH_PAY = 2  # HP-9, HP-11: the highest merchant (and a Monopoly)
SECOND_PAY = 1  # HP-9: the 2nd highest (not in a Solo, HP-11)
CONTRACTS_TO_WIN = 3  # HP-14
ROUND_CONTRACTS = 1  # HP-13: the richest player's contract

# HP-3: the merchants by reputation: (name, skill id); the screens say a name in the reader's language.
MERCHANTS = {
    1: (N_("Mouse"), "mouse"),
    2: (N_("Buffalo"), "buffalo"),
    3: (N_("Tiger"), "tiger"),
    4: (N_("Cat"), "cat"),
    5: (N_("Dragon"), "dragon"),
    6: (N_("Snake"), "snake"),
    7: (N_("Horse"), "horse"),
    8: (N_("Goat"), "goat"),
    9: (N_("Monkey"), "monkey"),
    10: (N_("Hen"), "hen"),
    11: (N_("Dog"), "dog"),
    12: (N_("Pig"), "pig"),
}
PIG_TITLE = "Porco Marques"  # the seed's name for the Pig
# Skill numbers (HP-3).
MOUSE_GAIN = 3
BUFFALO_GAIN = 3
SNAKE_STEAL = 3
GOAT_CONTRACTS = 1  # gained at once; as many again if the same player takes the round's contract
DOG_LOSS = 1
PIG_GIFT = 1  # to each neighbour, left neighbour first
# HP-4: a merchant revealed in the same turn as its rival has reputation 0 for that turn.
RIVALS = {12: 1, 10: 11, 11: 4}
# Mouse: rock-paper-scissors, a draw is replayed; the loser discards this share of their coins.
THROWS = ("rock", "paper", "scissors")
THROW_NAMES = {"rock": N_("rock"), "paper": N_("paper"), "scissors": N_("scissors")}  # in a sentence
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
MOUSE_LOSS_DIVISOR = 2  # half, rounded down

SKILL_TEXT = {
    "mouse": "Gain {} coins, then play rock-paper-scissors with an opponent of your choice; the loser discards half their coins (rounded down). A draw is replayed.".format(MOUSE_GAIN),
    "buffalo": "Gain {} coins.".format(BUFFALO_GAIN),
    "tiger": "Every player passes one card of their choice to the player on their left (all choose at once).",
    "cat": "Choose an opponent: give them a card of your choice from hand and take a random card from theirs.",
    "dragon": "Every coin any player gained this turn is returned.",
    "snake": "Steal {} coins from an opponent (all they have if fewer).".format(SNAKE_STEAL),
    "horse": "Swap the coins of any two players (you may be one of them).",
    "goat": "Gain 1 contract; if you also win this round's contract, gain another.",
    "monkey": "Copy the skill of another merchant revealed this round (this turn included); nothing if there is none.",
    "hen": "No skill.",
    "dog": "Lose {} coin.".format(DOG_LOSS),
    "pig": "Give 1 coin to each player sitting next to you (you lose 2 in all; if short, the left neighbour first).",
}

_table = " · ".join(
    "{} {}{}: {}".format(rep, name, ' ("{}")'.format(PIG_TITLE) if rep == 12 else "", SKILL_TEXT[skill])
    for rep, (name, skill) in MERCHANTS.items()
)

RULES = (
    Rule("HP-1", "seed", "3 to 5 players.", "Players and components"),
    Rule("HP-2", "seed",
         "12 Merchant cards, reputation 1 to 12; Merchant Ship cards: 3 for 3 players, 4 for 4, 8 for 5; "
         "coins (silver 1, gold 5: in the app just a number); contracts.", "Players and components"),
    Rule("HP-3", "seed, ruling",
         "Merchants (animals: the seed's where named; skills: the public Fai-Fo list, the Dragon's and the Pig's from "
         "the seed; a skill fires only when its card is the lowest merchant, HP-9): " + _table + " — "
         "Rulings: a skill is always used; the Mouse, the Cat and the Snake may pick any opponent (even one without "
         "coins) and the Horse any two different players. The Cat takes its random card from the opponent's hand as "
         "it was before the gift. The Dragon returns the coins of ships and ranking gained in this turn. The Goat's "
         "second contract comes on top of the round's contract. The Monkey copies any merchant revealed in a turn "
         "of this round by anyone (not the 3-player discards; the Hen has no skill to copy); with a single "
         "candidate it copies it at once. Seats sit clockwise in seat order: your left neighbour is the next seat. "
         "A player with a single card in hand passes or gives it without being asked.",
         "Players and components"),
    Rule("HP-4", "seed, ruling",
         "Special conditions (cards 10, 11, 12): a merchant revealed in the same turn as its rival has its reputation "
         "turned to 0 for that turn. Rivals: the Pig (12) meets the Mouse (1); the Hen (10) meets the Dog (11); "
         "ruling: the Dog (11) meets the Cat (4). All conditions are checked on the cards as revealed "
         "(a Dog turned to 0 by the Cat still turns the Hen to 0).", "Players and components"),
    Rule("HP-5", "seed",
         "Each player gets 1 Merchant Ship and {} coins (coins are reset to {} at the start of every round; "
         "contracts are kept). The other cards (all merchants, plus the 3 spare ships with 5 players) are shuffled "
         "and dealt: 4 cards each with 4-5 players (3 + the ship); with 3 players 5 cards each (4 + the ship), then "
         "every player discards one card face up, all at once.".format(START_COINS, START_COINS), "A round"),
    Rule("HP-6", "seed",
         "Three turns. In each, every player picks one card from hand face down; all are revealed at once and ranked "
         "(HP-7 to HP-11). The fourth card stays in hand.", "A round"),
    Rule("HP-7", "seed, public",
         "Ships first; a ship never takes part in the reputation ranking (reputation 0). Exactly 1 ship revealed: its "
         "owner gains {} coins. 2 ships: each owner gains {}. 3 or more: nobody gains anything from ships.".format(
             SHIP_PAY[1], SHIP_PAY[2]), "Ranking a turn, in this order"),
    Rule("HP-8", "seed", "Special conditions (HP-4).", "Ranking a turn, in this order"),
    Rule("HP-9", "seed",
         "Among the merchants: the highest reputation gains {} coins, the 2nd highest gains {}, and the lowest "
         "triggers its skill.".format(HIGH_PAY, SECOND_PAY), "Ranking a turn, in this order"),
    Rule("HP-10", "ruling",
         "Merchants are ordered by current reputation; merchants turned to 0 are ordered among themselves by printed "
         "reputation, the higher printed reputation ranking lower (so a Pig turned to 0 ranks below a Hen turned to 0, "
         "and triggers its skill).", "Ranking a turn, in this order"),
    Rule("HP-11", "seed",
         "Monopoly: exactly one merchant among the revealed cards (the rest ships): it gains {} coins and then triggers "
         "its skill. Solo: exactly two merchants: only the highest ({} coins) and the lowest (skill) count; no "
         "2nd-place coin.".format(HIGH_PAY, HIGH_PAY), "Ranking a turn, in this order"),
    Rule("HP-12", "seed",
         "Worked example, turn 1: Hen (10), Dog (11), Monkey (9), Buffalo (2), no ships. The Hen meets the Dog, so the "
         "Hen is 0. The Dog gains 2, the Monkey gains 1, the Buffalo nothing, and the Hen (0) is lowest and triggers "
         "its skill. Turn 2: three ships and the Goat (8): ships pay nobody; the Goat is a Monopoly: 2 coins and its "
         "skill. Turn 3: the Dragon (5) is lowest: every coin gained this turn goes back.", "Ranking a turn, in this order"),
    Rule("HP-13", "seed, ruling",
         "After the third turn the player with the most coins gains 1 contract. Tie: the tied players compare the card "
         "left in their hand; the highest reputation wins (a ship counts 0). Ruling: still tied, nobody gains the "
         "contract; only the tied players show their fourth card.", "End of round, end of game"),
    Rule("HP-14", "seed, ruling",
         "If a player has {} or more contracts at the end of a round, the game ends; that player wins. If several do: "
         "ruling: the most contracts wins, then (seed) the highest card left in hand; ruling: then they share the "
         "win.".format(CONTRACTS_TO_WIN), "End of round, end of game"),
    Rule("HP-15", "seed", "Otherwise the next round starts (HP-5).", "End of round, end of game"),
)

# What a newcomer reads first, before the full rules (the rules panel's "How to play").
HOW_TO_PLAY = (
    "Goal: be the first to win 3 trade contracts.",
    "A round starts with everyone discarding one card face up, then has three turns.",
    "Each turn everyone picks one card from their hand face down; then all are shown at once.",
    "Ships pay their owners coins when only one or two ships sail; three or more earn nothing.",
    "The merchant with the highest reputation earns 2 coins, the second 1.",
    "Only the lowest merchant's skill takes effect (steal coins, swap coins, pass cards and more).",
    "After the third turn the richest player takes a contract; the card left in hand breaks ties.",
    "The game ends when someone has 3 contracts: the most contracts wins.",
)


INFO = GameInfo(
    id="hoipho",
    title="Hội Phố",
    pitch="Merchants of old Hội An: reveal a card at once with everyone, rank by reputation, and be the richest to win contracts.",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    version=1,
    rules=RULES,
    intro=(
        "Merchants in the old port town of Hội An (Fai-Fo) compete for the King's trade contracts. Every turn all "
        "players pick a card face down and reveal them at once: ships pay when few sail, the highest merchant earns "
        "2 coins, the second 1, and only the lowest merchant's skill fires. After three turns the richest player "
        "takes a contract; the first to 3 contracts wins."
    ),
    how_to_play=HOW_TO_PLAY,
)
