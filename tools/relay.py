"""A Nostr relay for cross-device play on a local network, or for the tests:
python3 tools/relay.py [--port 7447] [--host 0.0.0.0] [--data DIR]   (make relay PORT=7447)

Players' browsers find each other through Nostr relays (Trystero's nostr strategy, www/net.mjs);
this runs one from the PyPI package nostr-relay (requirements-relay.txt, installed into .venv by
`make relay`) with a config written here: its port and host, and a sqlite file in a fresh
temporary folder (removed when the relay stops) unless --data names a folder to keep it in.
It prints the ws:// addresses to put in the page's `&relays=`."""

import argparse
import os
import shutil
import signal
import socket
import sys
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
DEFAULT_PORT = 7447

# Trystero's announcements carry encrypted WebRTC offers: larger than the relay's default limit
# of 4096 characters for an event's content.
MAX_EVENT_SIZE = 65536

CONFIG = """# Written by tools/relay.py
relay_name: phophoboard local relay
relay_description: signalling for cross-device play on a local network
storage:
  sqlalchemy.url: "sqlite+aiosqlite:///{db}"
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
authentication:
  enabled: false
max_event_size: {max_event_size}
gunicorn:
  bind: "{host}:{port}"
  host: "{host}"
  log_level: warning
logging:
  version: 1
  formatters:
    simple:
      format: "%(asctime)s relay %(levelname)s %(message)s"
  handlers:
    console:
      class: logging.StreamHandler
      formatter: simple
      stream: ext://sys.stderr
  loggers:
    nostr_relay:
      level: WARNING
      handlers: [console]
      propagate: false
  root:
    level: WARNING
    handlers: [console]
"""


def write_config(folder, port, host):
    """The relay's config file in `folder` (its database goes there too); returns its path."""
    path = os.path.join(folder, "relay.yaml")
    with open(path, "w") as f:
        f.write(CONFIG.format(db=os.path.join(folder, "relay.sqlite3"), port=port, host=host,
                              max_event_size=MAX_EVENT_SIZE))
    return path


def lan_address():
    """This machine's address on its local network, or None. Connecting a UDP socket only picks
    the route: no packet is sent."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def addresses(host, port):
    if host not in ("0.0.0.0", ""):
        return ["ws://{}:{}".format(host, port)]
    found = ["ws://127.0.0.1:{}".format(port)]
    lan = lan_address()
    if lan:
        found.append("ws://{}:{}".format(lan, port))
    return found


class _Stopped(Exception):
    pass


def _stop(signum, frame):
    raise _Stopped


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--host", default="0.0.0.0", help="0.0.0.0: every network of this machine")
    parser.add_argument("--data", help="folder for the config and database (default: a temporary one)")
    args = parser.parse_args(argv)
    try:
        from click.exceptions import Abort  # nostr-relay's command line is click's
        from nostr_relay.cli import main as relay_main
    except ImportError:
        if os.path.exists(VENV_PYTHON) and os.path.realpath(sys.executable) != os.path.realpath(VENV_PYTHON):
            os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__)] + list(sys.argv[1:] if argv is None else argv))
        raise SystemExit("nostr-relay is not installed: run `make relay` (it installs requirements-relay.txt into .venv)")
    if args.data:
        os.makedirs(args.data, exist_ok=True)
        folder = args.data
    else:
        folder = tempfile.mkdtemp(prefix="relay-")
    try:
        config = write_config(folder, args.port, args.host)
        urls = addresses(args.host, args.port)
        print("Nostr relay on {} (database in {})".format(", ".join(urls), folder), flush=True)
        print("Play across devices with &relays={} in the page's address".format(urls[-1]), flush=True)
        # uvicorn stops on SIGTERM, then raises it again with the handler it found: this one
        # lets the temporary folder go (the default handler would end the process first).
        signal.signal(signal.SIGTERM, _stop)
        warnings.filterwarnings("ignore", message="The `websockets` implementation is deprecated")
        relay_main(["-c", config, "serve", "--use-uvicorn"], standalone_mode=False)
    except (KeyboardInterrupt, Abort, _Stopped):  # Ctrl-C (click calls it Abort), SIGTERM
        pass
    finally:
        if not args.data:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
