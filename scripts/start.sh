#!/usr/bin/env bash
# README command 1: start the whole product on the embedded defaults (PGlite in ./data, local files,
# sandbox image provider) and open it at a local URL.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm run --silent build
url="http://${HOST:-127.0.0.1}:${PORT:-3000}"
# Open the browser once the server answers, when this machine has one.
( for _ in $(seq 1 60); do
    if curl -fsS "$url/healthz" >/dev/null 2>&1; then
      command -v xdg-open >/dev/null 2>&1 && xdg-open "$url" >/dev/null 2>&1 || true
      break
    fi
    sleep 1
  done ) &
exec node api/src/server.ts
