import { describe, expect, it } from 'vitest'
import {
  VERDICT_CARD_SECONDS,
  VERDICT_MAX_TAKE_SECONDS,
  clipSize,
  clipText,
  currentVerdictClip,
  takeWindow,
  twoLines,
  verdictClipKey,
  verdictFilterGraph,
  verdictOutputOptions,
  verdictStamp,
  verdictTexts,
} from './verdict-clip.decisions.ts'

const decidedAt = new Date('2026-11-28T12:00:00.000Z')

describe('verdictStamp and the clip key', () => {
  it('names the decision, and nothing while undecided', () => {
    expect(verdictStamp({ status: 'pending', decidedAt: null })).toBeNull()
    expect(verdictStamp({ status: 'completed', decidedAt })).toBe(`good-${decidedAt.getTime()}`)
    expect(verdictStamp({ status: 'failed', decidedAt })).toBe(`nolift-${decidedAt.getTime()}`)
    expect(verdictClipKey(7, 'good-1')).toBe('attempts/7/verdict-good-1.mp4')
  })
  it('offers a clip only for the decision it shows (a reversal hides the old one)', () => {
    const key = verdictClipKey(7, `good-${decidedAt.getTime()}`)
    expect(currentVerdictClip(7, { status: 'completed', decidedAt, verdictClipKey: key })).toBe(key)
    expect(currentVerdictClip(7, { status: 'failed', decidedAt, verdictClipKey: key })).toBeNull()
    expect(currentVerdictClip(7, { status: 'completed', decidedAt, verdictClipKey: null })).toBeNull()
  })
})

describe('clipText: user text fit for one drawn line', () => {
  it('keeps quotes, colons, backslashes, percent signs and right-to-left text as they are', () => {
    expect(clipText(`O'Brien: 100% \\ "x" [a],b;c`, 60)).toBe(`O'Brien: 100% \\ "x" [a],b;c`)
    expect(clipText('שלום עליכם', 60)).toBe('שלום עליכם')
    expect(clipText('محمد', 60)).toBe('محمد')
  })
  it('turns newlines and control characters into spaces and leaves emoji out', () => {
    expect(clipText('Ann\nLee\r\n\tX\u2028Y\u0000Z', 60)).toBe('Ann Lee X Y Z')
    expect(clipText('Ann 🏋️‍♀️ Lee 👍🏽', 60)).toBe('Ann Lee')
  })
  it('cuts long text by characters, with an ellipsis', () => {
    expect(clipText('a'.repeat(50), 40)).toBe(`${'a'.repeat(39)}…`)
    expect([...clipText('ש'.repeat(50), 40)]).toHaveLength(40)
  })
})

describe('verdictTexts', () => {
  it('says who, what, how heavy and which attempt, and the reason of a no lift', () => {
    const texts = verdictTexts({
      name: 'Ann\nLee',
      liftType: 'squat',
      weight: 182.5,
      attemptNumber: 2,
      good: false,
      lights: [],
      reason: 'depth',
    })
    expect(texts['title.txt']).toBe('Ann Lee')
    expect(texts['line.txt']).toBe('Squat · 182.5 kg · attempt 2')
    expect(texts['verdict.txt']).toBe('NO LIFT')
    expect(texts['reason.txt']).toBe('Not deep enough: hip crease\nnot below the top of the knee')
  })
  it('a good lift has no reason; an empty name still says something', () => {
    const texts = verdictTexts({ name: '\n', liftType: 'bench', weight: 100, attemptNumber: 1, good: true, lights: [], reason: 'x' })
    expect(texts['title.txt']).toBe('Lifter')
    expect(texts['line.txt']).toBe('Bench Press · 100 kg · attempt 1')
    expect(texts['verdict.txt']).toBe('GOOD LIFT')
    expect(texts['reason.txt']).toBe('')
  })
  it('twoLines breaks at the space nearest the middle, short text stays', () => {
    expect(twoLines('short')).toBe('short')
    expect(twoLines('aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii', 20)).toBe('aaaa bbbb cccc dddd eeee\nffff gggg hhhh iiii')
  })
})

describe('takeWindow and clipSize', () => {
  it('shows a short take whole, and a long one around the judges’ moment, else from its start', () => {
    expect(takeWindow(8, [])).toEqual({ start: 0, seconds: 8 })
    expect(takeWindow(100, [])).toEqual({ start: 0, seconds: VERDICT_MAX_TAKE_SECONDS })
    expect(takeWindow(100, [50, 52])).toEqual({ start: 36, seconds: VERDICT_MAX_TAKE_SECONDS })
    expect(takeWindow(100, [99])).toEqual({ start: 70, seconds: VERDICT_MAX_TAKE_SECONDS })
    expect(takeWindow(null, [])).toEqual({ start: 0, seconds: VERDICT_MAX_TAKE_SECONDS })
  })
  it('keeps the shape, at most 720 tall, even sides', () => {
    expect(clipSize(1920, 1080)).toEqual({ width: 1280, height: 720 })
    expect(clipSize(1080, 1920)).toEqual({ width: 406, height: 720 })
    expect(clipSize(641, 361)).toEqual({ width: 642, height: 362 })
  })
})

describe('verdictFilterGraph', () => {
  const plan = {
    width: 1280,
    height: 720,
    seconds: 8,
    good: false,
    lights: [
      { good: true, card: null },
      { good: false, card: 'red' as const },
      { good: false, card: 'blue' as const },
    ],
    hasReason: true,
  }
  it('draws the texts from files (never user text in the graph) and holds the last frame for the card', () => {
    const graph = verdictFilterGraph(plan)
    expect(graph.startsWith('[0:v:0]scale=1280:720,')).toBe(true)
    expect(graph.endsWith('[v]')).toBe(true)
    for (const file of ['title.txt', 'line.txt', 'verdict.txt', 'reason.txt']) expect(graph).toContain(`textfile=${file}:expansion=none`)
    expect(graph).toContain(`tpad=stop_mode=clone:stop_duration=${VERDICT_CARD_SECONDS}`)
    expect(graph).toContain('enable=gte(t\\,8)')
    // Three lights (white, red, red) and the two no lifts' cards under them.
    expect(graph.match(/color=white:t=fill/g)).toHaveLength(1)
    expect(graph.match(/color=red:t=fill/g)).toHaveLength(2)
    expect(graph).toContain('color=0xE02020:t=fill')
    expect(graph).toContain('color=0x2060E0:t=fill')
  })
  it('a good lift: no reason line, a white verdict', () => {
    const graph = verdictFilterGraph({ ...plan, good: true, hasReason: false, lights: [{ good: true, card: null }] })
    expect(graph).not.toContain('reason.txt')
    expect(graph).toMatch(/textfile=verdict\.txt:expansion=none:fontsize=\d+:fontcolor=white/)
  })
  it('refuses a font path that could break out of the graph', () => {
    expect(() => verdictFilterGraph({ ...plan, font: "/tmp/x':text=evil" })).toThrow(/safe/)
    expect(() => verdictFilterGraph({ ...plan, font: '/a b/font.ttf' })).toThrow(/safe/)
  })
  it('output: H.264 for any browser, sound only when there is some, no metadata of the original', () => {
    expect(verdictOutputOptions(false)).toContain('-an')
    expect(verdictOutputOptions(true).join(' ')).toContain('-map 0:a:0 -c:a aac')
    expect(verdictOutputOptions(true).join(' ')).toContain('-map_metadata -1')
  })
})
