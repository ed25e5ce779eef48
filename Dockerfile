# One image for the API (which also serves the built front ends) and the worker.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY config/package.json config/
COPY db/package.json db/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY temporal/package.json temporal/
COPY api/package.json api/
COPY console/package.json console/
COPY runner-web/package.json runner-web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
ENV NODE_ENV=production
CMD ["npx", "tsx", "api/src/main.ts"]
