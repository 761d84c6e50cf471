"""Who scored The King in Phở Phở games of Hard against Normals, and how Hard fared (2026-12-06):
one line a game (seed, Hard's seat, won or lost, The King to Hard alone / shared / a rival,
stars, Happy and Mad tokens), then the counts. Run from the repository:
  .venv/bin/python bench/tries/phopho_table_kings.py PLAYERS FIRST_SEED LAST_SEED
Figures: bench/RESULTS.md, 2026-12-06, evening ("how it is lost")."""
import collections
import sys

sys.path.insert(0, "py")
from games import GAMES  # noqa: E402
from games.phopho.data import CUSTOMER  # noqa: E402
from tabletop.simulate import play_game  # noqa: E402

game = GAMES["phopho"]
players, first, last = (int(x) for x in sys.argv[1:4])
counts = collections.Counter()
for seed in range(first, last + 1):
    for h in range(players):
        levels = ["normal"] * players
        levels[h] = "hard"
        st = play_game(game, levels, seed)
        won = h in game.result(st)["winners"]
        stars = [sum(CUSTOMER[c]["stars"] for c in st["loyal"][s]) for s in range(players)]
        king = st["king_to"] or []
        to = "alone" if king == [h] else "shared" if h in king else "rival"
        counts[to, won] += 1
        print(seed, h, "won" if won else "lost", to, "stars", stars, "happy", st["happy"], "mad", st["mad"], flush=True)
for to, said in (("alone", "to Hard alone"), ("shared", "shared by Hard and a rival"), ("rival", "to a rival alone")):
    print("The King {}: Hard won {} of {}".format(said, counts[to, True], counts[to, True] + counts[to, False]))
