// How a lifter's category is written on the web (docs/categories.md): their age divisions by the
// challenge's sport's names ('Junior · Open'), then the equipment when it is not the default classic
// ('Equipped'). Others see divisions and the birth year, never the date of birth. Pure.
import { EQUIPMENT_NAMES, divisionName, divisionSportOf, type Division, type Equipment, type LiftType } from './contract.ts'

/** 'Junior · Open' for a powerlifter; '' without a date of birth. */
export function divisionsText(totalLifts: readonly LiftType[], divisions: readonly Division[]): string {
  const sport = divisionSportOf(totalLifts)
  return divisions.map((d) => divisionName(sport, d)).join(' · ')
}

/**
 * The divisions and, for an equipped lifter or in a challenge offering both, the equipment:
 * 'Junior · Open · Equipped'. '' when there is nothing to say.
 */
export function categoryText(
  totalLifts: readonly LiftType[],
  entry: { divisions?: readonly Division[]; equipment?: Equipment | null },
  showClassic = false,
): string {
  const parts = [divisionsText(totalLifts, entry.divisions ?? [])]
  if (entry.equipment && (entry.equipment !== 'classic' || showClassic)) parts.push(EQUIPMENT_NAMES[entry.equipment])
  return parts.filter(Boolean).join(' · ')
}
