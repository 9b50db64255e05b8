const STATUS_FILTERS = ['all', 'upcoming', 'ongoing', 'completed'] as const
export type StatusFilterValue = (typeof STATUS_FILTERS)[number]
export const isStatusFilter = (value: string | null): boolean => STATUS_FILTERS.includes(value as StatusFilterValue)

const LABELS: Record<StatusFilterValue, string> = { all: 'All', upcoming: 'Upcoming', ongoing: 'Ongoing', completed: 'Completed' }

/** A row of toggle buttons; the pressed one is the filter. */
export function StatusFilter({
  value,
  onChange,
  label = 'Filter by status',
}: {
  value: StatusFilterValue
  onChange: (value: StatusFilterValue) => void
  label?: string
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {STATUS_FILTERS.map((s) => (
        <button key={s} type="button" aria-pressed={value === s} onClick={() => onChange(s)}>
          {LABELS[s]}
        </button>
      ))}
    </div>
  )
}
