// The take checks on real takes made with ffmpeg (tests/helpers/take-clips.ts), each read as its
// sniffed container, as the transcode job reads it. Prints each fixture's flags (the report's list).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TakeChecks } from '../../contract/take-checks.ts'
import { probe, sniffContainer } from '../../infra/ffmpeg.ts'
import { runTakeChecks } from '../../infra/take-checks.ts'
import { binaries } from '../helpers/clips.ts'
import { makeTake, type TakeFixture } from '../helpers/take-clips.ts'

let dir: string
const uploadedAt = new Date()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'take-checks-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function check(kind: TakeFixture): Promise<TakeChecks> {
  const path = await makeTake(dir, kind)
  const container = await sniffContainer(path)
  expect(container, `${kind} sniffs as a container we take`).not.toBeNull()
  const info = await probe(binaries(), path, container!)
  const started = performance.now()
  const result = await runTakeChecks(
    binaries(),
    path,
    container!,
    { uploadedAt, declaredAt: null },
    { durationS: info.duration, maxSeconds: 300 },
  )
  console.log(
    `take checks ${kind} (${container!.demuxer}, ${Math.round(performance.now() - started)} ms): ${JSON.stringify(result.flags.map((f) => f.text))} notes ${JSON.stringify(result.notes)}`,
  )
  expect(
    result.notes.filter((n) => n.startsWith('A check could not run')),
    `${kind}: every check ran`,
  ).toEqual([])
  return result
}

const kinds = (r: TakeChecks) => r.flags.map((f) => f.kind)

describe('take checks on real takes', () => {
  it('an uninterrupted take has no flag (only the note that it states no creation time)', async () => {
    const r = await check('uninterrupted')
    expect(r.flags).toEqual([])
  })

  it('a hard cut at 4 s is flagged within 0.5 s of it, and nothing else is', async () => {
    const r = await check('cut_at_4s')
    expect(kinds(r)).toEqual(['cut'])
    expect(Math.abs(r.flags[0]!.at! - 4)).toBeLessThanOrEqual(0.5)
    expect(r.flags[0]!.text).toBe('possible cut at 0:04')
  })

  it('a frozen stretch is flagged from where it starts', async () => {
    const r = await check('frozen')
    expect(kinds(r)).toEqual(['frozen'])
    expect(r.flags[0]!.at!).toBeGreaterThan(2.5)
    expect(r.flags[0]!.at!).toBeLessThan(3.5)
  })

  it('a black stretch is flagged (not as frozen too), with the cuts into and out of it', async () => {
    const r = await check('black_stretch')
    const black = r.flags.find((f) => f.kind === 'black')!
    expect(black.at).toBeCloseTo(3, 0)
    expect(black.until).toBeCloseTo(5, 0)
    expect(kinds(r)).not.toContain('frozen')
  })

  it('a clip of pure black is one black stretch over the whole clip, nothing crashes', async () => {
    const r = await check('pure_black')
    expect(kinds(r)).toEqual(['black'])
    expect(r.flags[0]!.at).toBe(0)
  })

  it('a creation time in 2099 is flagged as in the future', async () => {
    const r = await check('created_2099')
    expect(kinds(r)).toEqual(['created_in_future'])
    expect(r.created_at).toBe('2099-01-01T00:00:00.000Z')
  })

  it('a creation time years before the upload is flagged as too early', async () => {
    const r = await check('created_2020')
    expect(kinds(r)).toEqual(['created_too_early'])
  })

  it('two video streams are flagged', async () => {
    const r = await check('two_video_streams')
    expect(kinds(r)).toContain('extra_video_stream')
  })

  it('timestamps that go backwards are flagged where they jump', async () => {
    const r = await check('timestamps_backwards')
    const jump = r.flags.find((f) => f.kind === 'timestamps_backwards')
    expect(jump).toBeDefined()
    expect(jump!.at!).toBeGreaterThan(2)
    expect(jump!.at!).toBeLessThan(3.5)
  })

  it('a change of picture size inside the stream is flagged at 3 s', async () => {
    const r = await check('size_change')
    const change = r.flags.find((f) => f.kind === 'size_change')!
    expect(change.text).toBe('picture size changes from 320×240 to 640×360 at 0:03')
  })

  it('a change of frame rate inside the stream is flagged at 4 s', async () => {
    const r = await check('frame_rate_change')
    const change = r.flags.find((f) => f.kind === 'frame_rate_change')!
    expect(change.text).toBe('frame rate changes from 30 to 60 fps at 0:04')
  })

  it('a 1.5 s clip is flagged as too short to hold a lift', async () => {
    const r = await check('too_short')
    expect(kinds(r)).toContain('implausible_duration')
  })
})
