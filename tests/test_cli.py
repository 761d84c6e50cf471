"""The command line for people who study the games."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, env=None):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"), **(env or {}))
    return subprocess.run([sys.executable, "-m", "games"] + list(args), capture_output=True, text=True, env=env, cwd=ROOT)


def test_simulate_prints_win_rates_scores_and_length_with_a_progress_bar():
    out = run("simulate", "thenumber", "--players", "4", "--bots", "hard,normal,easy,easy", "--games", "3", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "The Number (4 players, seed 1): 3 games" in out.stdout
    for level in ("hard", "normal", "easy"):
        assert level in out.stdout
    assert "win rate" in out.stdout and "mean score" in out.stdout and "mean game length" in out.stdout
    assert "3/3 games" in out.stderr  # the progress bar
    again = run("simulate", "thenumber", "--players", "4", "--bots", "hard,normal,easy,easy", "--games", "3", "--seed", "1", "--quiet")
    assert again.stdout.splitlines()[:-1] == out.stdout.splitlines()[:-1]  # same seed, same games


def test_simulate_refuses_bad_arguments_clearly():
    out = run("simulate", "thenumber", "--players", "4", "--bots", "hard,normal")
    assert out.returncode != 0 and "--bots names 2 seats but --players is 4" in out.stderr
    out = run("simulate", "thenumber", "--bots", "genius,easy")
    assert out.returncode != 0 and "unknown bot level(s) genius" in out.stderr
    out = run("simulate", "thenumber", "--bots", "easy,easy,easy,easy,easy,easy")
    assert out.returncode != 0 and "2 to 5 players" in out.stderr


def test_list_shows_the_games():
    out = run("list")
    assert out.returncode == 0 and "thenumber" in out.stdout and "2-5 players" in out.stdout


def test_simulate_json_is_the_same_with_any_jobs_and_any_run():
    """Reproducible research: one seed, the same figures with one job or two, whatever the
    process's string hashing."""
    args = ("simulate", "mojo", "--bots", "hard,normal,easy", "--games", "4", "--seed", "5", "--json")
    one = run(*args, "--jobs", "1")
    assert one.returncode == 0, one.stderr
    figures = json.loads(one.stdout)
    assert figures["game"] == "mojo" and figures["games"] == 4 and figures["players"] == 3
    assert [s["bot"] for s in figures["seats"]] == ["hard", "normal", "easy"]
    assert abs(sum(s["win_rate"] for s in figures["seats"]) - 1.0) < 1e-9
    assert set(figures["by_level"]) == {"hard", "normal", "easy"} and figures["mean_actions"] > 0
    two = run(*args, "--jobs", "2", env={"PYTHONHASHSEED": "123"})
    assert two.returncode == 0, two.stderr
    assert two.stdout == one.stdout
    out = run("simulate", "mojo", "--games", "2", "--jobs", "0")
    assert out.returncode != 0 and "--jobs must be at least 1" in out.stderr


def test_a_game_that_does_not_end_stops_the_study_and_names_its_seed(monkeypatch, capsys):
    """Some rules set no limit on turns (Phở Phở): bots that each wait for the other would keep a
    study running for ever. Past MAX_DECISIONS a study stops and names the game's seed."""
    import games.__main__ as cli
    from tabletop import simulate as simulation

    monkeypatch.setattr(simulation, "MAX_DECISIONS", 30)  # far fewer than any game of Phở Phở takes
    for jobs in ("1", "2"):  # in this process, and in the forked ones
        code = cli.main(["simulate", "phopho", "--bots", "easy,easy", "--games", "3", "--seed", "7", "--jobs", jobs, "--quiet"])
        assert code == 2
        assert "games simulate: Phở Phở (easy,easy), seed 7: still running after 30 decisions" in capsys.readouterr().err
