// Display formats shared by every screen.
import { LIFT_NAMES, normalizeLiftType } from './contract.ts'
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

function valid(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

export const formatDate = (iso: string) => {
  const d = valid(iso)
  return d ? dateFormat.format(d) : '—'
}
export const formatDateTime = (iso: string) => {
  const d = valid(iso)
  return d ? dateTimeFormat.format(d) : '—'
}
export const formatNumber = (n: number) => numberFormat.format(n)
export const formatKg = (kg: number) => `${numberFormat.format(kg)} kg`
/** A prize in the currency its organiser named: '1,000 EUR'. */
export const formatPrize = (amount: number, currency: string) => `${numberFormat.format(amount)} ${currency}`
export const formatLD = (amount: number) => `${numberFormat.format(amount)} LD`

/** 'squat' → 'Squat', 'bench' → 'Bench' (docs/product/validation.md's label), 'clean_and_jerk' → 'Clean & Jerk': the names challenges list. */
export function liftLabel(type: string): string {
  const lift = normalizeLiftType(type)
  if (lift === 'bench') return 'Bench'
  return lift
    ? LIFT_NAMES[lift]
    : type
        .split(/[_\s]+/)
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ')
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const pointsFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** Formula points as results show them: two decimals ('405.05'); '—' without points. */
export const formatPoints = (points: number | null | undefined) =>
  points === null || points === undefined ? '—' : pointsFormat.format(points)
