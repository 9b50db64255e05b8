// A forgotten password (docs/accounts.md): ask for a mailed link, then set a new password with its token.
import { apiRequest } from '../../../lib/api-client.ts'

/** Always answers the same sentence, whether or not an account has the address. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await apiRequest<{ message: string }>('/auth/password_reset', { method: 'POST', body: { email } })).data.message
}

export async function resetPassword(token: string, password: string): Promise<string> {
  return (await apiRequest<{ message: string }>('/auth/password_reset/confirm', { method: 'POST', body: { token, password } })).data.message
}
