// The transcode job queue both roles share. With REDIS_URL it is BullMQ;
// without, the same processor runs in-process behind the same interface.
export interface TranscodeJob {
  attemptId: number
}

export interface TranscodeQueue {
  /** Idempotent: the attempt id is the job id, so a repeat enqueue is a no-op. */
  enqueue(job: TranscodeJob): Promise<void>
  close(): Promise<void>
}
