// Who a request acts as: its token's user, and a `user_id` it sends (the spec's clients send
// one) must be that same user.
import { forbidden, unauthorized } from '../errors.ts'

/** The caller's user id; 401 without a login, 403 when `bodyUserId` names someone else. */
export function actingAs(userId: number | null, bodyUserId: unknown): number {
  if (userId === null) throw unauthorized()
  if (bodyUserId !== undefined && bodyUserId !== null && bodyUserId !== '' && Number(bodyUserId) !== userId) {
    throw forbidden('You can only act as yourself: user_id does not match your login.')
  }
  return userId
}
