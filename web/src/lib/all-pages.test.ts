// allPages follows next_cursor until the last page, keeps the items in order and the first
// page's headers (a live list continues from the first page's x-live-seq).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { allPages } from './api-client.ts'

type Page = { items: number[]; next_cursor?: string }

function serve(pages: Record<string, Page>) {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      asked.push(url.pathname + url.search)
      const page = pages[url.searchParams.get('cursor') ?? '']
      if (!page) return new Response(JSON.stringify({ error: 'no such page' }), { status: 400 })
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-live-seq': `${asked.length}` },
      })
    }),
  )
  return asked
}

afterEach(() => vi.unstubAllGlobals())

describe('allPages', () => {
  it('follows the cursor through every page, in order, and keeps the first page’s headers', async () => {
    const asked = serve({ '': { items: [1, 2], next_cursor: 'b' }, b: { items: [3], next_cursor: 'c d' }, 'c d': { items: [4, 5] } })
    const { items, headers } = await allPages('/things?limit=2', (page: Page) => page.items)
    expect(items).toEqual([1, 2, 3, 4, 5])
    expect(headers.get('x-live-seq')).toBe('1')
    expect(asked).toEqual(['/api/things?limit=2', '/api/things?limit=2&cursor=b', '/api/things?limit=2&cursor=c%20d'])
  })

  it('asks once when the first page is the last', async () => {
    const asked = serve({ '': { items: [7] } })
    expect((await allPages('/things', (page: Page) => page.items)).items).toEqual([7])
    expect(asked).toEqual(['/api/things'])
  })

  it('fails with the server’s error when a later page fails', async () => {
    serve({ '': { items: [1], next_cursor: 'gone' } })
    await expect(allPages('/things', (page: Page) => page.items)).rejects.toThrow('no such page')
  })
})
