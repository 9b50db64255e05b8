// The own date of birth: sent by PATCH /auth/user, the server's refusal shown as it comes.
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { AccountBirthDate, BIRTH_DATE_SAVED } from './AccountBirthDate.tsx'

beforeEach(() => {
  localStorage.setItem('userId', '5')
  localStorage.setItem('auth_token', 'a')
  useSession.setState({ status: 'authenticated', userId: 5, user: user({ id: 5, birth_date: null }), error: null })
})

describe('AccountBirthDate', () => {
  it('saves the date typed and shows it as stored', async () => {
    const api = mockFetch({ 'PATCH /auth/user': { body: user({ id: 5, birth_date: '2004-06-01', birth_year: 2004 }) } })
    render(<AccountBirthDate />)
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement
    expect(input.value).toBe('')
    fireEvent.change(input, { target: { value: '2004-06-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save date of birth' }))
    expect((await screen.findByRole('status')).textContent).toBe(BIRTH_DATE_SAVED)
    expect(api.sent('PATCH', '/auth/user')[0]!.body).toEqual({ birth_date: '2004-06-01' })
    expect(input.value).toBe('2004-06-01')
    expect((screen.getByRole('button', { name: 'Save date of birth' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("shows the server's sentence when it refuses", async () => {
    const refusal =
      'Lifters must be at least 14 years old (the youngest age the IPF and IWF let compete): a lifter born on 2020-01-01 is not 14 yet.'
    mockFetch({ 'PATCH /auth/user': { status: 400, body: { error: refusal } } })
    render(<AccountBirthDate />)
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2020-01-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save date of birth' }))
    expect((await screen.findByRole('alert')).textContent).toBe(refusal)
  })
})
