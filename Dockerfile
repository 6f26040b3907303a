# Klartext service image. Not built or run on the machine this was written on (it has no
# Docker); see docs/deploy.md. Two stages: the build stage compiles TypeScript and the native
# npm modules (better-sqlite3 builds from source when no prebuilt binary can be fetched), the
# runtime stage carries only dist/, the production node_modules and native tesseract with its
# German and English data (OCR_ENGINE=auto picks it; Debian's models are tessdata_fast).

# ---- build -------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime -----------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# MALLOC_ARENA_MAX: glibc keeps one malloc arena per thread otherwise, ~70 MB more peak memory
# during OCR (docs/reading.md).
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    OCR_ENGINE=auto \
    OCR_LANGUAGES=deu
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# tesseract.js's German tessdata_fast model (models/tessdata_fast/PROVENANCE.md), for
# OCR_ENGINE=tesseract-js; with native tesseract installed `auto` reads with that instead.
COPY --chown=node:node models ./models
# The SQLite default and the local e-mail outbox write under ./data; with DATABASE_URL=postgres
# and SMTP_URL set (docs/deploy.md), nothing is written there.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Liveness: the process answers. Readiness (database and Redis reachable) is /readyz, which the
# load balancer checks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1: main.ts handles SIGTERM (drains requests for SHUTDOWN_GRACE_MS) and
# waits for every tesseract child it starts.
CMD ["node", "dist/src/main.js"]
