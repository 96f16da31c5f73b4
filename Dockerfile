# The studio's container image: the API and the built UI, run as `node api/src/server.ts`.
# ROLE (web, worker or all) and the rest of the configuration come from the environment (see compose.yaml).
FROM node:24.21.0-bookworm-slim

# The pnpm the repo pins (package.json `packageManager`).
RUN npm install --global pnpm@11.28.11

WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY api/package.json api/
COPY packages/api-client/package.json packages/api-client/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY packages/n8n-nodes-image-studio/package.json packages/n8n-nodes-image-studio/
COPY packages/sdk/package.json packages/sdk/
COPY packages/ui/package.json packages/ui/
COPY remotes/account/package.json remotes/account/
COPY remotes/admin/package.json remotes/admin/
COPY remotes/billing/package.json remotes/billing/
COPY remotes/studio/package.json remotes/studio/
COPY shells/host/package.json shells/host/
COPY scripts/package.json scripts/
RUN pnpm install --frozen-lockfile

COPY . .
RUN pnpm run --silent build

ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# SIGTERM reaches node directly (exec form): web processes drain, workers finish or hand back their jobs.
CMD ["node", "api/src/server.ts"]
