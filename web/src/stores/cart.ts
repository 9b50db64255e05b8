// The store's cart (client-only; checkout makes no call, docs/product/api.md). It survives a reload: kept in
// localStorage under a version, and what is read back is checked line by line (another version,
// another tab's or a hand-edited value must not put a broken line on the page).
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

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

interface CartLine {
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

/** The localStorage key and the version of what it holds; a change of CartLine's shape takes a new version. */
export const CART_STORAGE_KEY = 'liftarena-cart'
export const CART_STORAGE_VERSION = 1
/** The most of one item a line holds (the quantity field's max). */
const MAX_QUANTITY = 99

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function readItem(v: unknown): StoreItem | null {
  if (!isRecord(v)) return null
  const { id, name, description, price, image, category, inStock } = v
  if (!Number.isSafeInteger(id) || typeof name !== 'string' || name === '' || typeof description !== 'string' || typeof image !== 'string')
    return null
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || typeof inStock !== 'boolean') return null
  if (!STORE_CATEGORIES.includes(category as StoreCategory)) return null
  return { id: id as number, name, description, price, image, category: category as StoreCategory, inStock }
}

/** The lines of a stored cart that are whole: known shape, 1–99 of an item, each item once. Anything else is dropped. */
export function readStoredLines(stored: unknown): CartLine[] {
  const lines = isRecord(stored) && Array.isArray(stored.lines) ? stored.lines : []
  const kept = new Map<number, CartLine>()
  for (const line of lines) {
    const item = isRecord(line) ? readItem(line.item) : null
    const quantity = isRecord(line) ? line.quantity : undefined
    if (!item || !Number.isSafeInteger(quantity) || (quantity as number) < 1 || kept.has(item.id)) continue
    kept.set(item.id, { item, quantity: Math.min(MAX_QUANTITY, quantity as number) })
  }
  return [...kept.values()]
}

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
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
        set({
          lines:
            quantity <= 0
              ? get().lines.filter((l) => l.item.id !== itemId)
              : get().lines.map((l) => (l.item.id === itemId ? { ...l, quantity } : l)),
        }),
      remove: (itemId) => set({ lines: get().lines.filter((l) => l.item.id !== itemId) }),
      clear: () => set({ lines: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ lines: state.lines }),
      // An older (or unknown) version is read as far as its lines are whole.
      migrate: (stored) => ({ lines: readStoredLines(stored) }),
      merge: (stored, current) => ({ ...current, lines: readStoredLines(stored) }),
    },
  ),
)

// Another tab changed the cart: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) void useCart.persist.rehydrate()
  })
}

export const cartTotal = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + l.item.price * l.quantity, 0)
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0)
