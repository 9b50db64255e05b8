// Names show what they hold (issue 27, item 7). Before: zero-width characters and the embedding,
// override and isolate controls U+202A–U+202C and U+2066–U+2069 were taken in names (only U+202D
// and U+202E were refused), so "Anna\u200B Novak" or "Anna\u2066 Novak" showed as "Anna Novak".
// Names refuse them (people, challenges, places, countries); scripts and emoji that need a joiner
// keep it; bios, descriptions and comments keep every one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
let token: string
let n = 0
beforeAll(async () => {
  t = await startTestApp()
  token = (await registerUser(t.app, 'Organiser')).access_token
})
afterAll(async () => {
  await t?.close()
})

const register = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Anna Novak', email: `names${Date.now()}.${n++}@example.com`, password: 'correct horse battery', ...fields },
  })
const create = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create_competition',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: 'Name Open',
      location: 'Gym',
      lifttypes: ['Squat'],
      weightclasses: ['83kg'],
      gender: 'M',
      start_date: new Date(Date.now() - 86_400_000).toISOString(),
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
      ...fields,
    },
  })

const INVISIBLE: Record<string, string> = {
  'U+200B zero-width space': '\u200B',
  'U+200C zero-width non-joiner': '\u200C',
  'U+200D zero-width joiner': '\u200D',
  'U+2060 word joiner': '\u2060',
  'U+FEFF BOM': '\uFEFF',
  'U+00AD soft hyphen': '\u00AD',
  'U+3164 Hangul filler': '\u3164',
  'U+200E LRM': '\u200E',
  'U+200F RLM': '\u200F',
  'U+FE0F VS16 after a letter': '\uFE0F',
  'U+202A LRE': '\u202A',
  'U+202B RLE': '\u202B',
  'U+202C PDF': '\u202C',
  'U+202D LRO': '\u202D',
  'U+202E RLO': '\u202E',
  'U+2066 LRI': '\u2066',
  'U+2067 RLI': '\u2067',
  'U+2068 FSI': '\u2068',
  'U+2069 PDI': '\u2069',
}

describe('names refuse invisible and direction characters', () => {
  it.each(Object.entries(INVISIBLE))('%s in a name, a challenge name, a place or a country: 400, nothing stored', async (_what, ch) => {
    const users = await t.db.prisma.user.count()
    const challenges = await t.db.prisma.challenge.count()
    for (const res of [
      await register({ name: `Anna${ch} Novak` }),
      await register({ country: `Nor${ch}way` }),
      await create({ name: `Name${ch} Open` }),
      await create({ location: `Gy${ch}m` }),
    ]) {
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatch(/must not .*invisible characters .*text-direction controls\.$/)
    }
    expect(await t.db.prisma.user.count()).toBe(users)
    expect(await t.db.prisma.challenge.count()).toBe(challenges)
  })

  it('a name of an invisible letter alone is blank', async () => {
    expect((await register({ name: '\u3164' })).statusCode).toBe(400)
  })
})

describe('where text needs them, they stay', () => {
  it.each([
    ['Persian: ZWNJ between Arabic letters', 'مهر\u200Cنوش'],
    ['Hindi: ZWJ after a virama', 'क्\u200Dष सिंह'],
    ['Malayalam: ZWNJ after a virama', 'ന്\u200Cറ'],
    ['an emoji ZWJ sequence', 'Anna 👩\u200D💻'],
    ['an emoji with VS16', 'Anna ❤\uFE0F'],
    ['a keycap', 'Team 1\uFE0F\u20E3'],
    ['a subdivision flag', 'Ailsa 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Hebrew and Arabic letters', 'דוד כהן'],
  ])('%s in a name: 201', async (_what, name) => {
    const res = await register({ name })
    expect(res.statusCode, res.body).toBe(201)
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: res.json().user_id as number } })
    expect(user.name).toBe(name)
  })

  it('a bio and a challenge description keep zero-width characters and isolates', async () => {
    expect((await register({ bio: 'Coach\u200B of \u2067عربي\u2069 lifters' })).statusCode).toBe(201)
    expect((await create({ description: 'Bring \u2066ID\u2069\u200B and chalk' })).statusCode).toBe(201)
  })

  it('a comment keeps them too', async () => {
    const u = await registerUser(t.app)
    await createChallenge(t.app, u.access_token)
    // Comments go through engagement.service's own check (control characters and overrides only).
    const { commentText } = await import('../../../server/services/engagement.service.ts')
    expect(commentText('Nice\u200B lift \u2067عربي\u2069')).toBe('Nice\u200B lift \u2067عربي\u2069')
  })
})
