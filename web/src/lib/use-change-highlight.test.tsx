// The change highlight: nothing on the first data, a refetch with the same figures or a switch to
// another list; new and changed rows marked for 2 s; appended rows of a paged list left alone.
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HIGHLIGHT_MS, useChangeHighlight, useValueHighlight, type ChangeHighlightOptions } from './use-change-highlight.ts'

interface Row {
  id: number
  total: number
}

function List({ rows, options }: { rows: Row[] | undefined; options?: ChangeHighlightOptions }) {
  const marked = useChangeHighlight(
    rows,
    (r) => r.id,
    (r) => [r.total],
    options,
  )
  return (
    <ul>
      {rows?.map((r) => (
        <li key={r.id} data-id={r.id} data-marked={marked.has(r.id)}>
          {r.total}
        </li>
      ))}
    </ul>
  )
}

function Count({ value, scope }: { value: number | undefined; scope?: unknown }) {
  return <p data-marked={useValueHighlight(value, scope)}>{value}</p>
}

const markedIds = (container: HTMLElement) =>
  [...container.querySelectorAll('li[data-marked="true"]')].map((li) => Number(li.getAttribute('data-id')))

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useChangeHighlight', () => {
  it('marks nothing on the first data, nor on a refetch that changes nothing', () => {
    const { container, rerender } = render(<List rows={undefined} />)
    rerender(
      <List
        rows={[
          { id: 1, total: 100 },
          { id: 2, total: 90 },
        ]}
      />,
    )
    expect(markedIds(container)).toEqual([])
    rerender(
      <List
        rows={[
          { id: 1, total: 100 },
          { id: 2, total: 90 },
        ]}
      />,
    ) // a new array, the same figures
    expect(markedIds(container)).toEqual([])
  })

  it('marks a new row and a changed one for 2 s', () => {
    const { container, rerender } = render(
      <List
        rows={[
          { id: 1, total: 100 },
          { id: 2, total: 90 },
        ]}
      />,
    )
    rerender(
      <List
        rows={[
          { id: 3, total: 120 },
          { id: 1, total: 100 },
          { id: 2, total: 95 },
        ]}
      />,
    )
    expect(markedIds(container).sort()).toEqual([2, 3])
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_MS - 100)
    })
    expect(markedIds(container).sort()).toEqual([2, 3])
    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(markedIds(container)).toEqual([])
  })

  it('another scope is another list: its rows are not news', () => {
    const { container, rerender } = render(<List rows={[{ id: 1, total: 100 }]} options={{ scope: 'a' }} />)
    rerender(
      <List
        rows={[
          { id: 7, total: 50 },
          { id: 8, total: 40 },
        ]}
        options={{ scope: 'b' }}
      />,
    )
    expect(markedIds(container)).toEqual([])
  })

  it('a paged list leaves appended rows alone but marks a row new within what was shown', () => {
    const options = { appendedAreNew: false }
    const { container, rerender } = render(
      <List
        rows={[
          { id: 1, total: 100 },
          { id: 2, total: 90 },
        ]}
        options={options}
      />,
    )
    rerender(
      <List
        rows={[
          { id: 1, total: 100 },
          { id: 2, total: 90 },
          { id: 3, total: 80 },
        ]}
        options={options}
      />,
    ) // "Load more"
    expect(markedIds(container)).toEqual([])
    rerender(
      <List
        rows={[
          { id: 9, total: 200 },
          { id: 1, total: 100 },
          { id: 2, total: 90 },
        ]}
        options={options}
      />,
    ) // a new leader
    expect(markedIds(container)).toEqual([9])
  })
})

describe('useValueHighlight', () => {
  it("marks a changed count, not the first one nor another challenge's", () => {
    const { container, rerender } = render(<Count value={undefined} scope={1} />)
    const marked = () => container.querySelector('p')!.getAttribute('data-marked')
    rerender(<Count value={4} scope={1} />)
    expect(marked()).toBe('false')
    rerender(<Count value={5} scope={1} />)
    expect(marked()).toBe('true')
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_MS)
    })
    expect(marked()).toBe('false')
    rerender(<Count value={12} scope={2} />)
    expect(marked()).toBe('false')
  })
})
