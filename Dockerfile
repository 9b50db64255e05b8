# One image, two roles: the API server (`npm start`) or a transcoder (`npm run worker`); see docker-compose.yml.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY tsconfig.json prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
# Built into the image: the CMD below bypasses `npm start`, whose prestart would build it at first start.
RUN npm run build:web
ENV HOST=0.0.0.0 PORT=3000 NODE_ENV=production
EXPOSE 3000
# Not `npm start`: npm does not pass SIGTERM on, and the server shuts down gracefully on it.
CMD ["node_modules/.bin/tsx", "server/server.ts"]
