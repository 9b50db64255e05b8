// Toasts: short messages that disappear after UI.toastMs (SPEC §9).
import { create } from 'zustand'
import { UI } from '../config.ts'

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

export interface Toast {
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

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, text) => {
    const id = nextId++
    set({ toasts: [...get().toasts, { id, kind, text }] })
    setTimeout(() => get().dismiss(id), UI.toastMs)
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}))

/** For code outside components (stores, callbacks). */
export const toast = (kind: ToastKind, text: string) => useToasts.getState().show(kind, text)
