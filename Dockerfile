# Quire's container images (issue 13): one multi-stage file, a target per process.
#   docker build --target api -t quire-api .            the commerce API (also runs migrations and the seed)
#   docker build --target worker -t quire-worker .      the job worker (mail, back-in-stock notices, search index)
#   docker build --target storefront -t quire-web .     the server-rendered storefront
#   docker build --target payment-sandbox -t quire-pay . the local stand-in for the payment gateways (demo only)
# No image registry is reachable from the machines Quire is built on, so these are not built in CI: the same
# topology is tested as processes (see the README). Keep them plain.

# ---------------------------------------------------------------- the workspaces' manifests, what npm ci reads
FROM node:20-bookworm-slim AS manifests
WORKDIR /quire
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/payment-sandbox/package.json apps/payment-sandbox/
COPY packages/contracts/package.json packages/contracts/
COPY packages/money/package.json packages/money/
COPY packages/telemetry/package.json packages/telemetry/

# ---------------------------------------------------------------- build: every workspace, with dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /quire
COPY --from=manifests /quire ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---------------------------------------------------------------- runtime dependencies only
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /quire
COPY --from=manifests /quire ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

# ---------------------------------------------------------------- a small base that runs as a user, not root
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /quire
COPY --from=runtime-deps --chown=node:node /quire/node_modules node_modules
COPY --chown=node:node package.json ./
USER node

FROM base AS api
COPY --from=build --chown=node:node /quire/apps/api/package.json apps/api/
COPY --from=build --chown=node:node /quire/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /quire/packages packages
WORKDIR /quire/apps/api
ENV API_HOST=0.0.0.0 API_PORT=4000 JOBS_WORKER=off
EXPOSE 4000
CMD ["node", "--import", "@quire/telemetry/register", "dist/main.js"]

FROM api AS worker
ENV WORKER_HEALTH_PORT=4001
EXPOSE 4001
CMD ["node", "--import", "@quire/telemetry/register", "dist/worker.js"]

FROM base AS storefront
COPY --from=build --chown=node:node /quire/apps/storefront/package.json apps/storefront/
COPY --from=build --chown=node:node /quire/apps/storefront/server.mjs apps/storefront/
COPY --from=build --chown=node:node /quire/apps/storefront/build apps/storefront/build
COPY --from=build --chown=node:node /quire/packages packages
WORKDIR /quire/apps/storefront
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "--import", "@quire/telemetry/register", "server.mjs"]

FROM base AS payment-sandbox
COPY --from=build --chown=node:node /quire/apps/payment-sandbox/package.json apps/payment-sandbox/
COPY --from=build --chown=node:node /quire/apps/payment-sandbox/dist apps/payment-sandbox/dist
WORKDIR /quire/apps/payment-sandbox
EXPOSE 4100
CMD ["node", "dist/main.js"]
