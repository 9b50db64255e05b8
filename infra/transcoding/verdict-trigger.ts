// When verdict clips are enqueued (docs/video-checks.md "Verdict clips"):
// - on every decision this server process commits (its `attempt.judged` events on the live bus: a
//   panel's quorum, the organiser, the jury's reversal), for an attempt judged from a video;
// - at a start, for attempts decided in the last RECOVER_DAYS whose clip does not show their decision
//   (the process died between the decision's commit and the enqueue, or Redis lost the job).
// Job ids name the decision (jobs.ts), so a repeat enqueue is a no-op and a reversal gets its own job.
import type { LiveBus } from '../live-bus.ts'
import type { VerdictClipsRepository } from '../repositories/verdict-clips.repository.ts'
import { verdictStamp } from '../verdict-clip.decisions.ts'
import type { Log, TranscodeJob, TranscodeQueue } from './jobs.ts'

/** How far back a start looks for decisions without their clip (older ones are left as they are). */
export const RECOVER_DAYS = 7

/** The verdict clip job of a decision. */
export const verdictJob = (attemptId: number, userId: number, stamp: string): TranscodeJob => ({
  attemptId,
  userId,
  kind: 'verdict_clip',
  stamp,
})

/** Enqueues a clip for each decision committed here; answers the unsubscribe. */
export function enqueueVerdictClipsOnDecision(
  bus: Pick<LiveBus, 'subscribe'>,
  queue: Pick<TranscodeQueue, 'enqueue'>,
  log: Log,
): () => void {
  return bus.subscribe({
    events(events, origin) {
      if (origin !== 'committed') return // another node committed it and enqueues it
      for (const event of events) {
        if (event.type !== 'attempt.judged') continue
        const lift = event.data.attempt
        if (!lift.video_url) continue
        const decidedAt = lift.judging.decided_at ? new Date(lift.judging.decided_at) : null
        const stamp = verdictStamp({ status: lift.status, decidedAt })
        if (!stamp) continue
        queue
          .enqueue(verdictJob(lift.id, lift.user_id, stamp))
          .catch((err: unknown) => log.warn({ err, attemptId: lift.id }, 'could not enqueue a verdict clip; the next start retries'))
      }
    },
  })
}

/** Enqueues the clips of recent decisions that have none. Answers how many. */
export async function requeueVerdictClips(
  verdictClips: Pick<VerdictClipsRepository, 'missing'>,
  queue: Pick<TranscodeQueue, 'enqueue'>,
  now = new Date(),
): Promise<number> {
  const missing = await verdictClips.missing(new Date(now.getTime() - RECOVER_DAYS * 24 * 3600_000))
  for (const m of missing) await queue.enqueue(verdictJob(m.attemptId, m.userId, m.stamp))
  return missing.length
}
