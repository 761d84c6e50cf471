"""The kernel's re-deal of hidden hands (tabletop.deal), used by the games' `scramble`."""

import random

from tabletop.deal import redeal_hands


def test_redeal_keeps_sizes_and_cards_and_leaves_other_seats_alone():
    hands = [[1, 2, 3], [4, 5], [6, 7, 8, 9], []]
    deck = [10, 11, 12, 13, 14]
    before = [list(h) for h in hands]
    new_deck, renamed = redeal_hands(hands, [1, 2, 3], deck, random.Random(5))
    assert hands[0] == before[0]  # the seat that knows its hand keeps it
    assert [len(h) for h in hands] == [len(h) for h in before] and len(new_deck) == len(deck)
    assert sorted(new_deck + hands[1] + hands[2] + hands[3]) == list(range(4, 15))
    assert all(h == sorted(h) for h in hands[1:])  # ordered by `arrange` (sorted by default)
    assert deck == [10, 11, 12, 13, 14]  # the deck given is not changed in place
    assert sorted(renamed) == [4, 5, 6, 7, 8, 9]
    assert [renamed[c] for c in before[2]] == hands[2]  # a hand's cards map to the new hand's, place by place


def test_redeal_is_reproducible_and_really_random():
    def deal(seed, arrange=sorted):
        hands = [[1, 2], [3, 4, 5], [6, 7, 8]]
        deck, _ = redeal_hands(hands, [1, 2], list(range(9, 20)), random.Random(seed), arrange=arrange)
        return hands, deck

    assert deal(1) == deal(1)
    assert len({str(deal(seed)) for seed in range(20)}) > 15
    hands, _ = deal(3, arrange=lambda cards: sorted(cards, reverse=True))
    assert all(h == sorted(h, reverse=True) for h in hands[1:])
