"""How Phở Phở games are decided (2026-12-06): Hard against Normals, each seating; who scored The
King, with how many Loyal Customers, by what margin. Run from the repository:
  .venv/bin/python bench/tries/phopho_how_decided.py PLAYERS SEEDS
Figures (of the Hard before the wider search, 0efdd30): bench/RESULTS.md, 2026-12-06, "The King"."""
import collections
import sys
sys.path.insert(0, "py"); sys.path.insert(0, "bench")
from games import GAMES
from tabletop.simulate import play_game
from games.phopho.data import CUSTOMER, KING_STARS
game = GAMES["phopho"]
players = int(sys.argv[1]); seeds = range(1, int(sys.argv[2]) + 1)
rows = []
for seed in seeds:
    for h in range(players):
        levels = ["normal"] * players; levels[h] = "hard"
        st = play_game(game, levels, seed)
        res = game.result(st)
        stars = [sum(CUSTOMER[c]["stars"] for c in st["loyal"][s]) for s in range(players)]
        nloyal = [len(st["loyal"][s]) for s in range(players)]
        king = st["king_to"] or []
        total = [stars[s] + (KING_STARS if s in king else 0) for s in range(players)]
        win = h in res["winners"]
        best_rival = max(total[s] for s in range(players) if s != h)
        rows.append(dict(seed=seed, h=h, win=win, shared=len(res["winners"]), total=total[h], rival=best_rival,
                         loyal=nloyal[h], rloyal=max(nloyal[s] for s in range(players) if s != h),
                         king=(h in king), kingrival=any(s in king for s in range(players) if s != h),
                         turns=st["turn_no"], happy=st["happy"][h], rhappy=max(st["happy"][s] for s in range(players) if s != h),
                         nowin_without_king=(win and total[h] - (KING_STARS if h in king else 0) < best_rival)))

n = len(rows)
W = sum(r["win"] / r["shared"] for r in rows)
print("games", n, "win%", round(100 * W / n, 1))
print("king to hard", sum(r["king"] for r in rows), "king to a rival", sum(r["kingrival"] for r in rows))
print("win | king:", sum(r["win"] for r in rows if r["king"]), "/", sum(r["king"] for r in rows))
print("win | no king:", sum(r["win"] for r in rows if not r["king"]), "/", sum(not r["king"] for r in rows))
print("wins decided by king", sum(r["nowin_without_king"] for r in rows))
print("loyal count hard vs best rival: more", sum(r["loyal"] > r["rloyal"] for r in rows), "same", sum(r["loyal"] == r["rloyal"] for r in rows), "fewer", sum(r["loyal"] < r["rloyal"] for r in rows))
for k in ("more", "same", "fewer"):
    f = {"more": lambda r: r["loyal"] > r["rloyal"], "same": lambda r: r["loyal"] == r["rloyal"], "fewer": lambda r: r["loyal"] < r["rloyal"]}[k]
    sub = [r for r in rows if f(r)]
    print("  win% when", k, round(100 * sum(r["win"] for r in sub) / max(1, len(sub)), 1), len(sub))
margins = collections.Counter(r["total"] - r["rival"] for r in rows)
print("margin (hard - best rival):", sorted(margins.items()))
print("mean turns", sum(r["turns"] for r in rows) / n, "mean loyal hard", sum(r["loyal"] for r in rows) / n, "rival", sum(r["rloyal"] for r in rows) / n)
