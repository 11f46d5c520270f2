# Vaultline's image (docs/decisions/0026-operations.md). Build: `buildah bud --format docker -t vaultline .`
# or `docker build -t vaultline .`. Run: see compose.yaml and README "Deploying".
# Syntax kept to what buildah 1.28 reads: no heredocs, no COPY --link.

# 1. Build the web app and the server bundles (server, migrate, backup, restore, ledger-verify).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No install scripts: native parts come as prebuilt optional packages (sharp, argon2, esbuild).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
COPY scripts scripts
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. The server's production dependencies only, installed again over the build's manifests: no
#    peers (TypeScript comes as viem's), no type declarations or source maps (85 MB of 247).
FROM build AS deps
RUN npm ci --omit=dev --omit=peer --ignore-scripts --no-audit --no-fund --workspace apps/server --include-workspace-root=false \
 && rm -rf node_modules/@app /root/.npm \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

# 3. What runs: Node, the bundles, the migrations, the built web app. No compiler, no sources, no secrets.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/src/db/pglite-initdb.mjs apps/server/src/db/
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means: the database answers, no migration is pending, documents can be written (/api/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: in-flight requests finish, then it exits (within 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=100", "apps/server/dist/server.mjs"]
