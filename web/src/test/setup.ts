// Every test starts from an empty page, empty storage and real timers.
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.useRealTimers()
})
