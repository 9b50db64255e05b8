// The demo's videos: short clips ffmpeg draws for the heaviest good lifts and the attempts awaiting
// judges of each ongoing challenge.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { PrismaClient } from '../db.ts'
import { attemptKeys, type Storage } from '../storage.ts'

const run = promisify(execFile)

// Test patterns ffmpeg draws by itself, one look per clip (no binary fixtures in the repository).
const DEMO_PATTERNS = [
  'testsrc2=size=1280x720:rate=30',
  'smptehdbars=size=1280x720:rate=30',
  'life=size=320x180:rate=30:mold=10:ratio=0.2:death_color=#3a1010:life_color=#ff5a36,scale=1280:720:flags=neighbor',
  'testsrc=size=1280x720:rate=30',
  'cellauto=size=320x180:rate=30:rule=110,scale=1280:720:flags=neighbor',
  'rgbtestsrc=size=1280x720:rate=30',
]

/**
 * Short clips for the heaviest good lift of each kind (squat, bench, deadlift, snatch, clean & jerk) of each ongoing
 * challenge, so a first start has videos to watch. Each original is stored and
 * its attempt left pending: the transcode queue picks pending attempts up when it
 * starts, as it would after a crash. Returns how many clips were made; a missing
 * or failing ffmpeg only means a site without demo videos.
 */
/** Awaiting attempts given a clip in each ongoing challenge (a first start transcodes every clip). */
const PENDING_CLIPS_PER_CHALLENGE = 1

export async function seedDemoVideos(prisma: PrismaClient, storage: Storage, ffmpegPath: string): Promise<number> {
  const now = new Date()
  const ongoing = await prisma.challenge.findMany({
    where: { startDate: { lte: now }, endDate: { gte: now } },
    orderBy: { id: 'asc' },
    select: { id: true },
  })
  const picks = []
  for (const { id: challengeId } of ongoing) {
    for (const liftType of ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk']) {
      const best = await prisma.attempt.findFirst({
        where: { liftType, status: 'completed', originalKey: null, participant: { challengeId } },
        orderBy: [{ weight: 'desc' }, { id: 'asc' }],
        select: { id: true },
      })
      if (best) picks.push(best)
    }
    // Attempts still awaiting their judges get a clip too: an attempt without a video never reaches
    // a judge's desk, so without these the demo judges would find their desks empty.
    picks.push(
      ...(await prisma.attempt.findMany({
        where: { status: 'pending', originalKey: null, participant: { challengeId } },
        orderBy: { id: 'asc' },
        take: PENDING_CLIPS_PER_CHALLENGE,
        select: { id: true },
      })),
    )
  }
  const scratch = await storage.scratch('seed')
  try {
    for (const [index, { id }] of picks.entries()) {
      const path = join(scratch.dir, `${id}.mp4`)
      await run(ffmpegPath, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        DEMO_PATTERNS[index % DEMO_PATTERNS.length]!,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${220 + index * 55}:sample_rate=48000`,
        '-t',
        '3',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-ac',
        '2',
        '-shortest',
        path,
      ])
      const key = attemptKeys.original(id, 'mp4')
      await storage.putFile(key, path)
      await prisma.attempt.update({ where: { id }, data: { originalKey: key, processingState: 'pending' } })
    }
  } finally {
    await scratch.dispose()
  }
  return picks.length
}
