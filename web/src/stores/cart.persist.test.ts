// The cart survives a reload: written to localStorage under a version, read back line by line, and
// whatever is not a whole line (a hand edit, an older shape, another app's value) is dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CART_STORAGE_KEY, CART_STORAGE_VERSION, cartCount, readStoredLines, useCart, type StoreItem } from './cart.ts'
import { useToasts } from './toasts.ts'

const item = (id: number, overrides: Partial<StoreItem> = {}): StoreItem => ({
  id,
  name: `Item ${id}`,
  description: 'd',
  price: 500,
  image: '/i.png',
  category: 'gear',
  inStock: true,
  ...overrides,
})
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { state: unknown; version: number } | null
/** What a reload does: the store reads localStorage again. */
const reload = () => useCart.persist.rehydrate()

beforeEach(() => useCart.setState({ lines: [] }))

describe('cart persistence', () => {
  it('writes the lines (and nothing else) with its version on every change, and a reload brings them back', async () => {
    useCart.getState().add(item(1))
    useCart.getState().add(item(1))
    useCart.getState().add(item(2, { price: 300 }))
    expect(stored()).toEqual({
      version: CART_STORAGE_VERSION,
      state: {
        lines: [
          { item: item(1), quantity: 2 },
          { item: item(2, { price: 300 }), quantity: 1 },
        ],
      },
    })
    useCart.setState({ lines: [] }, false) // memory gone, as after a reload
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: CART_STORAGE_VERSION,
        state: {
          lines: [
            { item: item(1), quantity: 2 },
            { item: item(2, { price: 300 }), quantity: 1 },
          ],
        },
      }),
    )
    await reload()
    expect(useCart.getState().lines.map((l) => [l.item.id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ])
    expect(cartCount(useCart.getState().lines)).toBe(3)
  })

  it('drops lines that are not whole: wrong shapes, quantities outside 1–99 (capped above), an item twice, unknown categories', async () => {
    const lines = [
      { item: item(1), quantity: 2 },
      { item: item(1), quantity: 5 }, // the same item again
      { item: item(2), quantity: 0 },
      { item: item(3), quantity: 1.5 },
      { item: item(4), quantity: 500 }, // capped at 99
      { item: { ...item(5), price: 'free' }, quantity: 1 },
      { item: { ...item(6), category: 'weapons' }, quantity: 1 },
      { item: { id: 7 }, quantity: 1 },
      'not a line',
      null,
      42,
    ]
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: CART_STORAGE_VERSION, state: { lines } }))
    await reload()
    expect(useCart.getState().lines.map((l) => [l.item.id, l.quantity])).toEqual([
      [1, 2],
      [4, 99],
    ])
    expect(readStoredLines({ lines: 'nope' })).toEqual([])
    expect(readStoredLines(null)).toEqual([])
  })

  it('reads another version as far as its lines are whole, and survives a value that is not JSON', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 0,
        state: {
          lines: [
            { item: item(8), quantity: 3 },
            { item: 'old shape', qty: 1 },
          ],
        },
      }),
    )
    await reload()
    expect(useCart.getState().lines.map((l) => [l.item.id, l.quantity])).toEqual([[8, 3]])
    expect(stored()?.version).toBe(CART_STORAGE_VERSION) // written back in the current shape

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    useCart.setState({ lines: [] })
    localStorage.setItem(CART_STORAGE_KEY, '{not json')
    await reload()
    expect(useCart.getState().lines).toEqual([])
    consoleError.mockRestore()
  })

  it("follows another tab's change (the storage event)", async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: CART_STORAGE_VERSION, state: { lines: [{ item: item(9), quantity: 4 }] } }),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }))
    await vi.waitFor(() => expect(useCart.getState().lines.map((l) => [l.item.id, l.quantity])).toEqual([[9, 4]]))
  })
})

describe('toasts', () => {
  it('the same message again replaces the one showing, with a fresh 5 s', () => {
    vi.useFakeTimers()
    useToasts.setState({ toasts: [] })
    useToasts.getState().show('success', 'Added Belt to cart')
    vi.advanceTimersByTime(4000)
    useToasts.getState().show('success', 'Added Belt to cart')
    useToasts.getState().show('success', 'Added Chalk to cart')
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual(['Added Belt to cart', 'Added Chalk to cart'])
    vi.advanceTimersByTime(4999)
    expect(useToasts.getState().toasts).toHaveLength(2) // the first Belt toast's timer no longer removes the new one
    vi.advanceTimersByTime(1)
    expect(useToasts.getState().toasts).toHaveLength(0)
  })
})
