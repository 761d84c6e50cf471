"""Coffee Rush, tried 2026-12-07 (not kept): Hard values an upgrade (CR-9: 3 up-votes out of the
game for a tile worth 2 points and its effect for the rest of the game) with UPGRADE_BONUS x the
share of the deck left added to today's `upgrade_worth`, beside the one round the search sees (a
very negative bonus: Hard never upgrades). Run in games.coffeerush.bots by
`bench/hard_bench.py --titles coffeerush --rows old --patch bench/tries/coffeerush_upgrade_worth.py --set UPGRADE_BONUS=3`."""

from games.coffeerush.data import DECK_SIZE

UPGRADE_BONUS = 0.0
_upgrade_worth_today = upgrade_worth


def upgrade_worth(view, seat, walk):
    return _upgrade_worth_today(view, seat, walk) + UPGRADE_BONUS * view["deck"] / DECK_SIZE
