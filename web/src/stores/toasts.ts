// Toasts: short messages that disappear after UI.toastMs (docs/product/limits.md). The same message again (three
// taps on Add to cart) replaces the one showing, with a fresh 5 s, instead of stacking copies.
import { create } from 'zustand'
import { UI } from '../config.ts'

type ToastKind = 'success' | 'error' | 'warning' | 'info'

interface Toast {
  id: number
  kind: ToastKind
  text: string
}

interface ToastState {
  toasts: Toast[]
  show: (kind: ToastKind, text: string) => void
  dismiss: (id: number) => void
}

let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, text) => {
    const id = nextId++
    const same = get().toasts.filter((t) => t.kind === kind && t.text === text)
    same.forEach((t) => clearTimeout(timers.get(t.id)))
    // A new id: the live region announces it again.
    set({ toasts: [...get().toasts.filter((t) => !same.includes(t)), { id, kind, text }] })
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), UI.toastMs),
    )
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id))
    timers.delete(id)
    set({ toasts: get().toasts.filter((t) => t.id !== id) })
  },
}))

/** For code outside components (stores, callbacks). */
export const toast = (kind: ToastKind, text: string) => useToasts.getState().show(kind, text)
