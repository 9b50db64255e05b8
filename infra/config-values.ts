// Reading one setting from the environment: numbers, switches, addresses and the S3 and mail groups,
// each checked, with the sentence a bad value stops the process with. loadConfig (config.ts) puts them together.
import type { S3Config } from './config.ts'

export class ConfigError extends Error {}

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`)
  return value
}

/** A byte budget that must leave room for one upload of UPLOAD_MAX_BYTES, else no full-size video could ever be uploaded. */
export function budget(env: NodeJS.ProcessEnv, name: string, fallback: number, uploadMaxBytes: number): number {
  const value = int(env, name, Math.max(fallback, uploadMaxBytes), 1)
  if (value < uploadMaxBytes)
    throw new ConfigError(
      `${name} must be at least UPLOAD_MAX_BYTES (${uploadMaxBytes}), or no video of the largest size could be uploaded; got "${env[name]}"`,
    )
  return value
}

export function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

/** TRUST_PROXY: unset/false → trust no proxy; a hop count (`1`); or a comma list of proxy addresses/CIDRs. */
export function trustProxy(env: NodeJS.ProcessEnv): false | number | readonly string[] {
  const raw = (env.TRUST_PROXY ?? '').trim()
  if (raw === '' || ['false', 'no', 'off', '0'].includes(raw.toLowerCase())) return false
  if (/^\d+$/.test(raw)) return Number(raw)
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i
  const bad = entries.find((e) => !address.test(e) && !['loopback', 'linklocal', 'uniquelocal'].includes(e))
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count (e.g. 1) or a comma list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1), got "${raw}"`,
    )
  }
  return Object.freeze(entries)
}

export function s3Config(env: NodeJS.ProcessEnv): S3Config {
  const bucket = (env.S3_BUCKET ?? '').trim()
  if (!bucket) throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET (the bucket media is stored in).')
  const endpoint = env.S3_ENDPOINT?.trim() || undefined
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`)
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.')
  // SigV4 presigned URLs live at most 7 days.
  const presignSeconds = int(env, 'S3_PRESIGN_SECONDS', 0, 0)
  if (presignSeconds > 604_800)
    throw new ConfigError(
      `S3_PRESIGN_SECONDS must be at most 604800 (7 days, the longest a presigned URL may live), got "${presignSeconds}"`,
    )
  return Object.freeze({
    endpoint,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    presignSeconds,
  })
}

export function storageDriver(env: NodeJS.ProcessEnv): 'local' | 's3' {
  const raw = (env.STORAGE_DRIVER ?? 'local').trim().toLowerCase() || 'local'
  if (raw !== 'local' && raw !== 's3') throw new ConfigError(`STORAGE_DRIVER must be local or s3, got "${env.STORAGE_DRIVER}"`)
  return raw
}

/** PUBLIC_URL: an http(s) address, as given. */
export function publicAddress(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.PUBLIC_URL?.trim()
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`PUBLIC_URL must be the site's address, such as https://meet.example.org, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PUBLIC_URL must start with https:// or http://, got "${raw}"`)
  return raw
}

/**
 * SMTP_URL and MAIL_FROM. Links in mails name the site by PUBLIC_URL, never by a request's Host
 * header (which a client chooses): mail that leaves the machine needs it.
 */
export function mailSettings(env: NodeJS.ProcessEnv, publicUrl: string | undefined): { smtpUrl: string | undefined; mailFrom: string } {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  if (smtpUrl && !/^smtps?:\/\/[^/]/i.test(smtpUrl))
    throw new ConfigError('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465')
  if (smtpUrl && !publicUrl)
    throw new ConfigError(
      "SMTP_URL is set without PUBLIC_URL: links in the mails (password reset, email confirmation) must name the site's public address. Set PUBLIC_URL, such as https://meet.example.org.",
    )
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost'
  const mailFrom = env.MAIL_FROM?.trim() || `LiftArena <no-reply@${host}>`
  if (/[\r\n]/.test(mailFrom)) throw new ConfigError('MAIL_FROM must be one line, such as "LiftArena <no-reply@meet.example.org>"')
  return { smtpUrl, mailFrom }
}
