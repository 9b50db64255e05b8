// REST reads under load: autocannon (a separate process) against the participants
// of a 200-athlete challenge and the challenge list, next to a trivial JSON route
// on the same server — the practical ceiling for this machine and framework.
import type { AddressInfo } from 'node:net'
import { startTestApp } from '../tests/helpers/app.ts'
import { autocannon as cannon, median, round, sized, type Section } from './lib.ts'

const RUNS = sized(3, 1)
const SECONDS = sized(5, 1)
const CONNECTIONS = sized(20, 2)
const ATHLETES = sized(200, 10)
const OTHER_CHALLENGES = sized(20, 2)

async function seedBigChallenge(prisma: Awaited<ReturnType<typeof startTestApp>>['db']['prisma']): Promise<number> {
  const challenge = await prisma.challenge.create({
    data: {
      name: 'Bench Challenge',
      location: 'Bench Gym',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 6 * 86_400_000),
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: ['83kg', '93kg'],
      gender: 'M',
    },
  })
  await prisma.user.createMany({
    data: Array.from({ length: ATHLETES }, (_, i) => ({
      name: `Athlete ${i}`,
      username: `athlete${i}`,
      email: `a${i}@bench.test`,
      passwordHash: 'x',
      country: 'Norway',
      weightClass: '93kg',
    })),
  })
  const users = await prisma.user.findMany({ select: { id: true } })
  await prisma.participant.createMany({
    data: users.map((u) => ({ userId: u.id, challengeId: challenge.id, weightClass: '93kg', gender: 'M' })),
  })
  const participants = await prisma.participant.findMany({ select: { id: true } })
  const attempts = participants.flatMap((p, i) =>
    ['squat', 'bench', 'deadlift'].flatMap((liftType, l) =>
      [0, 1, 2].map((n) => ({
        participantId: p.id,
        liftType,
        attemptNumber: n + 1,
        weight: 100 + l * 40 + n * 5 + (i % 50),
        status: n === 2 && i % 4 === 0 ? ('failed' as const) : ('completed' as const),
      })),
    ),
  )
  await prisma.attempt.createMany({ data: attempts })
  // A few more challenges so the list is not trivially small.
  for (let i = 0; i < OTHER_CHALLENGES; i++) {
    await prisma.challenge.create({
      data: {
        name: `Other ${i}`,
        location: 'Elsewhere',
        startDate: new Date(),
        endDate: new Date(Date.now() + 86_400_000),
        liftTypes: [],
        weightClasses: [],
        gender: 'M',
      },
    })
  }
  return challenge.id
}

export async function restBenchmark(): Promise<Section> {
  // A second floor: the participants answer's own bytes, prepared once and sent as they are,
  // so the figure separates what our route costs from what moving ~0.6 MB per answer costs.
  let sameBytes = ''
  const t = await startTestApp({
    beforeReady(app) {
      app.get('/bench/trivial', async () => ({ ok: true, items: [1, 2, 3] }))
      app.get('/bench/same-bytes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sameBytes))
    },
  })
  try {
    const id = await seedBigChallenge(t.db.prisma)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const targets = {
      trivial: `${base}/bench/trivial`,
      sameBytes: `${base}/bench/same-bytes`,
      participants: `${base}/api/competitions/${id}/participants`,
      list: `${base}/api/competitions`,
    }
    sameBytes = await (await fetch(targets.participants)).text()
    // The product's default cap on requests per connection stays: autocannon reconnects at it, as clients do.
    const autocannon = (url: string) =>
      cannon(url, { connections: CONNECTIONS, seconds: SECONDS, reconnectEvery: t.config.maxRequestsPerSocket })
    const results: Record<keyof typeof targets, Awaited<ReturnType<typeof autocannon>>[]> = {
      trivial: [],
      sameBytes: [],
      participants: [],
      list: [],
    }
    await autocannon(targets.participants) // warm-up: JIT and connection pool
    for (let i = 0; i < RUNS; i++) {
      for (const key of Object.keys(targets) as (keyof typeof targets)[]) results[key].push(await autocannon(targets[key]))
    }
    const summary = (key: keyof typeof targets) => ({
      rps: median(results[key].map((r) => r.rps)),
      p50: median(results[key].map((r) => r.p50)),
      p99: median(results[key].map((r) => r.p99)),
    })
    const trivial = summary('trivial')
    const label = {
      trivial: 'baseline: trivial JSON route',
      sameBytes: `floor: the participants answer's ${Math.round(sameBytes.length / 1024)} KB, precomputed`,
      participants: `GET /api/competitions/${id}/participants (${ATHLETES} × 9 attempts)`,
      list: `GET /api/competitions (${OTHER_CHALLENGES + 1} challenges)`,
    }
    const rows = (['trivial', 'sameBytes', 'participants', 'list'] as const).map((key) => {
      const s = summary(key)
      return [label[key], round(s.rps, 0), s.p50, s.p99, round(s.rps / trivial.rps)]
    })
    const ratio = (key: 'participants' | 'list') => summary(key).rps / trivial.rps
    return {
      title: 'REST reads',
      method: `autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${RUNS} runs alternating with the baselines; the server runs against the PostgreSQL service with the product's defaults. MAX_REQUESTS_PER_SOCKET (${t.config.maxRequestsPerSocket}) included: autocannon ignores \`Connection: close\`, so it is told to reconnect after that many requests (\`-D\`), where a browser or proxy reconnects because the answer said close. Target: ≥ 0.5 of the trivial route's requests per second. The floor row sends the participants answer's bytes from memory, the most any route returning them could do.`,
      commands: ['npm run bench -- rest'],
      header: ['route', 'req/s', 'p50 ms', 'p99 ms', 'ratio to baseline'],
      rows,
      verdicts: [
        ...(['participants', 'list'] as const).map(
          (k) => `${k}: ${round(ratio(k))} of baseline — target ≥ 0.5 ${ratio(k) >= 0.5 ? 'met' : 'missed'}`,
        ),
        `participants against the floor of sending its own bytes: ${round(summary('participants').rps / summary('sameBytes').rps)}`,
      ],
    }
  } finally {
    await t.close()
  }
}
