// The challenge page of a meet (format 'meet'): the scoreboard instead of the top list, and the joined
// lifter's one call to action in "Take part". An open challenge keeps its top list and no call to action.
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Challenge } from '../../../../lib/contract.ts'
import { useSession } from '../../../../stores/session.ts'
import { mockFetch } from '../../../../test/fetch-mock.ts'
import { challenge, participant, summary } from '../../../../test/fixtures.ts'
import { fakeLiveRoom } from '../../../../test/live-room.ts'
import { ChallengeDetailPage } from '../../components/ChallengeDetailPage.tsx'
import { card, cardsAnswer, cell, step } from '../api/meet-fixtures.test-util.ts'

beforeEach(() => {
  fakeLiveRoom('competition:9')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})
afterEach(() => {
  vi.restoreAllMocks()
  useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
})

function open(format: Challenge['format']) {
  const own = participant({ id: 5, user_id: 5, competition_id: 9, name: 'Me', weight_class: '93kg' })
  const api = mockFetch({
    'GET /competitions/9/summary': {
      body: summary({ competition: challenge({ id: 9, participants: 1, format }), count: 1, class_counts: { '93kg': 1 }, top: [own] }),
      headers: { 'x-live-seq': '1' },
    },
    'GET /competitions/9/participants/5': { body: { participant: own } },
    'GET /competitions/9/cards': {
      body: cardsAnswer([
        card(
          5,
          'Me',
          { squat: [cell(1, 'good', 180), cell(2, 'declared', 182.5), cell(3, 'empty')] },
          {
            next: step({ action: 'take', lift_type: 'squat', attempt_number: 2, weight: 182.5 }),
          },
        ),
      ]),
    },
  })
  render(
    <MemoryRouter initialEntries={['/challenges/9']}>
      <Routes>
        <Route path="/challenges/:id" element={<ChallengeDetailPage />} />
      </Routes>
    </MemoryRouter>,
  )
  return api
}

describe('challenge page of a meet', () => {
  it("shows the scoreboard and the lifter's call to action", async () => {
    open('meet')
    expect(await screen.findByRole('heading', { name: 'Scoreboard' })).toBeTruthy()
    const board = await screen.findByTestId('meet-scoreboard')
    expect(within(board).getByRole('article', { name: 'Me' }).className).toContain('meet-card--own')
    const link = await within(screen.getByTestId('meet-next-step')).findByRole('link', { name: 'Film your 2nd squat at 182.5 kg' })
    expect(link.getAttribute('href')).toBe('/challenges/9/upload?lift=squat&weight=182.5')
  })

  it("keeps an open challenge's top list, without cards or a call to action", async () => {
    const api = open('open')
    expect(await screen.findByRole('heading', { name: 'Top participants' })).toBeTruthy()
    expect(screen.queryByTestId('meet-scoreboard')).toBeNull()
    expect(screen.queryByTestId('meet-next-step')).toBeNull()
    expect(api.sent('GET', '/competitions/9/cards')).toHaveLength(0)
  })
})
