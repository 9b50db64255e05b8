// Powerlifting equipment divisions, pure. The IPF holds classic (raw: belt, knee sleeves, wrist wraps)
// and equipped (supportive suits and shirts, knee wraps) championships apart, and publishes IPF GL
// coefficients for each (formulas.ts; docs/categories.md, docs/scoring.md).
import { Literals } from './common.ts'
import type { GlEquipment } from './formulas.ts'

export const EQUIPMENT = ['classic', 'equipped'] as const satisfies readonly GlEquipment[]
export const Equipment = Literals(EQUIPMENT, { description: 'classic (raw) or equipped (supportive suits and shirts, knee wraps).' })
export type Equipment = (typeof EQUIPMENT)[number]
export const DEFAULT_EQUIPMENT: Equipment = 'classic'
export const EQUIPMENT_NAMES: Record<Equipment, string> = { classic: 'Classic', equipped: 'Equipped' }

/**
 * Which equipment divisions a powerlifting challenge offers: `classic`, `equipped`, or `both` (each
 * lifter declares one and ranks in it).
 */
export const EQUIPMENT_OFFERS = ['classic', 'equipped', 'both'] as const
export const EquipmentOffer = Literals(EQUIPMENT_OFFERS, { description: 'classic (default), equipped, or both as separate divisions.' })
export type EquipmentOffer = (typeof EQUIPMENT_OFFERS)[number]

/** The equipment divisions a challenge's offer opens. */
export function equipmentOffered(offer: EquipmentOffer): Equipment[] {
  return offer === 'both' ? [...EQUIPMENT] : [offer]
}

/** Why a lifter cannot enter a challenge in this equipment (one sentence naming what it offers), or null when they can. */
export function equipmentProblem(offer: EquipmentOffer, equipment: string): string | null {
  const offered: readonly string[] = equipmentOffered(offer)
  if (offered.includes(equipment)) return null
  return `equipment must be ${offered.join(' or ')}: this challenge ${offer === 'both' ? 'ranks classic and equipped lifters apart' : `is ${offer} only`}.`
}
