// The store's cart (client-only; checkout makes no call, SPEC §7).
import { create } from 'zustand'

export const STORE_CATEGORIES = ['gear', 'supplements', 'apparel', 'accessories'] as const
export type StoreCategory = (typeof STORE_CATEGORIES)[number]

export interface StoreItem {
  id: number
  name: string
  description: string
  /** In LiftingDollars (LD). */
  price: number
  image: string
  category: StoreCategory
  inStock: boolean
}

export interface CartLine {
  item: StoreItem
  quantity: number
}

interface CartState {
  lines: CartLine[]
  add: (item: StoreItem) => void
  setQuantity: (itemId: number, quantity: number) => void
  remove: (itemId: number) => void
  clear: () => void
}

export const useCart = create<CartState>()((set, get) => ({
  lines: [],
  add: (item) => {
    if (!item.inStock) return
    const existing = get().lines.find((l) => l.item.id === item.id)
    set({
      lines: existing
        ? get().lines.map((l) => (l.item.id === item.id ? { ...l, quantity: l.quantity + 1 } : l))
        : [...get().lines, { item, quantity: 1 }],
    })
  },
  setQuantity: (itemId, quantity) =>
    set({ lines: quantity <= 0 ? get().lines.filter((l) => l.item.id !== itemId) : get().lines.map((l) => (l.item.id === itemId ? { ...l, quantity } : l)) }),
  remove: (itemId) => set({ lines: get().lines.filter((l) => l.item.id !== itemId) }),
  clear: () => set({ lines: [] }),
}))

export const cartTotal = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + l.item.price * l.quantity, 0)
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0)
