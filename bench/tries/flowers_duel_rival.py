"""Flowers, tried 2026-12-06: heads-up, Hard models the rival's next take instead of guessing
it. For each take it samples what the stacks turn up next and lets the rival take greedily (the
card it would gain most from, as Normal does); Hard's next turn is then valued with what that
leaves (today: each face-up card left survives with a fixed chance, SURVIVE), and the rival's
gain counts against Hard's (today: the best gain among the cards left, the card turned up after
Hard's take forgotten). 55.0% against the pinned Hard over 50 seeds, 59.0% with DUEL_WORLDS=8;
measured on the Hard before EndRisk (commit 3ac8d04), which this replaces heads-up. Run by
`bench/hard_bench.py --titles flowers --rows old --patch bench/tries/flowers_duel_rival.py`."""

DUEL_WORLDS = 4  # sampled pairs: the card turned up after my take, and after the rival's
DUEL_DENY = 1.0
DUEL_GROW = 0.25
_hard_any_count = hard


class _Duel:
    def __init__(self, view, seat, turns, rng, chooser, weights, rival, rival_hidden):
        self.view, self.seat, self.turns, self.weights = view, seat, turns, weights
        self.chooser, self.rival, self.rival_hidden = chooser, rival, rival_hidden
        pool = unseen_cards(view)
        self.sample = rng.sample(pool, min(2 * DUEL_WORLDS, len(pool)))
        self.deadline = botlib.deadline(HARD_TIME_BUDGET)

    def plan(self, survivors, turned):
        """[cards on offer at my next turn, per world], the rival's mean gain."""
        offers, gains = [], []
        for w in range(len(self.sample) // 2):
            new, after_rival = self.sample[2 * w], self.sample[2 * w + 1]
            offer = list(survivors) + ([new] if turned else [])
            taken, gain = None, self.rival_hidden
            for card in offer:
                g = self.rival.best(card)
                if g > gain:
                    taken, gain = card, g
            if taken is not None:
                offer.remove(taken)
                offer.append(after_rival)
            offers.append(offer)
            gains.append(gain)
        if not offers:
            return [list(survivors)], self.rival_hidden
        return offers, sum(gains) / len(gains)

    def next_turn(self, chooser, offers):
        hidden = sum(chooser.best(c) for c in self.sample) / len(self.sample) if self.sample else 0.0
        return sum(max([hidden] + [chooser.best(c) for c in offer]) for offer in offers) / len(offers)

    def best_place(self, card, offers, values=None):
        best = None
        for gain, key in self.chooser.ranked(card)[:LOOK_PLACES]:
            if botlib.past(self.deadline):
                after = self.chooser
            else:
                garden = dict(self.view["gardens"][self.seat])
                garden[key] = garden.get(key, []) + [card]
                after = Chooser(Board(garden, max(0.0, self.turns - 1), self.weights))
            value = gain + LOOK * self.next_turn(after, offers)
            if values is not None:
                values[key] = value
            if best is None or value > best[0]:
                best = (value, key)
        return best


def hard(game, view, seat, legal, rng):
    if view["players"] != 2:
        return _hard_any_count(game, view, seat, legal, rng)
    held = view["held"]
    if held is not None and view["stacks"][view["held_from"]]["count"] == 0:
        return _hard_any_count(game, view, seat, legal, rng)  # FL-9: scored exactly
    weights, turns = Weights(grow_rate=DUEL_GROW, area_potential=0.9, fly_potential=0.6), hard_turns_left(view)
    chooser = Chooser(Board(view["gardens"][seat], turns, weights))
    rival = Chooser(Board(view["gardens"][1 - seat], turns, weights))
    rival_hidden = hidden_value(rival, view, rng, HARD_HIDDEN_SAMPLES // 2)
    duel = _Duel(view, seat, turns, rng, chooser, weights, rival, rival_hidden)
    faces = {i: s["top"] for i, s in enumerate(view["stacks"]) if s["top"] is not None}
    if held is not None:
        turned = FACE_UP[view["held_from"]]
        offers, _ = duel.plan(list(faces.values()), turned)
        values = {}
        place = "place:" + duel.best_place(held, offers, values)[1]
        search.note({"place:" + key: v for key, v in values.items()}, place, "points")
        return place
    expected = hidden_value(chooser, view, rng, HARD_HIDDEN_SAMPLES)
    lead = leads(view, seat, weights, turns)
    options = []
    for action in legal:
        i = int(action.split(":")[1])
        stack = view["stacks"][i]
        top = stack["top"]
        if stack["count"] == 1:
            if top is not None:
                value = _final_value(view, seat, top, chooser)
            else:
                pool = unseen_cards(view)
                picks = rng.sample(pool, min(4, len(pool)))
                value = sum(_final_value(view, seat, c, chooser) for c in picks) / len(picks)
            options.append((action, value))
            continue
        others = [c for j, c in faces.items() if j != i]
        offers, rival_gain = duel.plan(others, top is not None)
        if top is not None:
            gain = duel.best_place(top, offers)[0]
        else:
            gain = expected + LOOK * duel.next_turn(chooser, offers)
        gain -= DUEL_DENY * rival_gain - pace(view, seat, i, lead)
        options.append((action, gain))
    chosen = _pick(options, rng)
    search.note(dict(options), chosen, "points")
    return chosen
