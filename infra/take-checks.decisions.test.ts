// Pure: the take checks' parsing of ffmpeg/ffprobe output and the flags it leads to (docs/video-checks.md).
import { describe, expect, it } from 'vitest'
import { formatMoment } from '../contract/take-checks.ts'
import { CONTAINERS } from './ffmpeg.decisions.ts'
import { filterPassArgs, packetsProbeArgs, streamsProbeArgs } from './take-checks.commands.ts'
import { decideTakeFlags, parseFilterLog, parseStreams, parseTimeline, type TakeFindings } from './take-checks.decisions.ts'

// Lines as ffmpeg 5.1 writes them (-v info -nostats), the metadata filter's pair per selected frame.
const LOG = [
  "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
  '[Parsed_metadata_4 @ 0x5634] frame:0    pts:76800   pts_time:5',
  '[Parsed_metadata_4 @ 0x5634] lavfi.scene_score=1.000000',
  '[blackdetect @ 0x5633] black_start:5 black_end:7 black_duration:2',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_start: 1.96667',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_duration: 3.03333',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_end: 5',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_start: 5',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_end: 7',
  '[freezedetect @ 0x5630] lavfi.freezedetect.freeze_start: 8.5',
].join('\n')

const streams = (over: Partial<TakeFindings['streams']> = {}): TakeFindings['streams'] => ({
  videoStreams: 1,
  creationTime: null,
  startTime: 0,
  duration: 10,
  ...over,
})
const noTimeline = { backwards: [], rateChanges: [], sizeChanges: [] }
const uploadedAt = new Date('2026-11-28T10:00:00Z')

describe('take checks: arguments', () => {
  it('every run reads the file as its sniffed container, file protocol only', () => {
    for (const args of [
      streamsProbeArgs(CONTAINERS.webm, 'f'),
      packetsProbeArgs(CONTAINERS.webm, 'f'),
      filterPassArgs(CONTAINERS.webm, 'f', 300),
    ]) {
      expect(args.join(' ')).toContain('-protocol_whitelist file -f matroska')
    }
    const pass0 = filterPassArgs(CONTAINERS.webm, 'f', 300)
    expect(pass0.indexOf('matroska')).toBeLessThan(pass0.indexOf('-i'))
    const pass = filterPassArgs(CONTAINERS.mp4, 'in.mp4', 300)
    expect(pass.slice(pass.indexOf('-t'), pass.indexOf('-t') + 2)).toEqual(['-t', '300'])
    expect(pass).toContain('-max_alloc')
  })
})

describe('take checks: parsing', () => {
  it('reads scene changes, black and still stretches; an open still runs to the end', () => {
    expect(parseFilterLog(LOG)).toEqual({
      scenes: [{ at: 5, score: 1 }],
      blacks: [{ start: 5, end: 7 }],
      freezes: [
        { start: 1.96667, end: 5 },
        { start: 5, end: 7 },
        { start: 8.5, end: null },
      ],
    })
  })

  it('reads the streams: attached pictures are no video stream; an unset creation time is none', () => {
    expect(
      parseStreams({
        streams: [
          { codec_type: 'video', width: 320, height: 240 },
          { codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } },
          { codec_type: 'audio' },
        ],
        format: { start_time: '1.4', duration: '9', tags: { creation_time: '1904-01-01T00:00:00.000000Z' } },
      }),
    ).toEqual({ videoStreams: 1, creationTime: null, startTime: 1.4, duration: 9 })
    expect(parseStreams({ streams: [], format: { tags: { creation_time: '2026-11-28T09:00:00Z' } } }).creationTime?.toISOString()).toBe(
      '2026-11-28T09:00:00.000Z',
    )
  })

  it('finds timestamps going backwards once per jump, and a size change at its key frame', () => {
    const csv = [
      'packet,1.4,1.4',
      'packet,1.5,1.5',
      'packet,1.6,1.6',
      'packet,1.4,1.4',
      'packet,1.5,1.5',
      'frame,1.4,320,240',
      'frame,1.5,640,360',
    ].join('\n')
    const t = parseTimeline(csv, 1.4)
    expect(t.backwards.map((x) => +x.toFixed(2))).toEqual([0.2])
    expect(t.sizeChanges).toEqual([{ at: expect.closeTo(0.1, 5), from: '320×240', to: '640×360' }])
    expect(t.rateChanges).toEqual([])
  })

  it('finds a steady change of frame rate, not a wobble', () => {
    const times = (from: number, to: number, fps: number) => Array.from({ length: Math.round((to - from) * fps) }, (_, i) => from + i / fps)
    const pts = [...times(0, 4, 30), ...times(4, 8, 60)].map((t) => `packet,${t},${t}`)
    expect(parseTimeline(pts.join('\n'), 0).rateChanges).toEqual([{ at: 4, from: 30, to: 60 }])
    const wobble = [...times(0, 3, 30), ...times(3, 4, 28), ...times(4, 8, 30)].map((t) => `packet,${t},${t}`)
    expect(parseTimeline(wobble.join('\n'), 0).rateChanges).toEqual([])
  })
})

describe('take checks: flags', () => {
  it('a still stretch inside a black one is that black one; moments read as a player shows them', () => {
    const { flags } = decideTakeFlags(
      { streams: streams(), timeline: noTimeline, filters: parseFilterLog(LOG) },
      { uploadedAt, declaredAt: null },
    )
    expect(flags.map((f) => f.text)).toEqual([
      'picture frozen from 0:01 to 0:05',
      'possible cut at 0:05',
      'black picture from 0:05 to 0:07',
      'picture frozen from 0:08 to the end',
    ])
    expect(formatMoment(67.9)).toBe('1:07')
  })

  it('creation time: a missing one is a note; a day and the clock slack before the declaration is fine, more is flagged; after the upload is flagged', () => {
    const ctx = { uploadedAt, declaredAt: new Date('2026-11-28T09:00:00Z') }
    const run = (iso: string | null) =>
      decideTakeFlags(
        {
          streams: streams({ creationTime: iso ? new Date(iso) : null }),
          timeline: noTimeline,
          filters: { scenes: [], blacks: [], freezes: [] },
        },
        ctx,
      )
    expect(run(null).flags).toEqual([])
    expect(run(null).notes[0]).toMatch(/no creation time/)
    expect(run('2026-11-27T09:00:00Z').flags).toEqual([])
    expect(run('2026-11-26T18:00:00Z').flags.map((f) => f.kind)).toEqual(['created_too_early'])
    expect(run('2026-11-28T23:00:00Z').flags).toEqual([])
    expect(run('2026-11-29T01:00:00Z').flags.map((f) => f.kind)).toEqual(['created_in_future'])
  })

  it('a check that did not finish is a note, never a flag', () => {
    const r = decideTakeFlags(
      { streams: streams({ videoStreams: 2, duration: 2 }), timeline: null, filters: null },
      { uploadedAt, declaredAt: null },
    )
    expect(r.flags.map((f) => f.kind)).toEqual(['extra_video_stream', 'implausible_duration'])
    expect(r.notes).toHaveLength(3)
  })

  it('lists at most 8 flags of a kind and says how many more', () => {
    const scenes = Array.from({ length: 12 }, (_, i) => ({ at: i + 1, score: 0.9 }))
    const r = decideTakeFlags(
      { streams: streams({ duration: 20 }), timeline: noTimeline, filters: { scenes, blacks: [], freezes: [] } },
      { uploadedAt, declaredAt: null },
    )
    expect(r.flags).toHaveLength(8)
    expect(r.notes).toContain('4 more possible cuts not listed')
  })
})
