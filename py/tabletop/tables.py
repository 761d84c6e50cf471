"""A table: a game as the screens read it and play it, one seat at a time.

The view layer (the table screen, the renderers, the shell) knows a game only through this
interface, which two classes implement:

- `LocalTable` (here): the match is on this device (alone, bots, friends passing the device, or
  the host of a table with friends on other devices);
- `tabletop.remote.RemoteTable`: a guest's seat at a table hosted on another device. It holds
  only what its seat may know, and its questions and moves go to the host.

Reading (all scoped to a seat; None: public information only):
  game, info, seats, options, moves     the rules, the seats ({"name", "kind"}), moves played
  to_act(), legal(seat), view(seat), log_for(seat), progress(), is_over(), result()
  hides_information()                   whether a seat knows what another does not (the cover)
  record()                              a finished game's record for this device (Game.record)
  hints()                               {"offered": bool, "used": [hints shown, by seat]}
  is_bot(seat)
  undo_blocked(seat)                    why Undo cannot work now (a Message), None if it can
  retractable(seat)                     moves of this turn that can be taken back alone
  is_human(seat), humans()              seats played by people at this device
  sending()                             a move of this device is on its way and not answered yet
                                        (never here; a guest's, until its host answers)

Acting: each call ends by calling `done(outcome)` (at once here; when the host answers for a
remote seat). An outcome is {"ok": True}, {"refused": reason} or {"confirm": warning}: a
hurtful move (Game.warning) is played only when asked again with confirmed=True.
  play(seat, action, done, confirmed=False)
  undo(seat, done), take_back(seat, action, done), undo_while(seat, verbs, done)
  why_not(seat, action, done)           done({"why": reason or None})
  note_hint(seat)                       `seat` was shown a hint (tabletop.hints): counted
"""

from .game import IllegalAction


class LocalTable:
    remote = False

    def __init__(self, match):
        self.match = match
        self.game = match.game
        self.info = match.game.info

    # --- reading ---------------------------------------------------------------------------
    @property
    def seats(self):
        return self.match.seats

    @property
    def options(self):
        return self.match.options

    @property
    def moves(self):
        return len(self.match.history)

    def to_act(self):
        return self.match.to_act()

    def legal(self, seat):
        return self.match.legal(seat)

    def view(self, seat):
        return self.match.view(seat)

    def log_for(self, seat):
        return self.match.log_for(seat)

    def progress(self):
        return self.match.progress()

    def hides_information(self):
        return self.match.hides_information()

    def record(self):
        return self.match.record()

    def is_bot(self, seat):
        return self.match.is_bot(seat)

    def hints(self):
        return self.match.hints()

    def is_over(self):
        return self.match.is_over()

    def result(self):
        return self.match.result()

    def undo_blocked(self, seat):
        return self.match.undo_blocked(seat)

    def retractable(self, seat):
        return self.match.retractable(seat)

    def is_human(self, seat):
        return self.match.is_human(seat)

    def humans(self):
        return self.match.humans()

    # --- acting ----------------------------------------------------------------------------
    def sending(self):
        return False  # a move here is played at once

    def why_not(self, seat, action, done):
        done({"why": self.game.illegal_reason(self.match.state, seat, action)})

    def note_hint(self, seat):
        self.match.note_hint(seat)

    def play(self, seat, action, done, confirmed=False):
        done(self.attempt(seat, action, confirmed))

    def attempt(self, seat, action, confirmed=False):
        """Play `action` for `seat` and say how it went (the outcome `play` reports)."""
        state = self.match.state
        if not confirmed and self.game.illegal_reason(state, seat, action) is None:
            warning = self.game.warning(state, seat, action)
            if warning:
                return {"confirm": warning}
        return self._do(self.match.play, seat, action)

    def undo(self, seat, done):
        done(self._do(self.match.undo, seat))

    def take_back(self, seat, action, done):
        done(self._do(self.match.take_back, seat, action))

    def undo_while(self, seat, verbs, done):
        done(self._do(self.match.undo_while, seat, verbs))

    @staticmethod
    def _do(change, *args):
        try:
            change(*args)
        except IllegalAction as err:
            return {"refused": err.reason}
        return {"ok": True}
