// The Create Challenge dialog's categories (docs/categories.md): whose bodyweight classes (the spec's
// list, the IPF's or the IWF's), for men or women, which classes, and for powerlifting lifts whether
// lifters are classic, equipped or both (ranked apart). Changing the set or the sex ticks that list's
// classes afresh, as a class of one list means nothing in another.
import { CLASS_SETS, CLASS_SET_NAMES, type ClassSet, type EquipmentOffer } from '../../../../lib/contract.ts'
import { defaultClasses, offeredClasses, offersEquipment } from '../../api/create-challenge.ts'
import { toggled, type FormPartProps } from './form-props.ts'

export const CLASS_SET_HINTS: Record<ClassSet, string> = {
  spec: 'One list for everyone (59 kg to 120 kg+), as open challenges have always used',
  ipf: "The IPF's classes for the sex chosen; 43 kg (women) and 53 kg (men) are for sub-juniors and juniors only",
  iwf: "The IWF's weightlifting categories in force since June 2025",
}

const EQUIPMENT_CHOICES: { value: EquipmentOffer; label: string; hint: string }[] = [
  { value: 'classic', label: 'Classic', hint: 'raw: belt, knee sleeves, wrist wraps' },
  { value: 'equipped', label: 'Equipped', hint: 'supportive suits and shirts, knee wraps' },
  { value: 'both', label: 'Both', hint: 'each lifter says which, and classic and equipped lifters rank apart' },
]

/** The IPF's young classes are marked in the list. */
const isYoungClass = (classSet: ClassSet, gender: 'M' | 'F', weightClass: string) =>
  classSet === 'ipf' && weightClass === (gender === 'F' ? '43kg' : '53kg')

export function CategoryFields({ form, set }: FormPartProps) {
  const classes = offeredClasses(form.classSet, form.gender)
  const choose = (classSet: ClassSet, gender: 'M' | 'F') => {
    set('classSet', classSet)
    set('gender', gender)
    set('weightclasses', defaultClasses(classSet, gender))
  }
  return (
    <>
      <div className="field-row">
        <div className="field">
          <label htmlFor="challenge-class-set">Weight classes of</label>
          <select
            id="challenge-class-set"
            value={form.classSet}
            aria-describedby="challenge-class-set-hint"
            onChange={(e) => choose(e.target.value as ClassSet, form.gender)}
          >
            {CLASS_SETS.map((s) => (
              <option key={s} value={s}>
                {s === 'spec' ? 'LiftArena (one list)' : CLASS_SET_NAMES[s]}
              </option>
            ))}
          </select>
          <p id="challenge-class-set-hint" className="field__explain">
            {CLASS_SET_HINTS[form.classSet]}.
          </p>
        </div>
        <fieldset className="checks">
          <legend>Gender</legend>
          <label>
            <input
              type="radio"
              name="challenge-gender"
              checked={form.gender === 'M'}
              onChange={() => (form.classSet === 'spec' ? set('gender', 'M') : choose(form.classSet, 'M'))}
            />
            Men
          </label>
          <label>
            <input
              type="radio"
              name="challenge-gender"
              checked={form.gender === 'F'}
              onChange={() => (form.classSet === 'spec' ? set('gender', 'F') : choose(form.classSet, 'F'))}
            />
            Women
          </label>
        </fieldset>
      </div>
      <fieldset className="checks">
        <legend>Weight classes</legend>
        {classes.map((w) => (
          <label key={w}>
            <input
              type="checkbox"
              checked={form.weightclasses.includes(w)}
              onChange={() => set('weightclasses', toggled(form.weightclasses, w))}
            />
            {w}
            {isYoungClass(form.classSet, form.gender, w) && <span className="muted"> (sub-junior, junior)</span>}
          </label>
        ))}
      </fieldset>
      {offersEquipment(form.lifttypes) && (
        <fieldset className="checks" aria-describedby="challenge-equipment-hint">
          <legend>Equipment</legend>
          {EQUIPMENT_CHOICES.map((choice) => (
            <label key={choice.value} title={choice.hint}>
              <input
                type="radio"
                name="challenge-equipment"
                checked={form.equipment === choice.value}
                onChange={() => set('equipment', choice.value)}
              />
              {choice.label}
            </label>
          ))}
          <p id="challenge-equipment-hint" className="field__explain">
            {EQUIPMENT_CHOICES.find((c) => c.value === form.equipment)!.hint}; IPF GL points use the lifter&apos;s equipment.
          </p>
        </fieldset>
      )}
    </>
  )
}
