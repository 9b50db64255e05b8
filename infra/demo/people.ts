// The demo's people: 36 men's accounts (the first, Anna, organises and lifts in none) and the women
// of the women's challenges, each with one class, one country and one bodyweight wherever they lift.
import { classBand } from '../../contract/index.ts'
import type { PrismaClient } from '../db.ts'
import type { UserRow } from '../repositories/users.repository.ts'

// The men's accounts; the first, Anna, organises the demo challenges and lifts in none.
const FIRST = [
  'Anna',
  'Ben',
  'Caio',
  'Dmitri',
  'Efe',
  'Femi',
  'Goran',
  'Hiro',
  'Igor',
  'Jonas',
  'Kofi',
  'Luca',
  'Mateo',
  'Nikolai',
  'Oskar',
  'Pedro',
  'Quinn',
  'Rafael',
  'Sven',
  'Tomasz',
  'Umar',
  'Viktor',
  'Wen',
  'Xavier',
  'Yusuf',
  'Zoran',
  'Arjun',
  'Bruno',
  'Chen',
  'Dario',
  'Emil',
  'Farid',
  'Gus',
  'Hamza',
  'Ivan',
  'Jakob',
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
  'Kowalska',
  'Rossi',
  'Cohen',
  'Ivanov',
  'Sokolova',
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
]
// The women of the women's challenges (their own accounts: an account competes in one category).
const WOMEN = [
  'Alma',
  'Britt',
  'Chiara',
  'Daria',
  'Esra',
  'Freya',
  'Gabriela',
  'Helga',
  'Ingrid',
  'Jana',
  'Keiko',
  'Leila',
  'Mei',
  'Noor',
  'Oksana',
  'Priya',
  'Renata',
  'Sofia',
  'Tove',
  'Ursula',
  'Valentina',
  'Yasmin',
]
const COUNTRIES = ['USA', 'Norway', 'Brazil', 'Japan', 'Poland', 'Nigeria', 'Germany', 'Turkey', 'India', 'Italy', 'Canada', 'Sweden']
const CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+']
const WOMENS_CLASSES = ['59kg', '66kg', '74kg', '83kg']
export const CLASS_FACTOR: Record<string, number> = {
  '59kg': 0.7,
  '66kg': 0.8,
  '74kg': 0.88,
  '83kg': 0.95,
  '93kg': 1,
  '105kg': 1.06,
  '120kg': 1.1,
  '120kg+': 1.15,
}

/** Creates the accounts; every fifth lifter gave no bodyweight. */
export async function seedDemoPeople(prisma: PrismaClient, rnd: () => number, passwordHash: string) {
  const users: UserRow[] = []
  for (let i = 0; i < 36; i++) {
    const name = `${FIRST[i]} ${LAST[(i * 7) % LAST.length]}`
    users.push(
      await prisma.user.create({
        data: {
          name,
          username: `${FIRST[i]!.toLowerCase()}${i + 1}`,
          email: `${FIRST[i]!.toLowerCase()}${i + 1}@demo.liftarena.app`,
          passwordHash,
          country: COUNTRIES[i % COUNTRIES.length]!,
          weightClass: CLASSES[i % CLASSES.length]!,
          bio: i === 0 ? 'Organiser of the demo challenges.' : 'Demo athlete.',
          sex: i === 0 ? 'F' : 'M',
        },
      }),
    )
  }
  const women: UserRow[] = []
  for (let i = 0; i < WOMEN.length; i++) {
    const name = `${WOMEN[i]} ${LAST[(i * 5 + 3) % LAST.length]}`
    women.push(
      await prisma.user.create({
        data: {
          name,
          username: `${WOMEN[i]!.toLowerCase()}${i + 1}`,
          email: `${WOMEN[i]!.toLowerCase()}${i + 1}@demo.liftarena.app`,
          passwordHash,
          country: COUNTRIES[(i + 5) % COUNTRIES.length]!,
          weightClass: WOMENS_CLASSES[i % WOMENS_CLASSES.length]!,
          bio: 'Demo athlete.',
          sex: 'F',
        },
      }),
    )
  }
  // One bodyweight per lifter, inside their class (the open class up to 30 kg over its limit), whichever
  // challenge they enter; every fifth lifter gave none.
  const bodyweightOf = new Map<number, number | null>()
  for (const [i, user] of [...users, ...women].entries()) {
    const band = classBand(user.weightClass!)!
    const top = band.upTo ?? band.above + 30
    const bottom = Math.max(band.above, top - 8)
    bodyweightOf.set(user.id, i % 5 === 4 ? null : Math.round((bottom + 0.1 + rnd() * (top - bottom - 0.1)) * 10) / 10)
  }
  return { users, women, bodyweightOf }
}
