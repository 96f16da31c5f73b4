#!/usr/bin/env bash
# README command 2: every check and every test. Uses PostgreSQL when DATABASE_URL is set, PGlite otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
pnpm install --frozen-lockfile --reporter=silent
./scripts/n8n/install.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is needed for the browser tests: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
echo "== generated files"; node scripts/check-generated.ts
echo "== lint"
pnpm exec biome check .
pnpm run --silent lint:imports
pnpm run --silent lint:dead
pnpm exec redocly lint openapi/openapi.json --config openapi/redocly.yaml --format=stylish
pnpm run --silent lint:spectral
echo "== n8n community node rules (n8n-node lint)"; pnpm --filter n8n-nodes-image-studio run --silent lint
echo "== n8n community package scan (the packed tarball)"; pnpm --filter n8n-nodes-image-studio run --silent scan
echo "== breaking changes against the last release"; node scripts/openapi-breaks.ts
# Two packages at once: tsc uses one core (212 s one at a time, 178 s two at once).
echo "== typecheck"; pnpm -r --workspace-concurrency=2 typecheck
echo "== build UI"; pnpm run --silent build
echo "== tests"
pnpm exec vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
node scripts/test-summary.ts test-results/vitest.json
