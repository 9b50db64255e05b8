// Avatars (docs/accounts.md) with real images made by ffmpeg and hostile ones: only JPEG, PNG and WebP by their bytes,
// huge dimensions refused before decoding, and what is served is a 256 x 256 JPEG re-encoded without metadata.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../../server/services/avatar.service.ts'
import { registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

const picture = (dir: string, name: string, size: string, extra: string[] = []) => {
  const path = join(dir, name)
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=1`, '-frames:v', '1', ...extra, path])
  return readFileSync(path)
}

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

describe('PUT /auth/user/avatar', () => {
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftarena-avatar-'))
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const put = (auth: Record<string, string>, body: Buffer, type = 'image/png') =>
    t.app.inject({ method: 'PUT', url: '/api/auth/user/avatar', headers: { ...auth, 'content-type': type }, payload: body })

  async function served(file: string) {
    const res = await t.app.inject({ url: `/api/avatars/${file}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    const path = join(dir, `served-${file}`)
    writeFileSync(path, res.rawPayload)
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', path]).toString(),
    ) as { streams: Array<{ codec_name: string; width: number; height: number }> }
    return { bytes: res.rawPayload, stream: probe.streams[0]! }
  }

  it('takes JPEG (its EXIF stripped), PNG and WebP, whatever type is declared, and serves a 256 x 256 JPEG', async () => {
    const lifter = await registerUser(t.app)
    const jpeg = picture(dir, 'a.jpg', '640x480')
    // An EXIF segment with a secret, right after the JPEG's start marker.
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('SECRET-GPS-59.91N-10.75E', 'latin1')])
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif])
    const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)])
    const res = await put(lifter.auth, withExif, 'application/octet-stream')
    expect(res.statusCode, res.body).toBe(200)
    const { avatar } = res.json() as { avatar: string }
    const first = await served(avatar)
    expect(first.stream).toEqual({ codec_name: 'mjpeg', width: 256, height: 256 })
    expect(first.bytes.includes('SECRET')).toBe(false)
    expect(((await t.app.inject({ url: '/api/auth/user', headers: lifter.auth })).json() as { avatar: string }).avatar).toBe(avatar)

    for (const [name, size, type] of [
      ['b.png', '300x200', 'image/png'],
      ['c.webp', '300x300', 'image/jpeg'],
    ] as const) {
      const again = await put(lifter.auth, picture(dir, name, size), type)
      expect(again.statusCode, again.body).toBe(200)
      expect((await served((again.json() as { avatar: string }).avatar)).stream).toMatchObject({ width: 256, height: 256 })
    }
    // The replaced avatars are gone.
    expect((await t.app.inject({ url: `/api/avatars/${avatar}` })).statusCode).toBe(404)
  })

  it('refuses what is not an image, a PNG header over a script, and huge dimensions; strips a script appended to a real PNG', async () => {
    const lifter = await registerUser(t.app)
    const refused = async (body: Buffer, error: string, type?: string) => {
      const res = await put(lifter.auth, body, type)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toEqual({ error })
    }
    await refused(Buffer.from('just some text, not a picture'), NOT_AN_IMAGE)
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), NOT_AN_IMAGE, 'image/webp')
    // The PNG signature, then a script: no picture in it.
    await refused(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]),
      NOT_AN_IMAGE,
    )
    // A valid PNG header claiming 50,000 x 50,000 pixels (an image bomb): refused from the header, never decoded.
    const bomb = (width: number, height: number) => {
      const ihdr = Buffer.alloc(13)
      ihdr.writeUInt32BE(width, 0)
      ihdr.writeUInt32BE(height, 4)
      ihdr.set([8, 2, 0, 0, 0], 8)
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
        chunk('IEND', Buffer.alloc(0)),
      ])
    }
    await refused(bomb(50_000, 50_000), IMAGE_TOO_LARGE)
    await refused(bomb(12_000, 3_000), IMAGE_TOO_LARGE)
    // A real JPEG over the side limit, refused from what ffprobe reads of its header.
    await refused(picture(dir, 'wide.jpg', '10200x16'), IMAGE_TOO_LARGE, 'image/jpeg')
    // A real PNG with a script after its end: accepted, and what is served holds only the picture.
    const polyglot = Buffer.concat([picture(dir, 'd.png', '120x120'), Buffer.from('<script>alert(document.cookie)</script>')])
    const res = await put(lifter.auth, polyglot)
    expect(res.statusCode, res.body).toBe(200)
    const out = await served((res.json() as { avatar: string }).avatar)
    expect(out.bytes.includes('<script')).toBe(false)
    expect(out.stream.codec_name).toBe('mjpeg')
    // Anonymous uploads are refused.
    expect((await put({}, picture(dir, 'e.png', '64x64'))).statusCode).toBe(401)
  })
})
