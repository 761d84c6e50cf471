"""A tiny game for testing the kernel (Match, undo, saves) apart from any real game's rules.

Two or three players take turns. On a turn the player may `mark` up to twice (private marks,
shown only to them), may `draw` a random number (uses the RNG), may `peek` (reveals: a commit),
and ends with `end`. The game ends after 6 turns; score = marks + draws."""

from tabletop import Game, GameInfo, Option, Rule, clone
from tabletop import rng as rnglib

INFO = GameInfo(
    id="toy", title="Toy", pitch="For kernel tests.", min_players=2, max_players=3, version=1,
    rules=(Rule("TOY-1", "ruling", "Mark, draw, peek, end."),),
    options=(Option("length", "Turns", (("6", "6"), ("2", "2")), "6"),),
)


class Toy(Game):
    info = INFO

    def new_game(self, players, options, seed):
        return {"players": players, "rng": rnglib.new_rng(seed), "turn": 0, "seat": 0,
                "length": int(options["length"]), "marks": [0] * players, "draws": [0] * players, "over": False}

    def to_act(self, state):
        return [] if state["over"] else [state["seat"]]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        legal = ["end", "draw", "peek"]
        if state["marks"][seat] < 2 * (state["turn"] // state["players"] + 1):
            legal.insert(0, "mark")
        return legal

    def _apply(self, state, seat, action):
        if action == "mark":
            state["marks"][seat] += 1
            return [{"type": "mark", "text": "{%d} marks." % seat, "seats": [seat]}]
        if action == "draw":
            state["draws"][seat] += rnglib.below(state["rng"], 3)
            return [{"type": "draw", "text": "{%d} draws." % seat}]
        if action == "peek":
            return [{"type": "peek", "text": "{%d} peeks." % seat, "commit": True}]
        state["turn"] += 1
        state["seat"] = (seat + 1) % state["players"]
        state["over"] = state["turn"] >= state["length"]
        return [{"type": "end", "text": "{%d} ends the turn." % seat}]

    def _view(self, state, seat):
        return {"turn": state["turn"], "seat": state["seat"], "draws": list(state["draws"]),
                "marks": [m if s == seat else None for s, m in enumerate(state["marks"])]}

    def is_over(self, state):
        return state["over"]

    def result(self, state):
        scores = [m + d for m, d in zip(state["marks"], state["draws"])]
        best = max(scores)
        return {"scores": scores, "winners": [s for s, v in enumerate(scores) if v == best],
                "sheet": [{"label": "Total", "values": scores, "kind": "total"}], "notes": []}

    def sample_state(self, view, seat, rng):
        state = self.start(2, {}, rng.randrange(1 << 30))
        state.update(turn=view["turn"], seat=view["seat"], draws=list(view["draws"]))
        state["marks"] = [m if m is not None else rng.randrange(3) for m in view["marks"]]
        state["over"] = state["turn"] >= state["length"]
        return state

    def scramble(self, state, seat, rng):
        state = clone(state)
        state["marks"] = [m if s == seat else rng.randrange(3) for s, m in enumerate(state["marks"])]
        return state


GAME = Toy()
