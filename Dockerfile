# Podium's container image: built in one stage, run from another that holds only the built
# server and web app, the production dependencies, the migrations and the content files.
# Build:  docker build -t podium .
# Run:    see compose.yaml and README.md § Production.
# Node 22 LTS (20 reached its end of life in April 2026; the code targets Node 20.19+).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Behind a company proxy that intercepts TLS, npm must trust the proxy's CA certificate: pass
# it (PEM) as --build-arg EXTRA_CA_CERT="$(cat company-root-ca.pem)". npm ci then trusts it
# through NODE_EXTRA_CA_CERTS, for that command only. A CA certificate is public, so a build
# argument (visible in the image's history) suits it; the runtime stage neither holds nor needs it.
ARG EXTRA_CA_CERT=""
# No install scripts: nothing may download binaries; esbuild and Vite's native parts come as
# the registry's platform packages.
RUN if [ -n "$EXTRA_CA_CERT" ]; then \
      printf '%s\n' "$EXTRA_CA_CERT" > /tmp/extra-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; \
    fi \
 && npm ci --ignore-scripts --no-audit --no-fund \
 && rm -f /tmp/extra-ca.pem
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
ARG EXTRA_CA_CERT=""
RUN if [ -n "$EXTRA_CA_CERT" ]; then \
      printf '%s\n' "$EXTRA_CA_CERT" > /tmp/extra-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; \
    fi \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
 && rm -f /tmp/extra-ca.pem

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json marks the app's root (src/server/project-root.ts); drizzle/ holds the
# migrations applied at start-up, content/ the season files `content-load` reads.
COPY --chown=root:root package.json ./
COPY --chown=root:root drizzle ./drizzle
COPY --chown=root:root content ./content
COPY --from=production-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# The app's files belong to root and are read-only to it; it writes only to /data (PGlite,
# the demo identity provider's keys) as the unprivileged `node` user of the base image.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means the process answers and the database too (GET /health/ready, 503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets the SIGTERM itself (server.ts drains and exits; it starts
# no child processes, so there is nothing to reap).
CMD ["node", "dist/server/server.js"]
