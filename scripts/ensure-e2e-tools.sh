#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium and read downloaded PDFs with pdftotext (poppler-utils);
# the cluster tests and `npm run cluster` put nginx in front of the nodes, and the cluster
# benchmark loads it with wrk. Install what is missing when we are allowed to.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || missing+=(nginx-light)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the end-to-end tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The end-to-end and cluster tests need: ${missing[*]} (Chromium at $CHROMIUM, pdftotext, nginx, wrk)." >&2
echo "Install with: sudo apt-get install -y ${missing[*]}   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
