// Records set in a challenge (docs/records.md): a running challenge's page asks for none (pages cost
// what they show) and lists a record its room announces, marking the attempt; an ended one asks.
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RecordRow } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { addChallengeRecord } from '../api/challenge-records.ts'
import { ChallengeRecords } from './ChallengeRecords.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  queryClient.clear()
})

const record: RecordRow = {
  sport: 'powerlifting',
  sex: 'M',
  class_set: 'spec',
  weight_class: '83kg',
  division: 'open',
  equipment: 'classic',
  lift: 'squat',
  weight: 210,
  previous: 200,
  user_id: 1,
  name: 'Anna Novak',
  country: null,
  competition_id: 9,
  competition_name: 'C',
  location: 'L',
  attempt_id: 44,
  set_at: '2026-11-28T09:00:00.000Z',
}

describe('ChallengeRecords', () => {
  it('a running challenge asks for nothing, then lists a record announced live, marking its attempt', async () => {
    const api = mockFetch({ 'GET /competitions/9/records': { body: { records: [record] } } })
    render(
      <MemoryRouter>
        <ChallengeRecords challengeId={9} ended={false} />
      </MemoryRouter>,
    )
    expect(screen.queryByRole('region', { name: 'Records set here' })).toBeNull()
    await act(async () => {
      addChallengeRecord(9, record)
    })
    const section = await screen.findByRole('region', { name: 'Records set here' })
    expect(section.textContent).toContain('210 kg squat — Anna Novak (Men 83kg, open, classic), was 200 kg')
    expect(section.querySelector('[data-attempt-id="44"]')).toBeTruthy()
    expect(api.calls).toEqual([])
  })

  it('an ended challenge asks for its records', async () => {
    const api = mockFetch({ 'GET /competitions/9/records': { body: { records: [{ ...record, previous: null }] } } })
    render(
      <MemoryRouter>
        <ChallengeRecords challengeId={9} ended />
      </MemoryRouter>,
    )
    expect((await screen.findByRole('region', { name: 'Records set here' })).textContent).toContain('first record')
    expect(api.sent('GET', '/competitions/9/records')).toHaveLength(1)
  })
})
