// Take checks: what the worker found when it looked at an attempt's video (docs/video-checks.md).
// Each finding is a flag with its moment, for the attempt's judges and the challenge's organiser
// only (never in a public answer), and never a refusal by itself: the panel decides.
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'

export const TAKE_FLAG_KINDS = [
  /** A scene change above the threshold: a possible edit. */
  'cut',
  /** The picture does not change for a while (a still, a paused or looped recording). */
  'frozen',
  /** Black picture for a while. */
  'black',
  /** The frame rate changes inside the stream (clips joined together). */
  'frame_rate_change',
  /** The picture size changes inside the stream (clips joined together). */
  'size_change',
  /** Timestamps go backwards (clips joined together byte for byte, or a damaged file). */
  'timestamps_backwards',
  /** More than one video stream: only the first is judged and shown. */
  'extra_video_stream',
  /** The container says it was made after it was uploaded. */
  'created_in_future',
  /** The container says it was made long before the attempt was declared (or uploaded). */
  'created_too_early',
  /** Too short to hold a lift. */
  'implausible_duration',
] as const
export type TakeFlagKind = (typeof TAKE_FLAG_KINDS)[number]

export const TakeFlag = Type.Object({
  kind: Literals(TAKE_FLAG_KINDS),
  /** Seconds into the clip where it starts; null when the flag is about the whole file. */
  at: Nullable(Type.Number()),
  /** Seconds into the clip where it ends (stretches only). */
  until: Type.Optional(Type.Number()),
  /** The sentence judges read: "possible cut at 0:07". */
  text: Type.String(),
})
export type TakeFlag = Static<typeof TakeFlag>

/** GET /attempts/:id/take-checks, and `take_checks` on a judge's queued attempt. */
export const TakeChecks = Type.Object({
  flags: Type.Array(TakeFlag),
  /** Facts that are not flags: "no creation time in the file", "the checks did not finish". */
  notes: Type.Array(Type.String()),
  /** The creation time the container states (ISO 8601), null when it states none. */
  created_at: Nullable(Type.String()),
  checked_at: Type.String(),
  /** Storage key of the plate check's contact sheet (the take's last seconds, tiled), when the worker made one. */
  contact_sheet_key: Type.Optional(Type.String()),
})
export type TakeChecks = Static<typeof TakeChecks>

/** "0:07", "1:02", "12:30": a moment in a clip, whole seconds (rounded down, as a player shows it). */
export function formatMoment(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** GET /attempts/:id/take-checks (the attempt's judges and the challenge's organiser only). */
/** One judge's plate check as the organiser reads it: ticked "load matches" (true), a no lift for the load (false), not said (null). */
export const LoadCheck = Type.Object({ judge: Type.String(), load_matches: Nullable(Type.Boolean()) })
export type LoadCheck = Static<typeof LoadCheck>

export const TakeChecksResponse = Type.Object({
  attempt_id: Type.Integer(),
  take_checks: Nullable(TakeChecks),
  /** The organiser only: each vote's plate check, in the order cast (judges never see each other's votes). */
  load_checks: Type.Optional(Type.Array(LoadCheck)),
})
export type TakeChecksResponse = Static<typeof TakeChecksResponse>
