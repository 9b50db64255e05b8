// The upload limits' settings (issue 27, items 4 and 5): defaults, and budgets that must leave room for one full-size video.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/srv/liftarena', JWT_SECRET: 'config-test-secret-0123456789abcdef' }
const GiB = 1024 ** 3

describe('upload limits configuration', () => {
  it('has defaults sized for phone videos of up to 1 GB', () => {
    expect(loadConfig(base)).toMatchObject({
      uploadMinAverageBytesPerSecond: 32 * 1024,
      uploadConcurrentPerAccount: 3,
      uploadUnfinishedPerAccount: 5,
      uploadUnfinishedBytesPerAccount: 2 * GiB,
      uploadUnfinishedPerAddress: 50,
      uploadUnfinishedBytesPerAddress: 10 * GiB,
    })
  })

  it("raises the byte budgets' defaults with UPLOAD_MAX_BYTES, and refuses a budget below it", () => {
    expect(loadConfig({ ...base, UPLOAD_MAX_BYTES: String(4 * GiB) })).toMatchObject({
      uploadUnfinishedBytesPerAccount: 4 * GiB,
      uploadUnfinishedBytesPerAddress: 10 * GiB,
    })
    expect(
      loadConfig({ ...base, UPLOAD_MAX_BYTES: '1000', UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT: '1000' }).uploadUnfinishedBytesPerAccount,
    ).toBe(1000)
    const bad: Array<[Record<string, string>, string]> = [
      [
        { ...base, UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT: String(GiB - 1) },
        'UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT must be at least UPLOAD_MAX_BYTES',
      ],
      [
        { ...base, UPLOAD_MAX_BYTES: '5000', UPLOAD_UNFINISHED_BYTES_PER_ADDRESS: '4999' },
        'UPLOAD_UNFINISHED_BYTES_PER_ADDRESS must be at least UPLOAD_MAX_BYTES',
      ],
      [{ ...base, UPLOAD_CONCURRENT_PER_ACCOUNT: '0' }, 'UPLOAD_CONCURRENT_PER_ACCOUNT must be an integer ≥ 1'],
      [{ ...base, UPLOAD_UNFINISHED_PER_ACCOUNT: 'many' }, 'UPLOAD_UNFINISHED_PER_ACCOUNT must be an integer ≥ 1'],
      [{ ...base, UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND: '0' }, 'UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND must be an integer ≥ 1'],
    ]
    for (const [env, message] of bad) {
      expect(() => loadConfig(env), message).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(message)
    }
  })
})
