"""The Number: every number of the rules and rulings, and the rules text for the rules panel."""

from tabletop import GameInfo, Rule

DIGITS = "0123456789"
NUMBER_LENGTH = 3
ROUNDS = 2
TURNS_PER_ROUND = 5
# TN-11 (ruling): the turn bonus on turns 1..5 of a round.
BONUS = (1, 2, 3, 4, 5)
# TN-15: on the final turn the digit score is multiplied by this, before the bonus.
FINAL_TURN_MULTIPLIER = 2
# TN-10 (ruling): when several valid players share the biggest number, each gains the bonus.
BONUS_SHARED_ON_TIE = True

RULES = (
    Rule("TN-1", "public", "2 to 5 players (Board Game Arena lists 3-5; the older edition plays 2-5).", "Players"),
    Rule("TN-2", "seed", "Each player has a sheet with the ten digits 0-9, five turn score boxes and a squiggle box, per round.", "Set-up"),
    Rule("TN-3", "seed", "At the start of each round every digit is available to every player.", "Set-up"),
    Rule("TN-4", "seed", "Simultaneously, every player who still has an available digit writes a 3-digit number made only of digits available to them, hidden from the others.", "A turn"),
    Rule("TN-5", "public", "Leading zeros are allowed (000 to 999) and a digit may repeat (777, 707).", "A turn"),
    Rule("TN-6", "seed, ruling", "A number with a digit that is not available disqualifies its writer. In this app the number pad only offers available digits, so this cannot happen by accident; the engine still rejects such a number with a clear error.", "A turn"),
    Rule("TN-7", "seed, public", "Reveal. A number is disqualified if it is bigger than some other player's number and shares at least one digit with it. Every smaller number counts, including numbers that are themselves disqualified.", "A turn"),
    Rule("TN-8", "seed", "Identical numbers do not disqualify each other (\"you both stay in\").", "A turn"),
    Rule("TN-9", "seed", "Every player who is not disqualified scores the leftmost digit of their number (047 scores 0).", "A turn"),
    Rule("TN-10", "seed, ruling", "The player who is not disqualified and has the biggest number gains the turn bonus. Ruling: if several players share that biggest number, each of them gains it.", "A turn"),
    Rule("TN-11", "ruling, public", "The bonus is {} on turns 1 to 5 (public: the bonus increases each turn).".format(", ".join(str(b) for b in BONUS)), "A turn"),
    Rule("TN-12", "seed", "Players who are not disqualified cross out every digit used in their number; those digits are unavailable for the rest of the round.", "A turn"),
    Rule("TN-13", "seed", "A disqualified player scores 0 for the turn and keeps all their digits.", "A turn"),
    Rule("TN-14", "seed", "A player who has crossed out all ten digits before the round ends writes no number and scores 0 for each remaining turn of the round.", "A turn"),
    Rule("TN-15", "seed", "On the fifth (final) turn of a round, players who are not disqualified double their digit score, then add the bonus if they gained it.", "A turn"),
    Rule("TN-16", "seed", "Round score = sum of the five turn scores + the squiggle, where the squiggle is the number of digits the player crossed out this round (0-10).", "End of round and game"),
    Rule("TN-17", "seed", "After round 1, all digits come back and round 2 is played the same way.", "End of round and game"),
    Rule("TN-18", "seed", "Final score = round 1 + round 2. Highest wins; tied players all win.", "End of round and game"),
)

# What a newcomer reads first, before the full rules (the rules panel's "How to play").
HOW_TO_PLAY = (
    "Goal: the most points after 2 rounds of 5 turns.",
    "Each turn everyone writes a secret 3-digit number at the same time, using only digits still available to them.",
    "Then all numbers are shown together.",
    "A number bigger than another player's number that shares a digit with it is disqualified: it scores 0.",
    "Every other number scores its first digit (on the last turn of a round: twice that).",
    "The biggest number that is not disqualified also takes the turn bonus, which grows every turn.",
    "The digits of a number that is not disqualified are crossed out until the round ends.",
    "At the end of a round you score 1 more point for each digit you crossed out.",
    "Then every digit comes back for round 2.",
    "After round 2 the highest total wins; tied players all win.",
)


INFO = GameInfo(
    id="thenumber",
    title="The Number",
    pitch="Write a secret 3-digit number: go big, but not bigger than a number that shares your digits.",
    min_players=2,
    max_players=5,
    version=1,
    rules=RULES,
    intro=(
        "A bluffing game of secret, simultaneous 3-digit numbers, played over 2 rounds of 5 turns. "
        "Score the first digit of your number, take the turn bonus with the biggest valid number, "
        "and cross out as many digits as you can for the squiggle, but a number bigger than one "
        "that shares a digit with it is disqualified."
    ),
    how_to_play=HOW_TO_PLAY,
)
