"""Balance studies on a Dask cluster (`games simulate --scheduler`): a scheduler and two worker
processes on this machine, started as the README says, with nothing of ours on the workers'
path (they get the rules from the study itself)."""

import json
import os
import subprocess
import sys
import time

import pytest

from test_cli import ROOT, run

DASK = os.path.join(os.path.dirname(sys.executable), "dask")
STUDY = ("simulate", "mojo", "--bots", "normal,easy,easy", "--games", "30", "--seed", "11")


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    address_file = str(folder / "scheduler.json")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    processes = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", address_file], cwd=str(folder), env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(address_file) or not os.path.getsize(address_file):
            assert time.monotonic() < deadline and processes[0].poll() is None, "the scheduler did not start"
            time.sleep(0.1)
        time.sleep(0.2)  # the file is written whole before its size is read again
        with open(address_file) as f:
            address = json.load(f)["address"]
        processes.append(subprocess.Popen([DASK, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard",
                                           "--local-directory", str(folder / "workers")], cwd=str(folder), env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        yield address
    finally:
        for process in reversed(processes):  # the workers first: a worker left alone waits for its scheduler
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_a_study_on_a_dask_cluster_gives_the_same_json_as_two_local_jobs(scheduler):
    local = run(*STUDY, "--jobs", "2", "--json")
    assert local.returncode == 0, local.stderr
    cluster = run(*STUDY, "--scheduler", scheduler, "--json")
    assert cluster.returncode == 0, cluster.stderr
    assert cluster.stdout == local.stdout
    assert json.loads(cluster.stdout)["games"] == 30


def test_a_study_on_a_cluster_shows_its_progress_and_the_same_table(scheduler):
    local = run(*STUDY, "--jobs", "1")
    cluster = run(*STUDY, "--scheduler", scheduler)
    assert cluster.returncode == 0, cluster.stderr
    assert "30/30 games" in cluster.stderr  # the progress bar, as with --jobs
    assert cluster.stdout.splitlines()[:-1] == local.stdout.splitlines()[:-1]  # all but the time taken


def test_a_scheduler_that_does_not_answer_is_said_plainly():
    out = run("simulate", "mojo", "--games", "2", "--scheduler", "tcp://127.0.0.1:9", env={"BANCHOI_CONNECT_TIMEOUT": "2s"})
    assert out.returncode == 2
    assert "no Dask scheduler answers at tcp://127.0.0.1:9" in out.stderr and "Traceback" not in out.stderr


def test_the_browser_never_gets_the_cluster_module():
    from shell import modules  # tools/shell.py

    assert "tabletop/simulate.py" in modules() and "tabletop/cluster.py" not in modules()
    plain = subprocess.run([sys.executable, "-c", "import sys, tabletop.simulate, games.__main__; print('distributed' in sys.modules)"],
                           capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py")))
    assert plain.stdout.strip() == "False", plain.stderr
