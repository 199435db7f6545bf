#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium. Install it when missing and we are allowed to.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at $CHROMIUM." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
