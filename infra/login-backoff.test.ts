import { describe, expect, it } from 'vitest'
import { createLoginBackoff, loginKey, memoryFailureStore } from './login-backoff.ts'

describe('createLoginBackoff', () => {
  it('makes an account wait after maxFailures failures until its window ends, and a success clears it', async () => {
    let now = 1_000_000
    const backoff = createLoginBackoff({ store: memoryFailureStore(() => now), maxFailures: 3, windowMs: 60_000 })
    for (let i = 0; i < 2; i++) await backoff.failed('anna1')
    expect(await backoff.waitMs('anna1')).toBe(0)
    await backoff.failed('anna1')
    expect(await backoff.waitMs('anna1')).toBe(60_000)
    expect(await backoff.waitMs('ben2')).toBe(0) // other accounts are not affected
    now += 45_000
    expect(await backoff.waitMs('anna1')).toBe(15_000)
    now += 15_000 // the window ends
    expect(await backoff.waitMs('anna1')).toBe(0)
    await backoff.failed('anna1')
    await backoff.succeeded('anna1')
    await backoff.failed('anna1')
    await backoff.failed('anna1')
    expect(await backoff.waitMs('anna1')).toBe(0)
  })

  it('keys an account by its login, whatever its case, spacing or Unicode form', () => {
    expect(loginKey('  Anna1 ')).toBe('anna1')
    expect(loginKey('ＡＮＮＡ１')).toBe('anna1')
    expect(loginKey('Anna@Example.com')).toBe('anna@example.com')
  })
})
