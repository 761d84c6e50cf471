"""A match: a game being played by named seats, with its history, log, undo and save.

The state is never edited from outside: every change goes through `play`, so that
seed + actions always replays the match exactly (saves, undo and share links rely on it).

Undo policy: a seat may take back its own last actions while it is still the one to act, back
to the last *barrier*. A barrier is set after an action that revealed something (an event with
"commit"), used randomness (a draw, a shuffle), or ended that seat's turn.
"""

from .game import IllegalAction, clone
from .msg import M, N_

HUMAN = "human"
FRIEND = "friend"  # a person playing this seat from another device (tabletop.remote)
BOT_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN, FRIEND) + BOT_LEVELS
NAME_MAX = 24  # characters of a player's name, on every path (the dialog, links, saves)


# What plays a seat, as the new-game dialog and the player panels name it (Messages: the screen
# says them in the reader's language).
SEAT_LABELS = {HUMAN: N_("Human"), FRIEND: N_("Friend on another device"), "easy": N_("Bot (Easy)"), "normal": N_("Bot (Normal)"), "hard": N_("Bot (Hard)")}


def seat_label(kind):
    return SEAT_LABELS.get(kind) or M("Bot ({level})", level=kind.capitalize())


def clean_name(name):
    """A player's name as the app keeps it: runs of whitespace made one space, trimmed, cut to
    NAME_MAX characters (a 10,000-character name in a link must not widen every screen)."""
    return " ".join(str(name).split())[:NAME_MAX].strip()


def seat_title(seat):
    """A seat's name as a list shows it: the name, and what plays it when the name does not say
    so already ("Lan", "Normal bot 2", "Minh (Hard bot)")."""
    if seat["kind"] in (HUMAN, FRIEND) or "bot" in seat["name"].lower():
        return seat["name"]
    name = seat["name"]
    if seat["kind"] == "easy":
        return M("{name} (Easy bot)", name=name)
    if seat["kind"] == "hard":
        return M("{name} (Hard bot)", name=name)
    return M("{name} (Normal bot)", name=name)


def make_seats(kinds, names=None):
    """Seats from kinds ("human", "easy", "normal", "hard") and optional names."""
    seats = []
    for i, kind in enumerate(kinds):
        if kind not in SEAT_KINDS:
            raise IllegalAction(M("Seat {n}: '{kind}' is not a seat kind (use {kinds}).",
                                  n=i + 1, kind=kind, kinds=", ".join(SEAT_KINDS)))
        given = clean_name(names[i]) if names and i < len(names) and names[i] else ""
        seats.append({"name": given or default_name(kind, i, kinds), "kind": kind})
    return seats


def default_name(kind, index, kinds):
    """A seat's name when none is given (a Message: the app keeps it in the reader's language)."""
    if kind == HUMAN:
        return M("Player {n}", n=index + 1)
    if kind == FRIEND:
        return M("Friend {n}", n=index + 1)
    if kind == "easy":
        return M("Easy bot {n}", n=index + 1)
    if kind == "hard":
        return M("Hard bot {n}", n=index + 1)
    return M("Normal bot {n}", n=index + 1)


def said_name(seat, index):
    """A seat's name for the screen and for sentences: a default name ("Player 2", kept so in
    saves and links) comes back as its Message, said in the reader's language; a given name as
    it is."""
    default = default_name(seat["kind"], index, ())
    return default if seat["name"] == default else seat["name"]


class Match:
    def __init__(self, game, seats, options=None, seed=0):
        self.game = game
        self.seats = [dict(s) for s in seats]
        self.options = game.info.resolve_options(options)
        self.seed = int(seed)
        self.state = game.start(len(self.seats), self.options, self.seed)
        self.history = []  # [[seat, action], ...]
        self.log = []  # events, each with "ply": the number of actions played when it happened
        self._barrier = 0
        self._barrier_why = None  # why undo stops at the barrier, in words (see undo_blocked)
        self._barrier_state = clone(self.state)
        # Whether the Hint control is offered (a host's choice for a table with friends), and
        # how many hints each seat took: the score sheet says it; an undo does not give one back.
        self.hints_offered = True
        self.hints_used = [0] * len(self.seats)

    # --- reading ---------------------------------------------------------------------------
    @property
    def names(self):
        return [s["name"] for s in self.seats]

    def to_act(self):
        return self.game.to_act(self.state)

    def legal(self, seat):
        return self.game.legal_actions(self.state, seat)

    def view(self, seat):
        return self.game.view(self.state, seat)

    def is_over(self):
        return self.game.is_over(self.state)

    def progress(self):
        """Where the game stands, in a few words (the lobby, the game bar)."""
        return self.game.progress(self.state)

    def hides_information(self):
        """Whether a player knows something another does not (Game.hides_information)."""
        return self.game.hides_information(self.state)

    def record(self):
        """A finished game's result worth keeping on this device (Game.record), or None."""
        return self.game.record(self.state)

    def result(self):
        return self.game.result(self.state)

    def is_human(self, seat):
        return self.seats[seat]["kind"] == HUMAN

    def humans(self):
        """The seats played by people at this device."""
        return [i for i in range(len(self.seats)) if self.is_human(i)]

    def is_bot(self, seat):
        return self.seats[seat]["kind"] in BOT_LEVELS

    def people(self):
        """The seats played by people, here or on another device."""
        return [i for i in range(len(self.seats)) if not self.is_bot(i)]

    def text(self, event):
        """An event's log line with the seats' names filled in."""
        return event["text"].format(*self.names)

    def log_for(self, viewer):
        """The log entries `viewer` may see (None: public entries only)."""
        return [e for e in self.log if "seats" not in e or viewer in e["seats"]]

    # --- playing ---------------------------------------------------------------------------
    def play(self, seat, action):
        """Play `action` for `seat`; raise IllegalAction (with the reason) if the rules forbid it."""
        rng_before = dict(self.state["rng"]) if "rng" in self.state else None
        events = self.game.apply(self.state, seat, action)
        self.history.append([seat, action])
        ply = len(self.history)
        for event in events:
            self.log.append(dict(event, ply=ply))
        if any(e.get("commit") for e in events):
            why = M("Your last move revealed information, so it cannot be taken back.")
        elif self.state.get("rng") != rng_before:
            why = M("Your last move drew or shuffled cards, so it cannot be taken back.")
        elif seat not in self.game.to_act(self.state):
            why = M("Your turn is over, so your moves cannot be taken back.")
        else:
            why = None
        if why:
            self._barrier = ply
            self._barrier_why = why
            self._barrier_state = clone(self.state)
        return events

    def note_hint(self, seat):
        """`seat` was shown a hint (tabletop.hints)."""
        if self.hints_offered and seat in self.people():
            self.hints_used[seat] += 1

    def hints(self):
        """{"offered": bool, "used": [hints taken, by seat]} for the screens and the save."""
        return {"offered": self.hints_offered, "used": list(self.hints_used)}

    def can_undo(self, seat):
        return self.undo_blocked(seat) is None

    def undo_blocked(self, seat):
        """Why `seat` cannot take back its last move, in words (a Message); None when it can."""
        if not self.history:
            return M("Nothing to undo yet.")
        last_seat = self.history[-1][0]
        if last_seat != seat:
            if self.is_bot(last_seat):
                return M("A bot has moved since your last move, so it cannot be taken back.")
            return M("{name} has moved since your last move, so it cannot be taken back.",
                     name=said_name(self.seats[last_seat], last_seat))
        if len(self.history) <= self._barrier:
            return self._barrier_why
        if seat not in self.game.to_act(self.state):
            return M("Your turn is over, so your moves cannot be taken back.")
        return None

    def undo(self, seat):
        """Take back `seat`'s last action (see the undo policy above)."""
        reason = self.undo_blocked(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.history.pop()
        self.log = [e for e in self.log if e["ply"] <= len(self.history)]
        self.state = clone(self._barrier_state)
        for s, a in self.history[self._barrier:]:  # moves after the barrier set no new barrier
            self.game.apply(self.state, s, a)

    def take_back_moves(self, seat, action):
        """The moves to play again after undoing `seat`'s turn back to its last `action`, if
        that take-back is legal as a whole (tried on a copy), else None. Picking two cards and
        placing one, then taking the other back, is not when the placing needed it."""
        trial = self.copy()
        redo = []
        while trial.can_undo(seat):
            last = trial.history[-1][1]
            trial.undo(seat)
            if last == action:
                try:
                    for again in reversed(redo):
                        trial.play(seat, again)
                except IllegalAction:
                    return None
                return list(reversed(redo))
            redo.append(last)
        return None

    def take_back(self, seat, action):
        """Take back `seat`'s last `action` of this turn alone: undo back to it, then play the
        moves after it again. Raise IllegalAction when that is not legal as a whole."""
        redo = self.take_back_moves(seat, action)
        if redo is None:
            raise IllegalAction(M("That move cannot be taken back alone now: use Undo to take back the moves made after it."))
        while self.history[-1][1] != action:
            self.undo(seat)
        self.undo(seat)
        for again in redo:
            self.play(seat, again)

    def retractable(self, seat):
        """The moves of `seat`'s turn that `take_back` can take back alone now, newest first:
        what `take_back_moves` says of each, worked out from one replay of the turn. (Asking it
        move by move replays the turn once an undo, a third of a Phở Phở click's Python.)"""
        history, barrier = self.history, self._barrier
        before = {}  # history length -> the state then, for the lengths an undo can go back to
        state = clone(self._barrier_state)
        for length in range(barrier, len(history)):
            before[length] = clone(state)
            self.game.apply(state, *history[length])
        # How far undo goes (undo_blocked, step by step): the seat's own moves after the
        # barrier, each made while that seat was still to act.
        start, acting = len(history), seat in self.game.to_act(self.state)
        while start > barrier and history[start - 1][0] == seat and acting:
            start -= 1
            acting = start > barrier and seat in self.game.to_act(before[start])
        moves = []
        for taken in range(len(history) - 1, start - 1, -1):  # newest first, each move once
            action = history[taken][1]
            if any(history[later][1] == action for later in range(taken + 1, len(history))):
                continue
            trial = clone(before[taken])
            try:
                for later in range(taken + 1, len(history)):
                    self.game.apply(trial, *history[later])
            except IllegalAction:
                continue
            moves.append(action)
        return moves

    def undo_while(self, seat, verbs):
        """Undo `seat`'s moves while the last one is of these kinds ("pick", "mark"); how many."""
        undone = 0
        while self.history and self.can_undo(seat) and self.history[-1][1].split(":")[0] in verbs:
            self.undo(seat)
            undone += 1
        return undone

    def copy(self):
        """An independent copy to try moves on, e.g. a take-back that must be legal as a whole
        before it touches the real match."""
        other = object.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.seats = [dict(s) for s in self.seats]
        other.state = clone(self.state)
        other.history = [list(a) for a in self.history]
        other.log = list(self.log)  # events are never edited once logged
        other.hints_used = list(self.hints_used)
        return other

    # --- saving ----------------------------------------------------------------------------
    def replay(self, actions):
        """Play a list of [seat, action]; raise IllegalAction naming the first bad step."""
        for i, (seat, action) in enumerate(actions):
            try:
                self.play(seat, action)
            except IllegalAction as err:
                raise IllegalAction(M("Step {step} ({who} plays '{action}') is illegal: {reason}",
                                      step=i + 1, who=self._seat_name(seat), action=action, reason=err.reason))

    def _seat_name(self, seat):
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return said_name(self.seats[seat], seat)
        return M("seat {n}", n=seat)
