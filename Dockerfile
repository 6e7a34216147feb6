# syntax=docker/dockerfile:1
# The Ledgerline server: the built site and the compiled API in one image (docs/deploy.md).
#   docker build -t ledgerline .
# The site's build reads VITE_PRODUCT_NAME and VITE_SUPPORT_EMAIL: pass them as build arguments.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: install every workspace dependency, build the site and the server --------------------
FROM ${NODE_IMAGE} AS build
ARG VITE_PRODUCT_NAME=Ledgerline
ARG VITE_SUPPORT_EMAIL=support@ledgerline.local
ENV CI=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    VITE_PRODUCT_NAME=${VITE_PRODUCT_NAME} \
    VITE_SUPPORT_EMAIL=${VITE_SUPPORT_EMAIL}
RUN npm install --global pnpm@12.21.0
WORKDIR /repo
# The manifests first, so the install is cached until a dependency changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY patches patches
COPY apps/api/package.json apps/api/
COPY apps/site/package.json apps/site/
COPY packages/api-client/package.json packages/api-client/
COPY packages/rules/package.json packages/rules/
COPY packages/ui/package.json packages/ui/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @ledgerline/site build && pnpm --filter @ledgerline/api build
# The API package with its runtime dependencies only (no tsx, no esbuild, no test tools), then only
# what the compiled server reads: its bundle, its migrations and its package.json ("type": "module").
RUN pnpm --filter @ledgerline/api deploy --prod /out/apps/api \
 && rm -rf /out/apps/api/src /out/apps/api/scripts /out/apps/api/dist /out/apps/api/drizzle \
 && cp -r apps/api/dist apps/api/drizzle /out/apps/api/ \
 && rm -rf /out/apps/api/dist/test-* \
 && mkdir -p /out/apps/site \
 && cp -r apps/site/dist /out/apps/site/dist \
 && cp openapi.yaml /out/openapi.yaml

# --- runtime: Node and the built files, run as the unprivileged `node` user ------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/ledgerline
WORKDIR /app
# The server finds the contract and the site from its package's directory: /app/apps/api → /app.
COPY --from=build --chown=root:root /out /app
RUN mkdir -p /var/lib/ledgerline && chown node:node /var/lib/ledgerline
USER node
EXPOSE 3000
# Liveness: the process answers and reaches its database. Readiness (GET /api/v1/readyz) is for the
# load balancer, which must stop sending requests to a stopping instance before it goes.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The compiled server as PID 1: it handles SIGTERM itself (readiness 503, requests finish, exit).
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
