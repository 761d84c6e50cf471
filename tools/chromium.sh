#!/usr/bin/env bash
# Make sure a Chromium exists for the browser tests. Playwright's own download cannot be used
# (browsers are not fetched at run time), so we use Debian's chromium package.
set -eu
if [ -n "${CHROMIUM:-}" ] && [ -x "${CHROMIUM}" ]; then exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$candidate" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
else
  echo "No Chromium found. Install it (as root: apt-get install -y chromium) or set CHROMIUM=/path/to/chromium." >&2
  exit 1
fi
