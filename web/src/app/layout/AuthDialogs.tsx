import { CreateProfileDialog } from '../../features/auth/components/CreateProfileDialog.tsx'
import { LoginDialog } from '../../features/auth/components/LoginDialog.tsx'
import { useAuthDialogs } from '../../stores/auth-dialogs.ts'

/** Hosts the Login and Create Profile dialogs that any screen can open. */
export function AuthDialogs() {
  const open = useAuthDialogs((s) => s.open)
  const show = useAuthDialogs((s) => s.show)
  const close = useAuthDialogs((s) => s.close)
  if (open === 'login') return <LoginDialog onClose={close} onSwitchToRegister={() => show('register')} />
  if (open === 'register') return <CreateProfileDialog onClose={close} onSwitchToLogin={() => show('login')} />
  return null
}
