import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lift } from '../test/fixtures.ts'
import { AttemptChip, AttemptVerdict, verdictLabel } from './AttemptChip.tsx'

const pending = (votes_cast: number, votes_needed: number) =>
  lift({
    status: 'pending',
    judging: {
      votes_cast,
      votes_needed,
      decided_by: null,
      decided_at: null,
      lights: [],
      appeal: null,
      appeal_until: null,
      verified: false,
    },
  })

describe('attempt status', () => {
  it('pending reads "Awaiting judges", with the votes only on a panel of three', () => {
    expect(verdictLabel(pending(1, 3))).toBe('Awaiting judges · 1 of 3 votes')
    expect(verdictLabel(pending(0, 1))).toBe('Awaiting judges')
    expect(verdictLabel(lift({ status: 'completed' }))).toBe('Good lift')
    expect(verdictLabel(lift({ status: 'failed' }))).toBe('No lift')
  })

  it('chips keep the spec colours for completed and failed; pending is grey and labelled', () => {
    const { container } = render(
      <>
        <AttemptChip attempt={lift({ status: 'completed', weight: 100 })} />
        <AttemptChip attempt={lift({ status: 'failed', weight: 110 })} />
        <AttemptChip attempt={pending(2, 3)} />
      </>,
    )
    const chips = container.querySelectorAll('.attempt-chip')
    expect([...chips].map((c) => c.className.split('--')[1])).toEqual(['completed', 'failed', 'other'])
    expect(chips[0]!.textContent).toBe('S 100')
    expect(chips[2]!.textContent).toBe('S 100 · Awaiting judges · 2 of 3 votes')
    expect(chips[2]!.getAttribute('title')).toBe('Squat 100 kg, Awaiting judges · 2 of 3 votes')
  })

  it('names decided attempts in words a person reads, never the raw status', () => {
    render(
      <>
        <AttemptVerdict attempt={lift({ status: 'failed' })} />
        <AttemptVerdict attempt={lift({ status: 'completed' })} />
        <AttemptVerdict attempt={pending(0, 3)} />
      </>,
    )
    expect(screen.getByText('No lift').className).toContain('status-failed')
    expect(screen.getByText('Good lift').className).toContain('status-completed')
    expect(screen.queryByText('failed')).toBeNull()
    expect(screen.queryByText('completed')).toBeNull()
    expect(screen.getByText('Awaiting judges · 0 of 3 votes').className).toContain('status-other')
  })
})
