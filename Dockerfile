# `app`: the API (which also serves the built front ends) and the one-off jobs; `worker`: the same plus
# Chromium and fonts for the reports, and the workflow code bundled at build time.
FROM node:24-bookworm-slim AS app
WORKDIR /app
COPY package.json package-lock.json ./
COPY config/package.json config/
COPY db/package.json db/
COPY platform/package.json platform/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY temporal/package.json temporal/
COPY site/package.json site/
COPY api/package.json api/
COPY console/package.json console/
COPY runner-web/package.json runner-web/
COPY clients/typescript/package.json clients/typescript/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
ENV NODE_ENV=production
# api/src/api-process.ts, temporal/src/worker-env.ts: fewer malloc arenas (docs/architecture.md, Report memory; docs/benchmarks.md, A large account).
ENV MALLOC_ARENA_MAX=2
# Not root: a bug in Chromium or a dependency then owns only what the node user may touch.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# api/src/api-process.ts: a smaller young generation (docs/benchmarks.md, A large account).
CMD ["node", "--max-semi-space-size=16", "--import", "tsx", "api/src/main.ts"]

FROM app AS worker
# The packages are installed as root; the worker runs as node again, so Chromium prints in its sandbox.
USER root
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
USER node
RUN mkdir -p .data && node --import tsx temporal/src/bundle-main.ts .data/workflow-bundle.js
CMD ["node", "--import", "tsx", "temporal/src/worker-main.ts"]
