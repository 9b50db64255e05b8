// Over 300 lines: the benchmark's data set written in one pass (its tables depend on each other's ids); not product code.
// The large data set of the scale benchmark, written straight into a fresh PostgreSQL database:
// 20,000 lifters (each in about 5 challenges), 1,000 powerlifting challenges of 100 lifters
// (one of 200, for the participants read), 9 attempts per lifter in every challenge that has
// started. Rows go in with multi-row INSERT … SELECT FROM unnest($1::int[], …) of 10,000 rows
// a statement over one `pg` connection (pg-copy-streams, for COPY FROM STDIN, is not a dependency;
// about 25 s for the whole set here when the machine is quiet). Deterministic: the same seed gives the same rows.
import pg from 'pg'
import { sized } from './lib.ts'
import { classBand, formatDescription, NO_LIFT_REASONS, toLight, WEIGHT_CLASSES, type Light, type LiftType } from '../contract/index.ts'

const DAY = 86_400_000
export const SCALE = sized(
  { users: 20_000, challenges: 1_000, lifters: 100, bigChallengeLifters: 200 },
  { users: 600, challenges: 40, lifters: 10, bigChallengeLifters: 20 },
)
const BATCH = 10_000

const FIRST_M = [
  'Adam',
  'Ben',
  'Carlos',
  'Dmitri',
  'Emil',
  'Femi',
  'Gus',
  'Hiro',
  'Ivan',
  'Jonas',
  'Kai',
  'Luca',
  'Mateo',
  'Nikolai',
  'Omar',
  'Pedro',
  'Quinn',
  'Rafael',
  'Sven',
  'Tomas',
  'Umar',
  'Viktor',
  'Wen',
  'Xavier',
  'Yusuf',
  'Zoran',
  'Arjun',
  'Bjorn',
  'Chen',
  'Diego',
  'Erik',
  'Farid',
  'Gabriel',
  'Hugo',
  'Igor',
  'Jakob',
  'Kenji',
  'Liam',
  'Marco',
  'Nils',
]
const FIRST_F = [
  'Anna',
  'Bea',
  'Carla',
  'Dana',
  'Elif',
  'Fatima',
  'Greta',
  'Hana',
  'Ines',
  'Jade',
  'Kasia',
  'Lena',
  'Maya',
  'Nora',
  'Olga',
  'Paula',
  'Rosa',
  'Sara',
  'Tara',
  'Ula',
  'Vera',
  'Wanda',
  'Ximena',
  'Yara',
  'Zoe',
  'Aiko',
  'Brigit',
  'Chiara',
  'Daria',
  'Eva',
]
const LAST = [
  'Novak',
  'Okafor',
  'Silva',
  'Petrov',
  'Yilmaz',
  'Adeyemi',
  'Lind',
  'Tanaka',
  'Moreno',
  'Berg',
  'Kowalski',
  'Rossi',
  'Cohen',
  'Ivanov',
  'Sokolov',
  'Alves',
  'Murphy',
  'Garcia',
  'Olsen',
  'Singh',
  'Khan',
  'Fischer',
  'Li',
  'Lopez',
  'Demir',
  'Martin',
  'Patel',
  'Weber',
  'Wang',
  'Levi',
  'Larsen',
  'Haddad',
  'Brown',
  'Sato',
  'Orlov',
  'Nguyen',
  'Kim',
  'Dubois',
  'Jensen',
  'Costa',
  'Horvat',
  'Nowak',
  'Schmidt',
  'Rahman',
  'Mensah',
  'Suzuki',
  'Ali',
  'Santos',
  'Virtanen',
  'Popescu',
]
const COUNTRIES = [
  'USA',
  'Norway',
  'Brazil',
  'Japan',
  'Poland',
  'Nigeria',
  'Germany',
  'Turkey',
  'India',
  'Italy',
  'Canada',
  'Sweden',
  'France',
  'Spain',
  'Mexico',
  'Australia',
  'UK',
  'Finland',
  'Ukraine',
  'Kazakhstan',
  'South Africa',
  'Egypt',
  'Korea',
  'China',
  'Argentina',
  'Chile',
  'Netherlands',
  'Denmark',
  'Czechia',
  'Georgia',
]
const CITIES = [
  'Oslo',
  'Chicago',
  'São Paulo',
  'Tokyo',
  'Kraków',
  'Lagos',
  'Berlin',
  'Istanbul',
  'Mumbai',
  'Rome',
  'Toronto',
  'Stockholm',
  'Lyon',
  'Madrid',
  'Online',
  'Sydney',
  'Leeds',
  'Helsinki',
  'Kyiv',
  'Almaty',
]
const KINDS = ['Open', 'Classic', 'Raw Challenge', 'Total Cup', 'Strength Series', 'Invitational', 'Championship', 'Throwdown']
/** Share of lifters per class (the classes of contract/common.ts, one list for both genders). */
const CLASS_SHARE: Record<'M' | 'F', number[]> = { M: [3, 8, 15, 22, 22, 15, 10, 5], F: [25, 25, 20, 15, 8, 4, 2, 1] }
const CLASS_FACTOR = [0.7, 0.8, 0.88, 0.95, 1, 1.06, 1.1, 1.15]
/** A strong lifter's heaviest attempt (kg) at strength 1. */
const BASE: Record<'squat' | 'bench' | 'deadlift', number> = { squat: 200, bench: 135, deadlift: 240 }
const LIFTS = ['squat', 'bench', 'deadlift'] as const

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

export interface ScaleSeed {
  ms: number
  counts: { users: number; challenges: number; participants: number; attempts: number; pending: number; failed: number }
  /** The 200-lifter challenge (ongoing, men). */
  bigChallengeId: number
  /** An ongoing 100-lifter challenge (men, class ranking). */
  pageChallenge: { id: number; name: string; participants: number }
  /** A filter of the leaderboard with rows: a women's class. */
  womenClass: string
}

interface User {
  id: number
  gender: 'M' | 'F'
  cls: number
  strength: number
}

export async function seedScale(url: string, log: (line: string) => void = () => {}): Promise<ScaleSeed> {
  const started = performance.now()
  const rnd = random(17)
  const now = Date.now()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const counts = { users: 0, challenges: 0, participants: 0, attempts: 0, pending: 0, failed: 0 }
  try {
    await client.query('SET synchronous_commit = off')
    // A bulk load: no per-row foreign-key checks or triggers (the ids are consistent by construction), and the
    // secondary indexes built once at the end instead of row by row (their definitions read back from pg_indexes).
    await client.query("SET session_replication_role = 'replica'")
    await client.query("SET maintenance_work_mem = '512MB'")
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('users', 'competitions', 'participants', 'attempts') AND indexname NOT LIKE '%_pkey'",
    )
    for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`)
    /** INSERT … SELECT * FROM unnest(arrays): one statement per BATCH rows. */
    let queryMs = 0
    /** `constants`: columns with one value for every row (SQL expressions). */
    /** `computed`: a column's value from its unnest value `u."column"` and `extra` parameters (numbered after the arrays). */
    const insert = async (
      table: string,
      columns: string[],
      types: string[],
      rows: unknown[][],
      constants: Record<string, string> = {},
      computed: Record<string, string> = {},
      extra: unknown[] = [],
    ) => {
      const names = [...columns, ...Object.keys(constants)].map((c) => `"${c}"`).join(', ')
      const values = [...columns.map((c) => computed[c] ?? `u."${c}"`), ...Object.values(constants)].join(', ')
      for (let from = 0; from < rows.length; from += BATCH) {
        const chunk = rows.slice(from, from + BATCH)
        const arrays = columns.map((_, c) => chunk.map((r) => r[c]))
        const q0 = performance.now()
        await client.query(
          `INSERT INTO "${table}" (${names}) SELECT ${values} FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) AS u(${columns.map((c) => `"${c}"`).join(', ')})`,
          [...arrays, ...extra],
        )
        queryMs += performance.now() - q0
      }
    }
    const iso = (ms: number) => new Date(ms).toISOString()
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!
    const pickClass = (gender: 'M' | 'F') => {
      let r = rnd() * 100
      const share = CLASS_SHARE[gender]
      for (let i = 0; i < share.length; i++) if ((r -= share[i]!) < 0) return i
      return share.length - 1
    }

    // Lifters: 70% men. Class, strength and country are the lifter's own.
    const users: User[] = []
    const userRows: unknown[][] = []
    for (let i = 1; i <= SCALE.users; i++) {
      const gender = rnd() < 0.7 ? 'M' : 'F'
      const cls = pickClass(gender)
      users.push({ id: i, gender, cls, strength: 0.7 + rnd() * 0.4 })
      const first = pick(gender === 'M' ? FIRST_M : FIRST_F)
      const last = pick(LAST)
      userRows.push([
        i,
        `${first} ${last}`,
        `${first.toLowerCase()}.${last.toLowerCase()}${i}`,
        `lifter${i}@scale.bench`,
        'not-a-hash',
        pick(COUNTRIES),
        WEIGHT_CLASSES[cls],
        iso(now - (60 + rnd() * 300) * DAY),
      ])
    }
    await insert(
      'users',
      ['id', 'name', 'username', 'email', 'password_hash', 'country', 'weight_class', 'created_at'],
      ['int', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamp'],
      userRows,
    )
    counts.users = userRows.length
    log(`users ${counts.users} (${Math.round(performance.now() - started)} ms)`)

    // Pools per gender, shuffled; challenges take their lifters in turn from their gender's pool.
    const pools = { M: users.filter((u) => u.gender === 'M'), F: users.filter((u) => u.gender === 'F') }
    for (const pool of Object.values(pools))
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1))
        ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
      }
    const cursor = { M: 0, F: 0 }

    // Lights as the panel leaves them: three good, or two or three red/blue/yellow cards with a reason.
    // Each distinct JSON is sent once per statement, rows carry its number (1-based; 1 is no lights).
    const lightTemplates = ['[]']
    const lightNumbers = new Map<string, number>([['[]', 1]])
    const lightsOf = (lift: LiftType, good: boolean): number => {
      const reasons = NO_LIFT_REASONS[lift]
      const votes = [0, 1, 2].map((seat) => ({
        good: good ? true : seat === 2 ? rnd() < 0.5 : false,
        reason: null as string | null,
        atSeconds: null as number | null,
        note: null,
      }))
      for (const v of votes)
        if (!v.good) {
          v.reason = pick(reasons).code
          v.atSeconds = 1.5
        }
      const json = JSON.stringify(votes.map((v, seat) => toLight(v, lift, `Judge ${seat + 1}`)) satisfies Light[])
      let n = lightNumbers.get(json)
      if (n === undefined) {
        lightTemplates.push(json)
        lightNumbers.set(json, (n = lightTemplates.length))
      }
      return n
    }

    let participantId = 0
    let attemptId = 0
    let pageChallenge: ScaleSeed['pageChallenge'] | undefined
    const CHUNK = 50 // challenges per round of inserts
    for (let from = 1; from <= SCALE.challenges; from += CHUNK) {
      const compRows: unknown[][] = []
      const partRows: unknown[][] = []
      const attRows: unknown[][] = []
      for (let id = from; id < from + CHUNK && id <= SCALE.challenges; id++) {
        // Challenge 1: the 200-lifter one, ongoing, men. Then 5% upcoming, 35% ongoing, 60% past.
        const slot = id === 1 ? 1 : id % 20
        const status = slot === 0 ? 'upcoming' : slot <= 7 ? 'ongoing' : 'past'
        const gender: 'M' | 'F' = id === 1 || rnd() < 0.65 ? 'M' : 'F'
        const start =
          status === 'past'
            ? now - (9 + rnd() * 48) * DAY
            : status === 'ongoing'
              ? now - (0.2 + rnd() * 5.8) * DAY
              : now + (1 + rnd() * 20) * DAY
        const end = status === 'ongoing' ? now + (1 + rnd() * 9) * DAY : start + 7 * DAY
        const created = Math.max(now - 60 * DAY, Math.min(start, now) - (1 + rnd() * 10) * DAY)
        const ranking =
          id === 1 ? 'class' : pick(['class', 'class', 'class', 'class', 'class', 'class', 'class', 'class', 'dots', 'ipf_gl'])
        const name = `${pick(CITIES)} ${pick(KINDS)} ${id}`
        const location = pick(CITIES)
        const lifttypes = ['Squat', 'Bench Press', 'Deadlift'] // as the constant lift_types below
        const size = id === 1 ? SCALE.bigChallengeLifters : SCALE.lifters
        const pool = pools[gender]
        compRows.push([
          id,
          name,
          formatDescription(`${name}: three lifts, one total. Film each attempt from the side and upload it before the deadline.`, {
            lifttypes,
            weightclasses: [...WEIGHT_CLASSES],
            gender,
          }),
          location,
          iso(start),
          iso(end),
          gender,
          pool[Math.floor(rnd() * pool.length)]!.id,
          iso(created),
          ranking,
        ])
        counts.challenges++
        if (!pageChallenge && status === 'ongoing' && gender === 'M' && ranking === 'class' && size === SCALE.lifters)
          pageChallenge = { id, name, participants: size }
        const lastMoment = Math.min(end, now - 60_000)
        for (let k = 0; k < size; k++) {
          const user = pool[(cursor[gender] + k) % pool.length]!
          const band = classBand(WEIGHT_CLASSES[user.cls]!)!
          const top = band.upTo ?? band.above + 30
          const bottom = Math.max(band.above, top - 8)
          const bodyweight = rnd() < 0.1 ? null : Math.round((bottom + 0.1 + rnd() * (top - bottom - 0.1)) * 10) / 10
          const joined = created + rnd() * (Math.min(start, now) - created)
          partRows.push([++participantId, user.id, id, WEIGHT_CLASSES[user.cls], gender, bodyweight, iso(joined)])
          counts.participants++
          if (status === 'upcoming') continue // joined, nothing lifted yet
          const strength = CLASS_FACTOR[user.cls]! * (gender === 'F' ? 0.62 : 1) * user.strength * (0.95 + rnd() * 0.1)
          // An ongoing challenge: a quarter of its lifters still await the judges on their last deadlift, some on their last two.
          const awaiting = status === 'ongoing' && k % 4 === 0 ? (k % 8 === 0 ? 2 : 1) : 0
          for (const [l, lift] of LIFTS.entries()) {
            for (let a = 0; a < 3; a++) {
              const n = l * 3 + a
              const weight = Math.round((BASE[lift] * strength * (0.9 + a * 0.05)) / 2.5) * 2.5
              const at = start + ((n + rnd() * 0.9) / 9) * (lastMoment - start)
              const pending = n >= 9 - awaiting
              const good = rnd() < (a === 2 ? 0.72 : 0.88)
              const decidedAt = Math.min(at + 3_600_000, now)
              attRows.push([
                ++attemptId,
                participantId,
                lift,
                a + 1,
                weight,
                pending ? 'pending' : good ? 'completed' : 'failed',
                iso(at),
                iso(pending ? at : decidedAt),
                3,
                pending ? Math.floor(rnd() * 3) : 3,
                pending ? null : 'panel',
                pending ? null : iso(decidedAt),
                pending ? 1 : lightsOf(lift, good),
                !pending,
              ])
              counts.attempts++
              if (pending) counts.pending++
              else if (!good) counts.failed++
            }
          }
        }
        cursor[gender] += size
      }
      await insert(
        'competitions',
        ['id', 'name', 'description', 'location', 'start_date', 'end_date', 'gender', 'created_by_id', 'created_at', 'ranking'],
        ['int', 'text', 'text', 'text', 'timestamp', 'timestamp', 'text', 'int', 'timestamp', 'text'],
        compRows,
        {
          lift_types: `ARRAY['Squat', 'Bench Press', 'Deadlift']`,
          weight_classes: `ARRAY[${WEIGHT_CLASSES.map((c) => `'${c}'`).join(', ')}]`,
        },
      )
      await insert(
        'participants',
        ['id', 'user_id', 'competition_id', 'weight_class', 'gender', 'bodyweight', 'joined_at'],
        ['int', 'int', 'int', 'text', 'text', 'float8', 'timestamp'],
        partRows,
      )
      // Decided by certified panels (docs/verified-results.md), so the boards hold them as a real platform's would.
      await insert(
        'attempts',
        [
          'id',
          'participant_id',
          'lift_type',
          'attempt_number',
          'weight',
          'status',
          'created_at',
          'updated_at',
          'votes_needed',
          'votes_cast',
          'decided_by',
          'decided_at',
          'lights',
          'verified',
        ],
        [
          'int',
          'int',
          'text',
          'int',
          'float8',
          'attempt_status',
          'timestamp',
          'timestamp',
          'int',
          'int',
          'text',
          'timestamp',
          'int',
          'bool',
        ],
        attRows,
        {},
        { lights: '($15::jsonb[])[u."lights"]' },
        [lightTemplates],
      )
      if ((from - 1) % 200 === 0)
        log(
          `challenges ${counts.challenges}, participants ${counts.participants}, attempts ${counts.attempts} (${Math.round(performance.now() - started)} ms)`,
        )
    }
    log(`inserts took ${Math.round(queryMs)} ms`)
    const indexing = performance.now()
    for (const index of indexes) await client.query(index.indexdef)
    log(`${indexes.length} indexes built (${Math.round(performance.now() - indexing)} ms)`)
    await client.query("SET session_replication_role = 'origin'")
    for (const table of ['users', 'competitions', 'participants', 'attempts']) {
      await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max(id) FROM "${table}"))`)
    }
    await client.query('ANALYZE')
    if (!pageChallenge) throw new Error("the seed made no ongoing 100-lifter men's challenge")
    return { ms: performance.now() - started, counts, bigChallengeId: 1, pageChallenge, womenClass: WEIGHT_CLASSES[1] }
  } finally {
    await client.end()
  }
}
