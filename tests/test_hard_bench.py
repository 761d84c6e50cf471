"""bench/hard_bench.py's tries: a change of today's Hard, run without editing it (issue 37)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def hard_bench(tmp_path, *args):
    out = tmp_path / "results.md"
    return subprocess.run([sys.executable, os.path.join(ROOT, "bench", "hard_bench.py"), "--titles", "mojo", "--rows", "normal",
                           "--games", "2", "--jobs", "2", "--out", str(out)] + list(args),
                          capture_output=True, text=True, cwd=ROOT), out


def test_a_patch_reaches_the_hard_of_the_games_played_in_every_process(tmp_path):
    patch = tmp_path / "patch.py"
    patch.write_text("def hard(game, view, seat, legal, rng):\n    raise RuntimeError('the patched Hard played')\n")
    done, _ = hard_bench(tmp_path, "--patch", str(patch))
    assert done.returncode != 0 and "the patched Hard played" in done.stderr


def test_a_setting_is_written_beside_its_figures_and_a_misspelt_name_or_bad_value_is_refused(tmp_path):
    done, out = hard_bench(tmp_path, "--set", "HARD_WORLDS=3")
    assert done.returncode == 0, done.stderr
    assert "--set HARD_WORLDS=3" in out.read_text() and "| Mojo |" in out.read_text()
    done, out = hard_bench(tmp_path, "--set", "HARD_WORLD=3")
    assert done.returncode != 0 and "games.mojo.bots has no HARD_WORLD" in done.stderr
    done, out = hard_bench(tmp_path, "--set", "HARD_WORLDS=three")
    assert done.returncode != 0 and "must be a Python literal" in done.stderr
