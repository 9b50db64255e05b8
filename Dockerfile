# One image, two roles: `npm start` (API server) or `npm run worker` (transcoder).
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY tsconfig.json prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
ENV HOST=0.0.0.0 PORT=3000 NODE_ENV=production
EXPOSE 3000
CMD ["npm", "start"]
