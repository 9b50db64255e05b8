// Pure: who reads an attempt's take checks (docs/video-checks.md).
import { describe, expect, it } from 'vitest'
import { createTakeChecksService, mayReadTakeChecks } from './take-checks.service.ts'

describe('take checks: who reads them', () => {
  it('the organiser and the panel, never the lifter (even on the panel), nobody else', () => {
    expect(mayReadTakeChecks(1, 5, 1, [2, 3])).toBe(true) // organiser
    expect(mayReadTakeChecks(2, 5, 1, [2, 3])).toBe(true) // a judge
    expect(mayReadTakeChecks(5, 5, 1, [2, 5])).toBe(false) // the lifter on the panel
    expect(mayReadTakeChecks(9, 5, 1, [2, 3])).toBe(false) // anyone else
    expect(mayReadTakeChecks(9, 5, null, [])).toBe(false)
  })

  it('answers 404 for no attempt and 403 with the sentence for a stranger', async () => {
    const service = createTakeChecksService({
      attempts: {
        takeChecksOf: async (id) =>
          id === 1
            ? {
                challengeId: 7,
                lifterId: 5,
                takeChecks: null,
                loadChecks: [
                  { judge: 'Ann', loadMatches: true },
                  { judge: 'Bo', loadMatches: false },
                ],
              }
            : null,
      },
      judging: {
        panel: async () => ({
          challengeId: 7,
          organiserId: 1,
          allowLifters: false,
          publishNames: false,
          judges: [{ userId: 2, username: 'ann', name: 'Ann', seat: 1 }],
        }),
      },
    })
    await expect(service.read(2, 1)).rejects.toMatchObject({ code: 'not_found' })
    await expect(service.read(1, 9)).rejects.toMatchObject({
      code: 'forbidden',
      message: "Only the attempt's judges and the challenge's organiser see its take checks.",
    })
    // The organiser reads each judge's plate check; a judge reads none of them (votes are blind).
    expect(await service.read(1, 1)).toEqual({
      attempt_id: 1,
      take_checks: null,
      load_checks: [
        { judge: 'Ann', load_matches: true },
        { judge: 'Bo', load_matches: false },
      ],
    })
    expect(await service.read(1, 2)).toEqual({ attempt_id: 1, take_checks: null })
  })
})
