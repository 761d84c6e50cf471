"""The kernel's Match: playing, the log and its visibility, and the undo policy."""

import pytest

from tabletop import IllegalAction
from tabletop.match import Match, make_seats
from toygame import GAME


def match(seed=7, kinds=("human", "human")):
    return Match(GAME, make_seats(list(kinds)), {}, seed)


def test_seats_get_default_names_and_bad_kinds_are_refused():
    seats = make_seats(["human", "easy", "hard"], ["Ann", "", None])
    assert [s["name"] for s in seats] == ["Ann", "Easy bot 2", "Hard bot 3"]
    with pytest.raises(IllegalAction, match="Seat 2: 'robot' is not a seat kind"):
        make_seats(["human", "robot"])


def test_options_are_resolved_and_unknown_ones_refused():
    assert match().options == {"length": "6"}
    with pytest.raises(IllegalAction, match="cannot be '9'"):
        Match(GAME, make_seats(["human", "human"]), {"length": "9"}, 1)
    with pytest.raises(IllegalAction, match="no option 'speed'"):
        Match(GAME, make_seats(["human", "human"]), {"speed": "1"}, 1)


def test_illegal_moves_are_refused_with_the_reason_and_change_nothing():
    m = match()
    with pytest.raises(IllegalAction, match="not your turn"):
        m.play(1, "end")
    with pytest.raises(IllegalAction, match="not allowed"):
        m.play(0, "fly")
    assert m.history == [] and m.log == []


def test_log_names_players_and_hides_private_events():
    m = match()
    m.play(0, "mark")
    m.play(0, "end")
    assert [m.text(e) for e in m.log_for(0)] == ["Player 1 marks.", "Player 1 ends the turn."]
    assert [m.text(e) for e in m.log_for(1)] == ["Player 1 ends the turn."]
    assert [m.text(e) for e in m.log_for(None)] == ["Player 1 ends the turn."]


def test_undo_takes_back_own_moves_within_the_turn():
    m = match()
    m.play(0, "mark")
    m.play(0, "mark")
    assert m.can_undo(0) and not m.can_undo(1)
    m.undo(0)
    assert m.state["marks"] == [1, 0] and m.history == [[0, "mark"]]
    assert len(m.log) == 1
    m.undo(0)
    assert m.state["marks"] == [0, 0] and not m.can_undo(0)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        m.undo(0)


def test_undo_never_crosses_a_reveal_randomness_or_the_end_of_a_turn():
    m = match()
    m.play(0, "mark")
    m.play(0, "peek")  # a commit event
    assert not m.can_undo(0)
    m.play(0, "mark")
    m.play(0, "draw")  # used the RNG
    assert not m.can_undo(0)
    m.play(0, "end")  # the turn passed
    assert not m.can_undo(0) and not m.can_undo(1)


def test_undo_then_replay_is_the_same_as_never_having_played():
    a, b = match(seed=3), match(seed=3)
    a.play(0, "draw")
    a.play(0, "mark")
    a.undo(0)
    b.play(0, "draw")
    assert a.state == b.state and a.history == b.history


def test_replay_names_the_first_illegal_step():
    m = match()
    with pytest.raises(IllegalAction, match=r"Step 2 \(Player 2 plays 'end'\) is illegal: It is not your turn"):
        m.replay([[0, "mark"], [1, "end"]])


def test_determinized_search_finds_the_better_move_and_replays_with_a_seed():
    """On the toy game, marking (a sure point) beats ending the turn at once."""
    import random

    from tabletop.search import determinized_search

    m = match(seed=5)
    view, legal = m.view(0), m.legal(0)
    picks = [determinized_search(GAME, view, 0, legal, random.Random(3), worlds=30, candidates=["end", "mark"], time_budget=60)
             for _ in range(2)]
    assert picks[0] == picks[1] == "mark"


def test_determinized_search_takes_a_game_specific_playout():
    """`playout` replaces the rollout: here it values a world by the seat's marks alone, so
    the search picks the move that marks."""
    import random

    from tabletop.search import determinized_search

    m = match(seed=5)
    seen = []

    def playout(state):
        seen.append(state["marks"][0])
        return state["marks"][0]

    pick = determinized_search(GAME, m.view(0), 0, m.legal(0), random.Random(3), worlds=4, candidates=["end", "mark"],
                               time_budget=60, playout=playout)
    assert pick == "mark" and len(seen) == 8


def test_undo_says_why_it_cannot_take_a_move_back():
    from games import GAMES
    from tabletop.match import Match, make_seats

    match = Match(GAMES["phopho"], make_seats(["human", "easy"]), {}, 16)
    assert match.undo_blocked(0) == "Nothing to undo yet."
    while not match.is_human(match.to_act()[0]):
        bot = match.to_act()[0]
        match.play(bot, match.legal(bot)[0])
    me = match.to_act()[0]
    if match.history:
        assert "A bot has moved" in match.undo_blocked(me)
    match.play(me, "restock")  # draws cards: information revealed to me
    assert match.undo_blocked(me) in ("Your last move revealed information, so it cannot be taken back.",
                                      "Your last move drew or shuffled cards, so it cannot be taken back.")
    with pytest.raises(IllegalAction) as err:
        match.undo(me)
    assert "cannot be taken back" in err.value.reason


def test_retractable_is_every_move_of_the_turn_that_take_back_allows_alone():
    """`retractable` replays the turn once; it must say of each move what `take_back_moves`
    says, newest first, in every game, at every step of random games where people pick, mark
    and take back."""
    import random

    from games import GAMES

    def move_by_move(match, seat):
        moves, trial = [], match.copy()
        while trial.can_undo(seat):
            last = trial.history[-1][1]
            trial.undo(seat)
            if last not in moves and match.take_back_moves(seat, last) is not None:
                moves.append(last)
        return moves

    for game_id, game in sorted(GAMES.items()):
        rng = random.Random(game_id)
        checked = found = 0
        for seed in range(3):
            count = game.info.player_range({})[0]
            match = Match(game, make_seats(["human"] * count), {}, seed)
            for _ in range(150):
                if match.is_over():
                    break
                seat = match.to_act()[0]
                expected = move_by_move(match, seat)
                assert match.retractable(seat) == expected, (game_id, seed, match.history[-4:])
                checked += 1
                found += bool(expected)
                if expected and rng.random() < 0.2:
                    match.take_back(seat, rng.choice(expected))
                else:
                    match.play(seat, rng.choice(match.legal(seat)))
        assert checked > 50, game_id
        if game_id in ("phopho", "coffeerush"):  # turns of several steps, some taken back alone
            assert found > 10, game_id
