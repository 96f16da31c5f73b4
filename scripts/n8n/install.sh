#!/usr/bin/env bash
# Installs n8n's engine for the template tests (npm, outside the pnpm workspace: see package.json), once per lock file.
# `--ignore-scripts`: an optional Kafka native addon of n8n-nodes-base cannot build offline and is never used here.
set -euo pipefail
cd "$(dirname "$0")"
stamp=node_modules/.installed-lock
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "== n8n engine for the template tests (first run: about a minute)"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
