import { describe, expect, it } from 'vitest'
import { rankParticipants } from '../../../lib/contract.ts'
import { lift, participant } from '../../../test/fixtures.ts'
import { followUrl } from '../api/get-network.ts'
import { bestLifterRows, boardGroups, boardPages, boardRanking, findRow, latestDecided, pageOf, paginate } from './board-pages.ts'

const lifters = (n: number, weightClass: (i: number) => string) =>
  rankParticipants(
    Array.from({ length: n }, (_, i) =>
      participant({ id: i + 1, name: `L${i + 1}`, weight_class: weightClass(i), total: 1000 - i, total_weight: 1000 - i }),
    ),
    { ranking: 'class', total_lifts: ['squat', 'bench', 'deadlift'] },
  )

describe('projector board pages', () => {
  it('groups by class in the form order and ranks within each class; one class: no headings', () => {
    const groups = boardGroups(lifters(6, (i) => ['93kg', '120kg+', '74kg'][i % 3]!))
    expect(groups.map((g) => g.weightClass)).toEqual(['74kg', '93kg', '120kg+'])
    expect(groups[0]!.rows.map((r) => [r.participant.id, r.place])).toEqual([
      [3, 1],
      [6, 2],
    ])
    const single = boardGroups(lifters(3, () => '83kg'))
    expect(single).toHaveLength(1)
    expect(single[0]!.weightClass).toBeNull()
    expect(boardGroups([])).toEqual([])
  })

  it('shows the places as given, not row numbers: lifters without a total have none', () => {
    const list = [
      participant({ id: 1, total: 500, place: 1 }),
      participant({ id: 2, total: 500, place: 1 }),
      participant({ id: 3, place: null }),
    ]
    expect(boardGroups(list)[0]!.rows.map((r) => r.place)).toEqual([1, 1, null])
  })

  it('a formula ranking is one overall group in the order given, whatever the classes', () => {
    const list = [
      participant({ id: 7, weight_class: '120kg+', points: 410.5, place: 1 }),
      participant({ id: 3, weight_class: '59kg', points: 402.25, place: 2 }),
      participant({ id: 9, weight_class: '83kg', points: null, place: null }),
    ]
    const groups = boardGroups(list, 'dots')
    expect(groups).toHaveLength(1)
    expect(groups[0]!.weightClass).toBeNull()
    expect(groups[0]!.rows.map((r) => [r.participant.id, r.place])).toEqual([
      [7, 1],
      [3, 2],
      [9, null],
    ])
    // The same list ranked by class is split by class, lightest first.
    expect(boardGroups(list, 'class').map((g) => g.weightClass)).toEqual(['59kg', '83kg', '120kg+'])
  })

  it('best lifter: everyone with points, by points across classes, placed overall; only with a formula and points', () => {
    const scoring = {
      ranking: 'class' as const,
      total_lifts: ['snatch', 'clean_and_jerk'] as ('snatch' | 'clean_and_jerk')[],
      points_formula: 'sinclair' as const,
    }
    // Ranked by class (each first in its class), points in another order.
    const list = [
      participant({ id: 1, weight_class: '59kg', total: 200, total_weight: 200, points: 301.1, place: 1, bodyweight: 58 }),
      participant({ id: 2, weight_class: '59kg', total: 190, total_weight: 190, points: null, place: 2, bodyweight: null }),
      participant({ id: 3, weight_class: '83kg', total: 260, total_weight: 260, points: 322.75, place: 1, bodyweight: 82 }),
      participant({ id: 4, weight_class: '120kg+', total: 300, total_weight: 300, points: 298.4, place: 1, bodyweight: 130 }),
      participant({ id: 5, weight_class: '120kg+', place: null }),
    ]
    expect(bestLifterRows(list, scoring).map((r) => [r.participant.id, r.place])).toEqual([
      [3, 1],
      [1, 2],
      [4, 3],
    ])
    expect(bestLifterRows(list, { ...scoring, points_formula: null })).toEqual([])
    expect(
      bestLifterRows(
        list.map((p) => ({ ...p, points: null })),
        scoring,
      ),
    ).toEqual([])

    const pages = boardPages(list, scoring, 20, 2)
    expect(pages).toHaveLength(2)
    expect(pages[0]!.map((s) => s.weightClass)).toEqual(['59kg', '83kg', '120kg+'])
    expect(pages[1]).toEqual([expect.objectContaining({ bestLifter: 'sinclair', weightClass: null })])
    expect(pages[1]![0]!.rows.map((r) => r.participant.id)).toEqual([3, 1, 4])
    // The page takes the top that fit under its heading.
    expect(
      boardPages(list, scoring, 4, 2)
        .at(-1)![0]!
        .rows.map((r) => r.participant.id),
    ).toEqual([3, 1])
    // No best-lifter page without points, nor on a board already ranked by the formula.
    expect(
      boardPages(
        list.map((p) => ({ ...p, points: null })),
        scoring,
        20,
        2,
      ).some((page) => page.some((s) => s.bestLifter)),
    ).toBe(false)
    expect(boardPages(list, { ...scoring, ranking: 'sinclair' }, 20, 2).some((page) => page.some((s) => s.bestLifter))).toBe(false)
  })

  it('marks attempts awaiting judges on their lifter', () => {
    const p = participant({ attempts: [lift({ id: 1 }), lift({ id: 2, status: 'pending' })] })
    expect(boardGroups([p])[0]!.rows[0]!.pending.map((a) => a.id)).toEqual([2])
  })

  it('cuts pages that fit: a heading costs rows, groups continue on the next page, every lifter once', () => {
    const groups = boardGroups(lifters(60, (i) => ['74kg', '83kg', '93kg'][i % 3]!))
    const pages = paginate(groups, 13, 2)
    const sizes = pages.map((page) => page.reduce((n, s) => n + 2 + s.rows.length, 0))
    expect(Math.max(...sizes)).toBeLessThanOrEqual(13)
    const ids = pages.flatMap((page) => page.flatMap((s) => s.rows.map((r) => r.participant.id)))
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
    expect(pages[0]![0]).toMatchObject({ weightClass: '74kg', continued: false })
    expect(pages[1]![0]).toMatchObject({ weightClass: '74kg', continued: true })
    expect(pages.every((page) => page.every((s) => s.rows.length > 0))).toBe(true)
    expect(pageOf(pages, ids.at(-1)!)).toBe(pages.length - 1)
    expect(pageOf(pages, 999)).toBe(-1)
    // one class, no headings: exactly capacity rows a page
    expect(paginate(boardGroups(lifters(25, () => '83kg')), 10, 0).map((p) => p[0]!.rows.length)).toEqual([10, 10, 5])
    // a screen too small for a heading and a row still shows one row a page
    expect(paginate(groups, 1, 2).length).toBe(60)
  })

  it('finds a lifter with their rank in their class', () => {
    const groups = boardGroups(lifters(6, (i) => (i % 2 ? '93kg' : '83kg')))
    expect(findRow(groups, 4)).toMatchObject({ weightClass: '93kg', row: { place: 2 } })
    expect(findRow(groups, 99)).toBeNull()
  })

  it('the latest decision is the latest decided_at, never a pending attempt', () => {
    const at = (iso: string | null) => ({ ...lift().judging, decided_at: iso })
    const lifts = [
      lift({ id: 3, status: 'pending', judging: at(null) }),
      lift({ id: 2, status: 'failed', judging: at('2026-01-02T10:00:00.000Z') }),
      lift({ id: 1, status: 'completed', judging: at('2026-01-03T10:00:00.000Z') }),
    ]
    expect(latestDecided(lifts)?.id).toBe(1)
    expect(latestDecided([lifts[0]!])).toBeUndefined()
  })

  it('follows on the address the server lists, not on loopback', () => {
    expect(followUrl(7, 'http://127.0.0.1:3000', ['http://192.168.1.23:3000', 'http://10.0.0.2:3000'])).toBe(
      'http://192.168.1.23:3000/challenges/7',
    )
    expect(followUrl(7, 'http://10.0.0.2:3000', ['http://192.168.1.23:3000', 'http://10.0.0.2:3000/'])).toBe(
      'http://10.0.0.2:3000/challenges/7',
    )
    expect(followUrl(7, 'http://127.0.0.1:3000', ['http://127.0.0.1:3000'])).toBe('http://127.0.0.1:3000/challenges/7')
    expect(followUrl(7, 'http://localhost:5173', undefined)).toBe('http://localhost:5173/challenges/7')
    expect(followUrl(7, 'http://127.0.0.1:3000', ['https://meet.example.org'])).toBe('https://meet.example.org/challenges/7')
  })
})

describe('board by category (docs/categories.md)', () => {
  const scoring = { ranking: 'class' as const, total_lifts: ['squat', 'bench', 'deadlift'] as ('squat' | 'bench' | 'deadlift')[] }
  const entry = (id: number, total: number, more: Parameters<typeof participant>[0] = {}) =>
    participant({ id, name: `L${id}`, weight_class: '63kg', gender: 'F', total, total_weight: total, ...more })

  it('one division: only its lifters, placed among themselves', () => {
    const everyone = rankParticipants(
      [
        entry(1, 500, { divisions: ['open'] }),
        entry(2, 450, { divisions: ['junior', 'open'] }),
        entry(3, 400, { divisions: ['junior', 'open'] }),
      ],
      scoring,
    )
    expect(everyone.map((p) => p.place)).toEqual([1, 2, 3])
    const juniors = boardRanking(everyone, scoring, 'junior')
    expect(juniors.map((p) => [p.id, p.place])).toEqual([
      [2, 1],
      [3, 2],
    ])
    // Without a division the server's places stand.
    expect(boardRanking(everyone, scoring)).toEqual(everyone)
  })

  it('women and men rank apart, women first, each under a heading with the class', () => {
    const mixed = [
      entry(1, 600, { gender: 'M', weight_class: '83kg' }),
      entry(2, 400),
      entry(3, 500, { gender: 'M', weight_class: '83kg' }),
    ]
    const ranked = boardRanking(mixed, scoring)
    expect(ranked.map((p) => [p.id, p.place])).toEqual([
      [2, 1],
      [1, 1],
      [3, 2],
    ])
    expect(boardGroups(ranked).map((g) => [g.weightClass, g.classInHeading, g.rows.length])).toEqual([
      ['Women 63kg', true, 1],
      ['Men 83kg', true, 2],
    ])
  })

  it('classic and equipped lifters are grouped apart; a formula board keeps the class column', () => {
    const list = rankParticipants(
      [entry(1, 500, { equipment: 'equipped' }), entry(2, 450), entry(3, 300, { weight_class: '57kg' })],
      scoring,
    )
    expect(boardGroups(list).map((g) => g.weightClass)).toEqual(['57kg · Classic', '63kg · Classic', '63kg · Equipped'])
    expect(boardGroups(list, 'dots').map((g) => [g.weightClass, g.classInHeading])).toEqual([
      ['Classic', false],
      ['Equipped', false],
    ])
  })
})
