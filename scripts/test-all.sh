#!/usr/bin/env bash
# npm test: every tier. Unit and API on PGlite; the API (data layer) again on PostgreSQL when
# TEST_DATABASE_URL is set; end to end in Debian's Chromium. Prints one closing count line.
set -uo pipefail
cd "$(dirname "$0")/.."
out=.test-results
rm -rf "$out" && mkdir -p "$out"
status=0

echo "== typecheck (server, packages, e2e; web) =="
npm run typecheck --silent || status=1

echo "== unit and API tests (PGlite) =="
env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$out/vitest-pglite.json" || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API and data-layer tests (PostgreSQL: ${TEST_DATABASE_URL%%\?*}) =="
  npx vitest run --project api --reporter=default --reporter=json --outputFile="$out/vitest-postgres.json" || status=1
else
  echo "== PostgreSQL tier skipped: set TEST_DATABASE_URL=postgres://... to run the API tests on a server =="
fi

echo "== end-to-end tests (Chromium) =="
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$out/e2e.json" bash scripts/e2e.sh --reporter=list,json || status=1

[ -f "$out/e2e.json" ] || { echo "end-to-end report missing: counted as a failure"; status=1; }
node scripts/summarise-tests.mjs "$out" || status=1
exit $status
