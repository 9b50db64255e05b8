import { CreateProfileDialog } from '../../features/auth/components/CreateProfileDialog.tsx'
import { ForgotPasswordDialog } from '../../features/auth/components/ForgotPasswordDialog.tsx'
import { LoginDialog } from '../../features/auth/components/LoginDialog.tsx'
import { useAuthDialogs } from '../../stores/auth-dialogs.ts'

/** Hosts the Login, Create Profile and Forgot Password dialogs that any screen can open. */
export function AuthDialogs() {
  const open = useAuthDialogs((s) => s.open)
  const show = useAuthDialogs((s) => s.show)
  const close = useAuthDialogs((s) => s.close)
  if (open === 'login')
    return <LoginDialog onClose={close} onSwitchToRegister={() => show('register')} onForgotPassword={() => show('forgot')} />
  if (open === 'register') return <CreateProfileDialog onClose={close} onSwitchToLogin={() => show('login')} />
  if (open === 'forgot') return <ForgotPasswordDialog onClose={close} onSwitchToLogin={() => show('login')} />
  return null
}
