#!/bin/sh
# Regenerates the results-page screenshots of docs/results-pages-screenshots.md
# from the demo: starts tallyd --demo on a throwaway data directory with its
# HTTP listener on a free port, and has Debian's chromium (headless) shoot a
# ranking, a traveller and the venue scoreboard at a phone's width (390 x
# 844) and a desktop's (1280 x 800), as PNGs beside this script. Removes
# what it made in /tmp and stops the tallyd it started.
#
# Usage: docs/screenshots/make.sh [BUILD_DIR]     (default: build)
# Needs: BUILD_DIR/server/tallyd built; /usr/bin/chromium (or $CHROMIUM).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
tallyd=$build/server/tallyd
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$tallyd" ] || { echo "no tallyd at $tallyd: build it first" >&2; exit 1; }
[ -x "$chromium" ] || { echo "no chromium at $chromium" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/tally-screenshots.XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

"$tallyd" --data_dir="$work/data" --listen=127.0.0.1:0 --demo \
  --http_listen=127.0.0.1:0 --http_port_file="$work/http.port" \
  >"$work/tallyd.log" 2>&1 &
pid=$!
i=0
while [ ! -s "$work/http.port" ]; do
  i=$((i + 1))
  [ $i -le 300 ] || { cat "$work/tallyd.log" >&2; exit 1; }
  sleep 0.1
done
root="http://127.0.0.1:$(cat "$work/http.port")"

sandbox=
[ "$(id -u)" -ne 0 ] || sandbox=--no-sandbox

# shoot NAME PATH WIDTH HEIGHT
shoot() {
  "$chromium" --headless $sandbox --user-data-dir="$work/profile" \
    --no-first-run --disable-gpu --disable-extensions --hide-scrollbars \
    --force-device-scale-factor=1 --window-size="$3,$4" \
    --screenshot="$here/$1.png" "$root/$2" \
    >>"$work/chromium.log" 2>&1 || { cat "$work/chromium.log" >&2; exit 1; }
  echo "wrote $here/$1.png ($(wc -c <"$here/$1.png") bytes)"
}

for size in phone:390:844 desktop:1280:800; do
  name=${size%%:*}
  wh=${size#*:}
  w=${wh%%:*}
  h=${wh#*:}
  shoot "ranking-$name" t/demo/c/pairs/s/1/standings.html "$w" "$h"
  shoot "traveller-$name" t/demo/c/pairs/s/1/board/1.html "$w" "$h"
  shoot "scoreboard-$name" t/demo/scoreboard.html "$w" "$h"
done
