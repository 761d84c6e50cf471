"""Re-dealing hidden cards for `Game.scramble`: the hands a seat cannot see and the deck are one
pool of unknown cards, so a world consistent with what that seat knows deals the pool again,
every hand keeping its size."""


def redeal_hands(hands, seats, deck, rng, arrange=sorted):
    """Deal the cards of `deck` and of the hands of `seats` again at random with `rng` (a
    random.Random); each of those hands keeps its size and is put in order by `arrange`.

    `hands` (a list per seat) is changed in place. Returns (the new deck, renamed): renamed maps
    each card that was in a re-dealt hand to the card now in its place, so that a pending choice
    naming cards of a hand (a card being summoned, cards picked to pay) follows the new hand."""
    pool = list(deck)
    for seat in seats:
        pool += hands[seat]
    rng.shuffle(pool)
    renamed = {}
    for seat in seats:
        old = hands[seat]
        new = arrange(pool[:len(old)])
        del pool[:len(old)]
        renamed.update(zip(old, new))
        hands[seat] = new
    return pool, renamed
