"""Flowers, tried 2026-12-06: EndRisk also counts the other side of a stack left at one card:
when the other player would not end the game with it (they would lose), Hard may end it on its
next turn, and wins if its end then beats theirs after their turn (their take sampled). 58.0%
against the pinned Hard over 200 seeds, against 58.6% without (bench/RESULTS.md, "2026-12-06,
night"): not kept. Run by `bench/hard_bench.py --titles flowers --rows old --patch
bench/tries/flowers_end_wins.py`."""

_take_losses_only = EndRisk.take


def _take_with_wins(self, options):
    counts = [s["count"] for s in self.view["stacks"]]
    garden = self.view["gardens"][self.seat]
    weighed = []
    for action, value in options:
        i = int(action.split(":")[1])
        after = list(counts)
        after[i] -= 1
        ups, down = self.endings(after, i if FACE_UP[i] else None)
        if counts[i] <= 1 or not (ups or down) or not self.sample:
            weighed.append((action, value))
            continue
        top = self.view["stacks"][i]["top"]
        cards = [top] if top is not None else self.sample[:END_SAMPLES // 2]
        total = 0.0
        for card in cards:
            cells = [k for _, k in self.chooser.ranked(card)[:HARD_EXACT_CELLS]]
            _, cell = _exact_after(dict(garden), card, cells)
            mine = _final_key(_scored_with(garden, card, cell))
            risk = self.loss(mine, ups, down)
            grown = dict(garden)
            grown[cell] = grown.get(cell, []) + [card]
            chooser = Chooser(Board(grown, 0.0, self.chooser.board.w))
            wins = 0.0
            s = len(self.sample)
            blind = down and sum(self.rival_final(c) > mine for c in self.sample) / s > 0.5
            for w, taken in enumerate(self.sample if not blind else ()):
                if any(self.rival_final(taken if up is None else up) > mine for up in ups):
                    continue  # they end it
                theirs = self.rival_final(taken)
                lasts = [up if up is not None else self.sample[(w + 1) % s] for up in ups]
                if down:
                    lasts.append(self.sample[(w + 2) % s])
                best = max(_final_key(_exact_after(dict(grown), last, [k for _, k in chooser.ranked(last)[:HARD_EXACT_CELLS]])[0])
                           for last in lasts)
                if best > theirs:
                    wins += 1.0
            win = min(wins / s, 1 - risk)
            total += risk * LOSS + win * WIN + (1 - risk - win) * value
        weighed.append((action, total / len(cards)))
    return weighed


EndRisk.take = _take_with_wins
