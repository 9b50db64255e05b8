// A referee's presses, never lost to a dropped connection (docs/hall-mode.md): a press is kept in this
// browser's storage until the server acknowledges it, and sent again every second (and at once when the
// connection returns, and after a reload) until then. The server takes the same press twice as one.
import { ApiError, apiRequest, errorText } from '../../../lib/api-client.ts'
import type { PressBody, PressResponse } from '../../../lib/contract.ts'

export interface PendingPress {
  challengeId: number
  platform: number
  body: PressBody
}

const KEY = 'liftarena.referee.pending'
const RETRY_MS = 1_000

export function readPending(): PendingPress[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as PendingPress[]) : []
  } catch {
    return []
  }
}
const writePending = (list: PendingPress[]) => localStorage.setItem(KEY, JSON.stringify(list))
const same = (a: PendingPress, b: PendingPress) =>
  a.challengeId === b.challengeId && a.platform === b.platform && a.body.attempt_id === b.body.attempt_id && a.body.seat === b.body.seat

/** Whether an answer means "try again" (no answer, the server busy or away) rather than a refusal to show. */
const retryable = (error: unknown) =>
  !(error instanceof ApiError) || error.kind !== 'http' || error.status === 408 || error.status === 429 || error.status >= 500

export interface PressOutcome {
  press: PendingPress
  answer?: PressResponse
  error?: string
}

/**
 * Sends a press and keeps sending it until the server answers. `onOutcome` hears its acknowledgement or its
 * refusal (a refusal is final: another decision for the seat, an attempt no longer on the platform).
 */
export function createPressSender(onOutcome: (outcome: PressOutcome) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null
  let sending = false

  async function flush(): Promise<void> {
    if (sending) return
    sending = true
    try {
      for (const press of readPending()) {
        try {
          const { data } = await apiRequest<PressResponse>(`/competitions/${press.challengeId}/hall/platforms/${press.platform}/presses`, {
            method: 'POST',
            auth: 'required',
            body: press.body,
          })
          writePending(readPending().filter((p) => !same(p, press) || p.body.reason !== press.body.reason))
          onOutcome({ press, answer: data })
        } catch (error) {
          if (retryable(error)) continue
          writePending(readPending().filter((p) => !same(p, press)))
          onOutcome({ press, error: errorText(error, 'The press was refused.') })
        }
      }
    } finally {
      sending = false
      if (readPending().length > 0) schedule()
    }
  }
  function schedule() {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void flush()
    }, RETRY_MS)
  }
  const online = () => void flush()
  window.addEventListener('online', online)

  return {
    /** Keeps the press (replacing an earlier one of the same seat and attempt) and sends it. */
    press(press: PendingPress) {
      writePending([...readPending().filter((p) => !same(p, press)), press])
      void flush()
    },
    /** Sends what a reload left unsent. */
    flush,
    stop() {
      if (timer) clearTimeout(timer)
      window.removeEventListener('online', online)
    },
  }
}
