import { describe, expect, it } from 'vitest'
import { rankParticipants } from '../../../lib/contract.ts'
import { lift, participant } from '../../../test/fixtures.ts'
import { followUrl } from '../api/get-network.ts'
import { boardGroups, findRow, latestDecided, pageOf, paginate } from './board-pages.ts'

const lifters = (n: number, weightClass: (i: number) => string) =>
  rankParticipants(Array.from({ length: n }, (_, i) => participant({ id: i + 1, name: `L${i + 1}`, weight_class: weightClass(i), total: 1000 - i, total_weight: 1000 - i })), { ranking: 'class', total_lifts: ['squat', 'bench', 'deadlift'] })

describe('projector board pages', () => {
  it('groups by class in the form order and ranks within each class; one class: no headings', () => {
    const groups = boardGroups(lifters(6, (i) => ['93kg', '120kg+', '74kg'][i % 3]!))
    expect(groups.map((g) => g.weightClass)).toEqual(['74kg', '93kg', '120kg+'])
    expect(groups[0]!.rows.map((r) => [r.participant.id, r.rank])).toEqual([[3, 1], [6, 2]])
    const single = boardGroups(lifters(3, () => '83kg'))
    expect(single).toHaveLength(1)
    expect(single[0]!.weightClass).toBeNull()
    expect(boardGroups([])).toEqual([])
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
    expect(findRow(groups, 4)).toMatchObject({ weightClass: '93kg', row: { rank: 2 } })
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
    expect(followUrl(7, 'http://127.0.0.1:3000', ['http://192.168.1.23:3000', 'http://10.0.0.2:3000'])).toBe('http://192.168.1.23:3000/challenges/7')
    expect(followUrl(7, 'http://10.0.0.2:3000', ['http://192.168.1.23:3000', 'http://10.0.0.2:3000/'])).toBe('http://10.0.0.2:3000/challenges/7')
    expect(followUrl(7, 'http://127.0.0.1:3000', ['http://127.0.0.1:3000'])).toBe('http://127.0.0.1:3000/challenges/7')
    expect(followUrl(7, 'http://localhost:5173', undefined)).toBe('http://localhost:5173/challenges/7')
    expect(followUrl(7, 'http://127.0.0.1:3000', ['https://meet.example.org'])).toBe('https://meet.example.org/challenges/7')
  })
})
