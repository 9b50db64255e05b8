// Email verification (docs/accounts.md): open the mailed link's token (the profile asks for a new link).
import { apiRequest } from '../../../lib/api-client.ts'

export async function confirmEmail(token: string): Promise<string> {
  return (await apiRequest<{ message: string }>('/auth/verify_email/confirm', { method: 'POST', body: { token } })).data.message
}
