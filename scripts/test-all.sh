#!/usr/bin/env bash
# `npm test`: every suite, in order, then one line `N passed, N failed` counting all of them.
#   1. unit + API tests on the embedded database (PGlite)
#   2. the same API tests on a PostgreSQL server, when TEST_DATABASE_URL is set
#   3. browser journeys (Playwright in Debian Chromium) against the freshly built app
set -uo pipefail
cd "$(dirname "$0")/.."
# Reports live outside test-results/, which Playwright empties when it starts.
reports=.test-reports
rm -rf "$reports" && mkdir -p "$reports"
status=0
expected=(vitest-pglite.json)

run() { echo; echo "== $1"; shift; "$@" || status=1; }

run "unit + API tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-pglite.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  expected+=(vitest-postgres.json)
  run "API tests (PostgreSQL server)" npx vitest run --project api --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json"
else
  echo; echo "== API tests (PostgreSQL server): skipped, TEST_DATABASE_URL is not set"
fi

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  expected+=(e2e.json)
  # No prebuilt app: the server's first start builds it, as on a newcomer's machine.
  rm -rf web/dist
  run "browser journeys (Playwright, $chromium)" env PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/e2e.json" npx playwright test
else
  echo; echo "== browser journeys: Chromium not found at $chromium (apt-get install -y chromium, or set CHROMIUM_PATH)"
  status=1
fi

node scripts/count-results.mjs "$reports" "${expected[@]}" || status=1
exit $status
