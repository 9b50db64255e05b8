// The ffmpeg runs an upload takes (infra/ffmpeg.ts): is the file a playable video, and its
// poster. At most `concurrency` run at once in one process; the others wait their turn.
import { checkPlayableVideo, type Container, type FfmpegBinaries, type PlayableCheck, type ProbeInfo } from './ffmpeg.ts'
import { createLimiter } from './limiter.ts'
import { grabPoster } from './transcoding/upload-poster.ts'

export interface VideoChecks {
  /** Is the file a playable video (infra/ffmpeg.ts), waiting for a turn among the running checks. */
  checkVideo(path: string): Promise<PlayableCheck>
  /** Writes the poster of a checked video (read as the container its check found) to `out` (one frame, as the transcode makes it), in turn with the checks. */
  makePoster(source: string, container: Container, info: ProbeInfo, out: string): Promise<void>
}

export function createVideoChecks(binaries: FfmpegBinaries, concurrency: number): VideoChecks {
  const turn = createLimiter(concurrency)
  return {
    checkVideo: (path) => turn(() => checkPlayableVideo(binaries, path)),
    makePoster: (source, container, info, out) => turn(() => grabPoster(binaries, source, container, info, out)),
  }
}
