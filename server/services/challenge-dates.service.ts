// Challenge dates as clients send them (issue 11): an <input type="date"> gives
// `YYYY-MM-DD`, an <input type="datetime-local"> gives `YYYY-MM-DDTHH:mm`, some
// clients send `YYYY-MM-DD HH:mm:ss`, others a full ISO 8601 date-time with a zone.
// A date alone covers its whole day: a start begins at 00:00, an end finishes at
// 23:59:59.999. A string without a zone is read as UTC.
import { CLIENT_DATE_PATTERN } from '../../contract/index.ts'

const PARTS = new RegExp(CLIENT_DATE_PATTERN)

/** What to tell a client whose date is not one of the accepted forms. */
export const invalidDate = (field: string) =>
  `${field} must be a valid date-time: YYYY-MM-DD, YYYY-MM-DDTHH:mm, YYYY-MM-DD HH:mm:ss or ISO 8601 with a zone.`

/** The moment `text` names, or null when it is not one of the accepted forms or not a real date (2026-02-30). */
export function parseChallengeDate(text: string, edge: 'start' | 'end'): Date | null {
  const m = PARTS.exec(text.trim())
  if (!m) return null
  const [, y, mo, d, h, mi, s, fraction, zone] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const dateOnly = h === undefined
  const hour = dateOnly ? (edge === 'end' ? 23 : 0) : Number(h)
  const minute = dateOnly ? (edge === 'end' ? 59 : 0) : Number(mi)
  const second = dateOnly ? (edge === 'end' ? 59 : 0) : Number(s ?? 0)
  const ms = dateOnly ? (edge === 'end' ? 999 : 0) : Number((fraction ?? '').padEnd(3, '0').slice(0, 3))
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  // Date.UTC rolls 30 February over into March: a day the month does not have is refused.
  const check = new Date(utc)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  return new Date(utc - zoneOffsetMs(zone))
}

/** `Z`, `+02:00`, `-0530` → the zone's offset from UTC in ms (none → UTC). */
function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000
}
