// Direct API calls for test set-up (the browser tests drive the UI for what they test).
import { readFile } from 'node:fs/promises'
import type { AuthResponse, JoinCompetitionResponse, UploadResponse } from '../../contract/index.ts'

export async function registerUser(baseUrl: string, name: string): Promise<AuthResponse> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@e2e.liftarena.test`
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'e2e-password', confirmPassword: 'e2e-password', weight_class: '83kg', country: 'Norway' }),
  })
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

export async function joinChallenge(baseUrl: string, auth: AuthResponse, competitionId: number, weightClass: string): Promise<JoinCompetitionResponse> {
  const response = await fetch(`${baseUrl}/api/join_competition`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
    body: JSON.stringify({ competition_id: competitionId, weight_class: weightClass, gender: 'male' }),
  })
  if (response.status !== 201) throw new Error(`join: ${response.status} ${await response.text()}`)
  return (await response.json()) as JoinCompetitionResponse
}

export async function uploadClip(baseUrl: string, auth: AuthResponse, competitionId: number, clipPath: string, weight = 150, liftType = 'squat'): Promise<UploadResponse> {
  const form = new FormData()
  form.append('lift_type', liftType)
  form.append('weight', String(weight))
  form.append('competition_id', String(competitionId))
  form.append('video', new Blob([await readFile(clipPath)], { type: 'video/mp4' }), 'lift.mp4')
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${auth.access_token}` }, body: form })
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
  return (await response.json()) as UploadResponse
}
