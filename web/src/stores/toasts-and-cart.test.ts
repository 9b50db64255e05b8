import { describe, expect, it, vi } from 'vitest'
import { cartCount, cartTotal, useCart, type StoreItem } from './cart.ts'
import { useToasts } from './toasts.ts'

describe('toasts', () => {
  it('disappear after 5 seconds', () => {
    vi.useFakeTimers()
    useToasts.getState().show('success', 'Saved')
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual(['Saved'])
    vi.advanceTimersByTime(4999)
    expect(useToasts.getState().toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(useToasts.getState().toasts).toHaveLength(0)
  })
})

describe('cart', () => {
  const item = (id: number, price: number, inStock = true): StoreItem => ({
    id,
    name: `Item ${id}`,
    description: '',
    price,
    image: '',
    category: 'gear',
    inStock,
  })

  it('adds, counts, totals in LD and removes', () => {
    const cart = useCart.getState()
    cart.add(item(1, 2000))
    cart.add(item(1, 2000))
    cart.add(item(2, 300))
    cart.add(item(3, 1500, false)) // out of stock
    let lines = useCart.getState().lines
    expect(cartCount(lines)).toBe(3)
    expect(cartTotal(lines)).toBe(4300)
    useCart.getState().setQuantity(1, 0)
    lines = useCart.getState().lines
    expect(lines.map((l) => l.item.id)).toEqual([2])
    useCart.getState().clear()
    expect(useCart.getState().lines).toEqual([])
  })
})
