#!/usr/bin/env bash
# The main path in Firefox ESR and WebKitGTK (ADR 0036): installs Debian's firefox-esr,
# webkit2gtk-driver and xvfb when one is missing (as root, like .ci/run's Chromium), then walks
# the built server (npm run build first; `npm run test:engines` does both) in both engines at
# once, WebKit in a 375×812 X display of its own. Screenshots: test-results/engines/<engine>/.
# Its last line is "N passed, N failed, N skipped" (steps of both engines); exits 1 on a failure.
# ENGINES=firefox or ENGINES=webkit walks one engine; ENGINES_PORT moves the server (3230).
# ENGINES_PASS_SECONDS bounds one pass (150; below).
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v xvfb-run > /dev/null || missing+=(xvfb)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing ${missing[*]} from Debian's packages"
  if [ "$(id -u)" -ne 0 ]; then
    echo "needs root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

if [ ! -f dist/server/server.js ] || [ ! -f dist/web/index.html ]; then
  echo "no built server: run npm run build first (npm run test:engines does)" >&2
  exit 1
fi

# A pass takes about 20 s. The first one after the browsers' packages were installed once hung
# for good: WebKitWebDriver answered, but never started MiniBrowser for the new session. A pass
# that has not ended within ENGINES_PASS_SECONDS (150) is stopped, its browsers with it, and run
# once more; a step that fails is never run again.
limit=${ENGINES_PASS_SECONDS:-150}
walk() {
  timeout --kill-after=10 "$limit" xvfb-run -a -s "-screen 0 375x812x24" npx tsx scripts/engines/pass.ts
}
stop_strays() {
  pkill -f WebKitWebDriver || true
  pkill -f puppeteer_dev_firefox_profile || true
}

echo "== the main path in Firefox ESR and WebKitGTK"
status=0
walk || status=$?
if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then exit "$status"; fi
stop_strays
echo "== the pass did not end within $limit s: stopped, and run once more"
status=0
walk || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  stop_strays
  echo "the pass did not end within $limit s, twice" >&2
fi
exit "$status"
