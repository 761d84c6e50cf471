"""The engine contract every game implements, and the plain-data types that describe a game.

A game is a stateless rules object (a `Game` subclass) working on a state that is plain data
(dicts, lists, strings, ints, bools, None), so that it JSON round-trips and copies cheaply.
Actions are short strings: they are their own stable text id, they go straight into saves and
share links, and the one list from `legal_actions` drives UI highlighting, validation, bots and
tests.

Events returned by `apply` are dicts:
  {"type": str, "text": str, ...data}
  - "text" is the log line in plain words, a `tabletop.msg` Message (English text that the screen
    can say in the reader's language); "{0}", "{1}"... stand for the seats' names.
  - "seats": [seat, ...] limits who may see the event (a private draw); absent = public.
  - "commit": True marks a point undo may not cross (hidden information was revealed).
  - "announce": True asks the screen to show it under the status line as well as in the log
    (a finished order, The King's arrival: what a player must not miss).
  - "type": "over" marks the game's result line ("Lan wins with 42 points."): the status line
    says it once the game is over.
  - "rules": [rule id, ...] (optional) the rules the event applies; the screen shows them as
    links to the rules panel. Rule ids written in the text, "(TN-7)", are shown the same way.
  A public event (no "seats") never names a card that stays hidden in a hand: it names only what
  was placed, played or revealed. Each game lists the cards a seat hides with `hidden_names`, and
  the shared harness checks every public event of many random games against that list.

Views: a game implements `_view(state, seat)`; the provided `view` refuses a seat that does not
exist (the same IllegalAction in every game) and returns a copy, so the caller (the screen, a
bot) may change it freely without touching the state.
"""

from dataclasses import dataclass

from .msg import M, either


class IllegalAction(ValueError):
    """An action the rules forbid; `reason` says why, in words a player understands (a Message)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Rule:
    """One numbered rule of a game, as the rules panel shows it."""

    id: str  # "TN-7"
    source: str  # "seed", "public", "ruling", or a mix such as "seed, ruling"
    text: str
    section: str = ""

    @property
    def is_ruling(self):
        return "ruling" in self.source


@dataclass(frozen=True)
class Option:
    """A variant option offered in the new-game dialog."""

    id: str
    label: str
    choices: tuple  # ((value, label), ...); values are strings
    default: str
    help: str = ""
    # ((value, min, max), ...): the player range when this value is chosen (a solo-only mode,
    # a mode for 2 or more); values not listed keep the game's whole range.
    players: tuple = ()
    # (lo, hi): any whole number in this range is accepted besides the choices (a link or the
    # command line may give one the dialog does not list).
    whole_numbers: tuple = ()
    # value -> the value kept in the save, called once when a game starts (a default of "this
    # year" becomes "2026"), so that a save or a replay never changes with the clock.
    resolve: object = None

    def accepts(self, value):
        if value in [v for v, _ in self.choices]:
            return True
        if self.whole_numbers and value.lstrip("-").isdigit():
            return self.whole_numbers[0] <= int(value) <= self.whole_numbers[1]
        return False


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    pitch: str  # one line for the lobby
    min_players: int
    max_players: int
    version: int  # bump when a rules change makes old saves replay differently
    rules: tuple = ()  # Rule, ...
    options: tuple = ()  # Option, ...
    intro: str = ""  # a short paragraph above the rules
    # "How to play" for a newcomer, shown before the full rules: about a dozen short lines
    # (the goal, a turn, the end), each one a sentence. Empty: the panel shows the rules only.
    how_to_play: tuple = ()
    # False when no player ever knows something another does not (Flowers): then players
    # sharing one device need no "pass the device" cover between their turns.
    private_information: bool = True
    # Option sets the shared test harness plays, each over its own player range (a game whose
    # modes play differently lists one per mode).
    harness_options: tuple = ({},)

    def rule(self, rule_id):
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def resolve_options(self, given):
        """Fill defaults and check values; unknown options are refused with a reason."""
        given = dict(given or {})
        known = {opt.id: opt for opt in self.options}
        for key in given:
            if key not in known:
                raise IllegalAction(M("{game} has no option '{option}'.", game=M(self.title), option=key))
        resolved = {}
        for opt in self.options:
            value = str(given.get(opt.id, opt.default))
            if opt.resolve is not None:
                value = str(opt.resolve(value))
            if not opt.accepts(value):
                raise IllegalAction(M("Option '{option}' cannot be '{value}' (choose {choices}).",
                                      option=M(opt.label), value=value, choices=either([v for v, _ in opt.choices])))
            resolved[opt.id] = value
        return resolved

    def player_range(self, options=None):
        """(min, max) players with these options: an option's value may narrow the game's range."""
        low, high = self.min_players, self.max_players
        for opt in self.options:
            for value, least, most in opt.players:
                if (options or {}).get(opt.id, opt.default) == value:
                    low, high = max(low, least), min(high, most)
        return low, high

    def check_players(self, players, options=None):
        low, high = self.player_range(options)
        if not isinstance(players, int) or not low <= players <= high:
            narrowed = [label for opt in self.options for value, label in opt.choices
                        if any(v == value for v, _, _ in opt.players) and (options or {}).get(opt.id, opt.default) == value]
            if narrowed:
                raise IllegalAction(M("{game} ({modes}) is played by {low} to {high} players.", game=M(self.title),
                                      modes=[M(label) for label in narrowed], low=low, high=high))
            raise IllegalAction(M("{game} is played by {low} to {high} players.", game=M(self.title), low=low, high=high))


def clone(state):
    """A deep copy of a plain-data state. Pickle is the fastest deep copy on both runtimes, but
    importing it costs ~60 ms in Pyodide, so it is imported on first use (a game's start), not
    before the lobby is shown."""
    import pickle

    return pickle.loads(pickle.dumps(state, -1))


class Game:
    """Base class of every game's rules. Subclasses set `info` and implement the hooks."""

    info = None  # GameInfo

    def __init__(self, bots=None):
        self.bots = dict(bots or {})  # level -> policy, see tabletop.bots

    # --- the contract ----------------------------------------------------------------------
    def new_game(self, players, options, seed):
        """Return the initial state. `options` is already resolved (see `start`)."""
        raise NotImplementedError

    def to_act(self, state):
        """Seats that must decide now; several for a simultaneous choice; [] when over."""
        raise NotImplementedError

    def legal_actions(self, state, seat):
        """Every legal action of `seat`, in a deterministic order ([] if it must not act)."""
        raise NotImplementedError

    def _apply(self, state, seat, action):
        """Carry out a legal action on `state` in place; return the events."""
        raise NotImplementedError

    def _view(self, state, seat):
        """What `seat` may know (None: a spectator, public information only). `seat` is already
        checked; the result may share lists with the state (`view` copies it)."""
        raise NotImplementedError

    def is_over(self, state):
        raise NotImplementedError

    def result(self, state):
        """{"scores": [...], "winners": [...], "sheet": [{"label", "values", "kind"}...],
        "notes": [text, ...]}; the sheet's last row is the total. Optional: "turns", the game's
        length in turns (the simulations report its mean); "cooperative": True when the seats
        play as one team (the score sheet then marks no winner); "headline": the result in one
        line ("Team score 38: Strong."; "{0}"... name seats), which the status line and the
        score sheet show instead of the "Lan wins" the screen otherwise makes from "winners"."""
        raise NotImplementedError

    # --- provided ----------------------------------------------------------------------------
    def seats(self, state):
        """How many seats `state` has (every game keeps it in state["players"])."""
        return state["players"]

    def check_seat(self, state, seat):
        """Refuse a seat that does not exist (None, a spectator, is always allowed)."""
        if seat is None:
            return
        n = self.seats(state)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalAction(M("There is no seat {seat} in this game: seats are 0 to {last} (None: a spectator).", seat=repr(seat), last=n - 1))

    def view(self, state, seat):
        """What `seat` may know (None: a spectator), as data the caller may change at will."""
        self.check_seat(state, seat)
        return clone(self._view(state, seat))

    def start(self, players, options=None, seed=0):
        """Check the player count and options, then call `new_game`."""
        options = self.info.resolve_options(options)
        self.info.check_players(players, options)
        return self.new_game(players, options, seed)

    def illegal_reason(self, state, seat, action):
        """Why `action` is illegal for `seat`, or None if it is legal.

        Games override `explain_illegal` to give a rule-specific reason; this wrapper handles
        what is common to all games."""
        if self.is_over(state):
            return M("The game is over.")
        if seat is None:
            return M("A spectator cannot play.")
        try:
            self.check_seat(state, seat)
        except IllegalAction as err:
            return err.reason
        if seat not in self.to_act(state):
            return self.waiting_reason(state, seat)
        if action in self.legal_actions(state, seat):
            return None
        return self.explain_illegal(state, seat, action) or M("That move is not allowed now.")

    def waiting_reason(self, state, seat):
        """Why `seat` may not act now (it is not among `to_act`)."""
        return M("It is not your turn.")

    def explain_illegal(self, state, seat, action):
        """A rule-specific reason for an illegal action (None: the generic message)."""
        return None

    def warning(self, state, seat, action):
        """Words for a legal move that obviously hurts the player who makes it (serving a
        hated ingredient), naming the rule; None for an ordinary move. The app asks the player
        to confirm such a move once; bots never ask. The words must name nothing hidden from
        `seat`."""
        return None

    def apply(self, state, seat, action):
        """Validate, then carry out `action` for `seat`; raise IllegalAction with the reason."""
        reason = self.illegal_reason(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(state, seat, action)

    def audit(self, state):
        """Broken invariants of `state` (cards lost or duplicated...), as messages; [] if none.
        The shared harness calls it after every step."""
        return []

    def hidden_names(self, state, seat):
        """The cards `seat` holds that the other seats may not know (a hand, a face-down pick),
        as {card id: the words the log uses for that card ("Beef 2")}. The id tells two copies
        apart for as long as the card stays hidden with `seat`. The shared harness checks that
        no public event names a card more often than cards of that name left the hidden hands
        in that step. Default: nothing hidden; a game with private cards implements it."""
        return {}

    def progress(self, state):
        """Where the game stands, in a few words for the lobby ("Round 1 of 2, turn 3 of 5")."""
        return M("Finished") if self.is_over(state) else M("In progress")

    def hides_information(self, state):
        """Whether a player knows something another does not in this game (a mode may open
        every hand): if not, players sharing one device need no "pass the device" cover."""
        return self.info.private_information

    def record(self, state):
        """A finished game's result worth keeping across matches on this device, or None:
        {"key": name within the game, "label": words ("best solo score"), "seat": whose result,
        "value": number, "higher": True if a higher value is better}. The app keeps the best
        one per key for human seats and shows it on the score sheet."""
        return None

    # --- for bots and the test harness -------------------------------------------------------
    def scramble(self, state, seat, rng):
        """A copy of `state` where everything hidden from `seat` (None: from everyone) is
        re-drawn at random with `rng`. The shared harness checks that `view(state, seat)` is
        unchanged by it, which proves the view shows nothing it must not."""
        raise NotImplementedError

    def sample_state(self, view, seat, rng):
        """A full state consistent with `view` (what `seat` knows), hidden parts sampled with
        `rng` (a random.Random). Search bots only ever see such states, never the real one."""
        raise NotImplementedError
