// Every test starts from an empty page, empty storage, an empty cache of server data and real timers.
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { queryClient } from '../lib/query-client.ts'

afterEach(() => {
  cleanup()
  queryClient.clear()
  localStorage.clear()
  vi.useRealTimers()
})
