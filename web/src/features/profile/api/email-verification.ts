// The own profile asks for a new verification link (docs/accounts.md).
import { apiRequest } from '../../../lib/api-client.ts'

/** Mails a new link to the signed-in account's address; the server's sentence says where. */
export async function requestVerification(): Promise<string> {
  return (await apiRequest<{ message: string }>('/auth/verify_email', { method: 'POST', auth: 'required' })).data.message
}
