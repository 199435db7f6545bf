# Centerline: one image for every role (ROLE=all|web|worker).
#   docker build -t centerline .
#   docker run -p 3000:3000 -v centerline-data:/data centerline            # embedded database
#   docker run -e DATABASE_URL=postgres://... -e ROLE=web centerline        # a node of a cluster
# The OCR language data (@tesseract.js-data/eng) and the fonts come from npm packages installed
# below: nothing is downloaded when the container runs.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# A user of its own: the process never runs as root.
RUN groupadd --system --gid 10001 centerline \
 && useradd --system --uid 10001 --gid centerline --home-dir /app --shell /usr/sbin/nologin centerline \
 && mkdir -p /data && chown centerline:centerline /data
COPY --from=dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/migrations ./migrations
COPY --from=build --chown=root:root /app/package.json ./package.json
USER centerline
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
