// Mail that leaves the product: through an SMTP server (SMTP_URL, via nodemailer), or, on the
// embedded default, into a local outbox folder (DATA_DIR/outbox, one .eml file per mail, readable
// with any mail program or a text editor) and, on a development machine, the log, so every flow can
// be followed without a mail server. docs/configuration.md names the settings; docs/accounts.md the mails we send.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from './config.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Sends the mail, or throws (the SMTP server refused it or could not be reached). */
  send(mail: Mail): Promise<void>
  /** `smtp` or `outbox`: where mail goes. */
  readonly kind: 'smtp' | 'outbox'
  close(): void
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl' | 'production'>

/** The folder the embedded default keeps mail in. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'outbox')

export function createMailer(config: MailConfig, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text })
      },
      close: () => transport.close(),
    }
  }
  // The same message nodemailer would send, written to a file instead of a socket.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const dir = outboxDir(config)
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text })
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
      writeFileSync(file, info.message as Buffer, { mode: 0o600 })
      // A mail's text can hold a live link (a password reset): printed only on a machine that is nobody's
      // public site (no PUBLIC_URL, not production), where it spares a newcomer opening the file. Logs
      // travel further than a 0600 file.
      const showText = !config.publicUrl && !config.production
      log(`Mail to ${mail.to} kept in ${file} (no SMTP_URL set): "${mail.subject}"${showText ? `\n${mail.text}` : ''}`)
    },
    close: () => transport.close(),
  }
}
