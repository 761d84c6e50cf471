"""Serve the app for play and tests: python3 tools/serve.py [--port 8000] [--prefix /games/].

A static server, like any host the app may be uploaded to; it only adds the MIME types the
runtime needs and (with --prefix) serves the site from a sub-path, as a static host might."""

import argparse
import functools
import http.server
import os
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
           ".toml": "text/plain", ".py": "text/plain", ".json": "application/json",
           ".webmanifest": "application/manifest+json"}
    )
    prefix = "/"

    def translate_path(self, path):
        if self.prefix != "/":
            prefix = urllib.parse.quote(self.prefix)  # browsers send the path percent-encoded
            if not path.startswith(prefix):
                return os.path.join(ROOT, "__outside_prefix__")
            path = "/" + path[len(prefix):]
        return super().translate_path(path)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed the page mid-download: nothing went wrong here
        super().handle_error(request, client_address)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path")
    parser.add_argument("--root", default=ROOT)
    args = parser.parse_args(argv)
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    handler = functools.partial(type("PrefixHandler", (Handler,), {"prefix": prefix}), directory=args.root)
    server = Server((args.host, args.port), handler)
    print("Serving {} at http://{}:{}{}".format(args.root, args.host, server.server_address[1], prefix), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
