# syntax=docker/dockerfile:1
# One image, two roles: the API server (default command) or a transcoder
# (`node worker/worker.js`); the one-shot migrate step is `node prisma/migrate.js deploy`.
# See docker-compose.yml. Node runs compiled JavaScript: no tsx, no TypeScript at run time.
#
# Node 26 is the active LTS line (nodejs/Release schedule.json, 2026-11-28; .nvmrc, engines).
# Debian 12 (bookworm) is what CI runs on: its ffmpeg 5.1 is the one the tests transcode with.
ARG NODE_IMAGE=node:26.10.0-bookworm-slim

# --- build: every dependency, the generated Prisma client, tsc to dist/, the web app ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json prisma.config.ts ./
COPY prisma/schema.prisma prisma/generate.ts prisma/
# The postinstall generates the Prisma client (prisma/generate.ts, no engine download needed).
RUN npm ci --no-audit --no-fund
COPY contract contract
COPY infra infra
COPY server server
COPY worker worker
COPY prisma prisma
COPY scripts scripts
COPY web web
RUN npx tsc -p tsconfig.build.json && npm run build:web

# --- production dependencies only (`dependencies`; tests/infra/runtime-dependencies.test.ts keeps them complete) ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the only one is the postinstall's client generation, done in `build`.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# --- run time ---
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
# dist/ mirrors the source tree (server/, worker/, infra/, contract/, prisma/, scripts/), so paths
# the code resolves from its own location (prisma/migrations, web/dist) are where they were.
COPY --from=build /app/dist ./
COPY prisma/schema.prisma prisma/
COPY prisma/migrations prisma/migrations
COPY --from=build /app/web/dist web/dist
# DATA_DIR holds this container's private scratch (media live in the bucket with STORAGE_DRIVER=s3).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# /api/ready: 200 when the database, Redis and the media store answer (503 naming which does not).
# The worker has no HTTP API: docker-compose.yml gives it its own check on METRICS_PORT's /health.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself, not npm: npm does not pass SIGTERM on, and both roles shut down gracefully on it.
CMD ["node", "server/server.js"]
