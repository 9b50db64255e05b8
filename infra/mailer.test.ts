// The outbox (no SMTP_URL): each mail a private .eml file; its text in the log only on a development
// machine, never where the site is public (a reset link in a log opens an account).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, outboxDir } from './mailer.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function send(options: { publicUrl?: string; production?: boolean }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'liftarena-mailer-'))
  dirs.push(dataDir)
  const lines: string[] = []
  const mailer = createMailer(
    {
      smtpUrl: undefined,
      mailFrom: 'LiftArena <no-reply@localhost>',
      dataDir,
      publicUrl: options.publicUrl,
      production: options.production ?? false,
    },
    (line) => lines.push(line),
  )
  await mailer.send({
    to: 'anna@example.com',
    subject: 'Choose a new LiftArena password',
    text: 'Open https://x/reset-password#token=SECRET',
  })
  mailer.close()
  const files = readdirSync(outboxDir({ dataDir }))
  return { lines, files, mode: statSync(join(outboxDir({ dataDir }), files[0]!)).mode & 0o777 }
}

describe('the outbox mailer', () => {
  it('keeps each mail as a 0600 file, and prints its text on a development machine', async () => {
    const { lines, files, mode } = await send({})
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    expect(mode).toBe(0o600)
    expect(lines.join('\n')).toContain('#token=SECRET')
  })

  it('never prints the text where the site is public or in production', async () => {
    for (const options of [{ publicUrl: 'https://meet.example.org' }, { production: true }]) {
      const { lines, files } = await send(options)
      expect(files).toHaveLength(1)
      expect(lines.join('\n')).toContain('anna@example.com')
      expect(lines.join('\n')).not.toContain('SECRET')
    }
  })
})
