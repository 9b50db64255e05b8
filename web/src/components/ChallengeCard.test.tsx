import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { toChallenge } from '../lib/challenge.ts'
import { challenge } from '../test/fixtures.ts'
import { ChallengeCard } from './ChallengeCard.tsx'
import { StatusBadge } from './StatusBadge.tsx'

describe('ChallengeCard (docs/product/screens.md)', () => {
  it("links to the challenge and shows its facts, the organiser's prize pool and categories", () => {
    const pool = { currency: 'NOK', first: 5000, second: 2500, third: 1000, total: 8500 }
    render(
      <MemoryRouter>
        <ChallengeCard challenge={toChallenge(challenge({ participants: 12, prize_pool: pool }))} index={3} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link').getAttribute('href')).toBe('/challenges/7')
    expect(screen.getByText('Test Open')).toBeTruthy()
    expect(screen.getByText('Oslo')).toBeTruthy()
    expect(screen.getByText('12')).toBeTruthy()
    expect(screen.getByText('8,500 NOK')).toBeTruthy()
    expect(screen.getByText('Men')).toBeTruthy()
    // entry animation delayed by 0.1 s × index
    expect((screen.getByRole('article') as HTMLElement).style.animationDelay).toMatch(/^0\.3(0*\d)?s$/)
  })

  it('shows no prize pool when the organiser offers none', () => {
    render(
      <MemoryRouter>
        <ChallengeCard challenge={toChallenge(challenge())} index={0} />
      </MemoryRouter>,
    )
    expect(screen.queryByText('Prize pool')).toBeNull()
  })

  it('colours the status: upcoming blue, ongoing green, anything else gray; first letter capitalised', () => {
    const { container } = render(
      <>
        <StatusBadge status="upcoming" />
        <StatusBadge status="ongoing" />
        <StatusBadge status="completed" />
        <StatusBadge status="cancelled" />
      </>,
    )
    const badges = [...container.querySelectorAll('.badge')].map((b) => [b.textContent, b.className])
    expect(badges).toEqual([
      ['Upcoming', 'badge badge--upcoming'],
      ['Ongoing', 'badge badge--ongoing'],
      ['Completed', 'badge badge--other'],
      ['Cancelled', 'badge badge--other'],
    ])
  })
})
