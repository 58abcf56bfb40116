#!/usr/bin/env bash
# One-time set-up on a fresh Debian machine: the browser for the UI tests, the locked npm dependencies, the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends chromium
fi
npm ci
npm run build:cli   # the compiled `jampr` command (bin/jampr.mjs runs out/cli/)
