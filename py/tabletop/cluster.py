"""Balance studies on Dask's distributed scheduler: `simulate(..., scheduler="tcp://HOST:PORT")`.

The games are the same jobs as on local processes (game, levels, seed, options), sent in chunks
(a task of a few games is worth its round trip to the scheduler), and tallied in the order of the
games: the figures are exactly those of one process, whatever the workers and their speed.

The workers run this checkout's rules, not whatever they may have installed: the `games` and
`tabletop` packages are zipped and uploaded to every worker before the first game (Dask puts the
zip first on the worker's path). A worker needs only Python (the same minor version as here) and
requirements-cluster.txt.

Only this module imports `distributed`, and only a study given a scheduler imports this module:
neither the browser nor a plain `simulate` loads Dask."""

import hashlib
import io
import os
import tempfile
import zipfile

CHUNK = 10  # games per task
# How long to wait for the scheduler (and for its first worker); a test shortens it.
CONNECT_TIMEOUT = os.environ.get("BANCHOI_CONNECT_TIMEOUT", "20s")


class ClusterError(Exception):
    """The scheduler cannot be reached, or a worker failed: the reason, for the command line."""


def rules_zip(packages):
    """The bytes of a zip holding these imported packages' .py files (at the zip's top level)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for package in packages:
            top = os.path.dirname(os.path.abspath(package.__file__))
            base = os.path.dirname(top)
            for folder, dirs, files in os.walk(top):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                for name in sorted(files):
                    if name.endswith(".py"):
                        path = os.path.join(folder, name)
                        # A fixed date: the same code gives the same zip, and the same name.
                        info = zipfile.ZipInfo(os.path.relpath(path, base).replace(os.sep, "/"), (2020, 1, 1, 0, 0, 0))
                        with open(path, "rb") as f:
                            z.writestr(info, f.read(), zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _play_chunk(jobs):
    from .simulate import play_one

    return [play_one(*job) for job in jobs]


def play_on_cluster(address, work, on_result):
    """Play every job of `work` on the cluster at `address`; on_result(i, result) in game order."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--scheduler needs Dask's distributed: pip install -r requirements-cluster.txt")
    import games
    import tabletop

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as err:
        raise ClusterError("no Dask scheduler answers at {}: {}".format(address, err))
    try:
        if not client.scheduler_info().get("workers"):
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        data = rules_zip([games, tabletop])
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "banchoi-rules-{}.zip".format(hashlib.sha256(data).hexdigest()[:12]))
            with open(path, "wb") as f:
                f.write(data)
            client.upload_file(path)
        chunks = [work[i:i + CHUNK] for i in range(0, len(work), CHUNK)]
        futures = client.map(_play_chunk, chunks, pure=False)
        start_of = {future.key: i * CHUNK for i, future in enumerate(futures)}
        done = {}
        next_game = 0
        for future, results in as_completed(futures, with_results=True):
            for k, result in enumerate(results):
                done[start_of[future.key] + k] = result
            while next_game in done:
                on_result(next_game, done.pop(next_game))
                next_game += 1
    except (OSError, TimeoutError) as err:
        raise ClusterError("the Dask cluster at {} failed: {}".format(address, err))
    finally:
        client.close()
