#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium, a fresh build of the web app, the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  bash scripts/install-system-deps.sh || { echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian) and retry." >&2; exit 1; }
fi
npm run build:web --silent >/dev/null
# Each run gets a fresh data dir; drop ones left by runs over an hour old.
mkdir -p e2e/.artifacts && find e2e/.artifacts -maxdepth 1 -name 'data-*' -mmin +60 -exec rm -rf {} +
npx playwright test -c e2e/playwright.config.ts "$@"
