// Which auth dialog is open. Any screen can ask for one (the home page's sign-up call to action, join without a profile).
import { create } from 'zustand'

type AuthDialog = 'login' | 'register' | 'forgot' | null

interface AuthDialogState {
  open: AuthDialog
  show: (dialog: Exclude<AuthDialog, null>) => void
  close: () => void
}

export const useAuthDialogs = create<AuthDialogState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}))
