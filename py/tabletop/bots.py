"""Bot levels shared by every game.

A bot decides from what its seat may know: the seat's view and its list of legal actions (which
depends only on the seat's own information). It never receives the game state.
  easy    a uniformly random legal action
  normal  the game's greedy policy on its own view
  hard    the game's search policy (over sampled hidden information)
A game registers its policies as Game(bots={"normal": f, "hard": g}); each policy is
f(game, view, seat, legal, rng) -> action, `rng` being a random.Random.
"""

import random
import time

LEVELS = ("easy", "normal", "hard")

# The wall-clock guard of the search bots. Off by default: simulations, tests and benchmarks
# count worlds only, so a seed reproduces every figure on any machine however loaded. The
# interactive app turns it on (webui/browser.py) so that a slow device never waits long.
_wall_clock = {"guard": False}


def use_wall_clock_guard(on=True):
    _wall_clock["guard"] = bool(on)


# The breather: in the page a search runs on the page's own thread, so every `slice` seconds it
# hands the browser a turn (`fn`, webui/browser.py): a click, a scroll of the log, the rules are
# answered while Hard thinks. None on the command line: nothing waits for a search there.
_breather = {"fn": None, "slice": 0.01, "last": 0.0}


def use_breather(fn, slice_seconds=0.01):
    _breather.update(fn=fn, slice=slice_seconds, last=time.perf_counter())


class SearchAbandoned(BaseException):
    """Raised in a search at a breath once nobody wants its result (see `run_search`). Not an
    Exception: the handlers that catch a bug (browser.guard) must let it through."""


# The running search's question "is my result still wanted?" (`run_search`). In the page another
# search (a hint beside a bot's move) may run while this one waits at a breath: `breathe` keeps
# this one's on its own stack and puts it back when the search resumes.
_wanted = {"fn": None}
# The same for what other modules keep for the running search (tabletop.search: whether a hint is
# asking): (take, put_back) pairs. `take()` returns the running search's value and clears it for
# whatever runs in the browser's turn; `put_back(value)` restores it when the search resumes.
_kept_over_breaths = []


def keep_over_breaths(take, put_back):
    """Keep a module's per-search value on each search's own stack over its breaths (`breathe`)."""
    _kept_over_breaths.append((take, put_back))


def run_search(fn, wanted=None):
    """Run `fn` (a bot's decision, a hint) so that it stops at its next breath once `wanted()`
    is false: its screen was left, its player moved. Without it a search left behind ran to its
    end (up to a second of Hard's in the page), taking turns from the next search. True if `fn`
    ran to its end."""
    _wanted["fn"] = wanted
    try:
        fn()
        return True
    except SearchAbandoned:
        return False
    finally:
        _wanted["fn"] = None  # code that runs next is no search, or one that puts back its own


def breathe():
    """Give the browser its turn if this search has held it for a slice (see `use_breather`).
    The searches call it between worlds, through `past`; the worlds they count do not change.
    Back from the browser, a search nobody wants any more stops here (`run_search`)."""
    fn = _breather["fn"]
    if fn is not None and time.perf_counter() - _breather["last"] >= _breather["slice"]:
        wanted = _wanted["fn"]
        kept = [take() for take, _ in _kept_over_breaths]
        fn()
        _wanted["fn"] = wanted
        for (_, put_back), value in zip(_kept_over_breaths, kept):
            put_back(value)
        _breather["last"] = time.perf_counter()
        if wanted is not None and not wanted():
            raise SearchAbandoned()


def deadline(seconds):
    """The time a search must stop by, or None when the guard is off (budgets count worlds)."""
    _breather["last"] = time.perf_counter()  # a search starts: its first slice starts now
    return time.perf_counter() + seconds if _wall_clock["guard"] else None


def past(deadline):
    """Whether the guard's `deadline` (from `deadline()`) has passed; never when it is off. A
    search asks it between worlds: the page gets its turn there too (`breathe`)."""
    breathe()
    return deadline is not None and time.perf_counter() > deadline


def easy(game, view, seat, legal, rng):
    return rng.choice(legal)


def choose(game, level, view, seat, legal, rng=None):
    """The action a bot of `level` plays for `seat`."""
    if not legal:
        raise ValueError("a bot was asked to act with no legal action")
    if level not in LEVELS:
        raise ValueError("unknown bot level {!r}".format(level))
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random()
    policy = easy if level == "easy" else game.bots.get(level, easy)
    action = policy(game, view, seat, legal, rng)
    if action not in legal:  # a policy bug must never become an illegal move
        raise AssertionError("{} bot chose an illegal action {!r}".format(level, action))
    return action
