// The progress panel's figures: sizes, a smoothed speed that neither jumps with every burst nor
// lags a real change for long, and the time left in calm words.
import { describe, expect, it } from 'vitest'
import { createRateMeter, formatBytes, formatSizeProgress, formatSpeed, formatTimeLeft, secondsLeft } from './transfer-rate.ts'

describe('sizes and speed', () => {
  it('reads like a file manager', () => {
    expect(formatSizeProgress(42_100_000, 120_000_000)).toBe('42.1 MB of 120 MB')
    expect(formatBytes(0)).toBe('0 KB')
    expect(formatBytes(950_400)).toBe('950 KB')
    expect(formatBytes(5_000_000)).toBe('5 MB')
    expect(formatBytes(99_960_000)).toBe('100 MB')
    expect(formatBytes(1_234_000_000)).toBe('1.2 GB')
    expect(formatSpeed(3_140_000)).toBe('3.1 MB/s')
    expect(formatSpeed(420_400)).toBe('420 KB/s')
    expect(formatSpeed(null)).toBe('')
  })
})

describe('time left', () => {
  it('rounds so the figure does not flicker', () => {
    expect(formatTimeLeft(null)).toBe('estimating time left…')
    expect(formatTimeLeft(4)).toBe('a few seconds left')
    expect(formatTimeLeft(24)).toBe('about 25 s left')
    expect(formatTimeLeft(59)).toBe('about 60 s left')
    expect(formatTimeLeft(170)).toBe('about 3 min left')
    expect(formatTimeLeft(3 * 3600 + 20 * 60)).toBe('about 3 h 20 min left')
    expect(formatTimeLeft(7200)).toBe('about 2 h left')
  })

  it('is what is left over the speed, unknown without a speed', () => {
    expect(secondsLeft(42_000_000, 120_000_000, 3_000_000)).toBe(26)
    expect(secondsLeft(0, 120_000_000, null)).toBeNull()
    expect(secondsLeft(0, 120_000_000, 0)).toBeNull()
    expect(secondsLeft(130, 120, 10)).toBe(0)
  })
})

describe('the smoothed speed', () => {
  it('measures a steady link exactly', () => {
    const meter = createRateMeter()
    for (let t = 0; t <= 10_000; t += 500) meter.sample(t * 2_000, t) // 2 MB/s
    expect(meter.bytesPerSecond).toBeCloseTo(2_000_000, -3)
  })

  it('merges bursts of events a few ms apart instead of counting each', () => {
    const meter = createRateMeter()
    meter.sample(0, 0)
    expect(meter.sample(1_000_000, 5)).toBeNull() // 5 ms: not a sample, or it would say 200 MB/s
    expect(meter.sample(1_000_000, 1_000)).toBeCloseTo(1_000_000)
  })

  it('follows a change smoothly: one burst moves it part of the way, a lasting change all the way', () => {
    const meter = createRateMeter(3_000)
    let bytes = 0
    let t = 0
    const run = (rate: number, ms: number) => {
      for (let end = t + ms; t < end;) {
        t += 500
        bytes += (rate * 500) / 1000
        meter.sample(bytes, t)
      }
    }
    run(1_000_000, 10_000)
    run(5_000_000, 500)
    const afterBurst = meter.bytesPerSecond!
    expect(afterBurst).toBeGreaterThan(1_200_000)
    expect(afterBurst).toBeLessThan(2_000_000)
    run(5_000_000, 15_000)
    expect(meter.bytesPerSecond!).toBeGreaterThan(4_900_000)
  })

  it('starts afresh when the count goes back (a resent chunk) or after reset (a pause)', () => {
    const meter = createRateMeter()
    meter.sample(0, 0)
    meter.sample(4_000_000, 1_000)
    expect(meter.sample(3_000_000, 1_500)).toBe(4_000_000) // went back: no negative sample
    expect(meter.sample(4_000_000, 2_500)).toBeCloseTo(4_000_000 + (1_000_000 - 4_000_000) * (1 - Math.exp(-1_000 / 3_000)))
    meter.reset()
    expect(meter.bytesPerSecond).toBeNull()
    meter.sample(10_000_000, 40_000)
    expect(meter.sample(10_500_000, 41_000)).toBeCloseTo(500_000)
  })
})
