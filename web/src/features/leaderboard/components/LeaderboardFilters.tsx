// The leaderboard's filters (docs/product/screens.md /leaderboard, docs/categories.md): sort, sport,
// class set and class, gender, age division, equipment, the lifter's country and the challenge's
// location. Each choice is a URL parameter (the page reads them), so a view can be shared.
import {
  CLASS_SETS,
  CLASS_SET_NAMES,
  EQUIPMENT,
  EQUIPMENT_NAMES,
  SPORT_FAMILIES,
  SPORT_NAMES,
  type ClassSet,
  type LeaderboardSort,
  type SportFamily,
} from '../../../lib/contract.ts'
import { isFormula, sortKeysFor, useLeaderboardFilters } from '../api/leaderboard.ts'
import { classOptions, divisionOptions, offersEquipmentFilter } from '../api/category-filters.ts'
import { sortOptionLabel } from './leaderboard-labels.ts'

export interface LeaderboardFilterValues {
  sort: LeaderboardSort
  sport: SportFamily | ''
  classSet: ClassSet | ''
  weightClass: string
  gender: string
  division: string
  equipment: string
  country: string
  location: string
}

interface Props {
  values: LeaderboardFilterValues
  /** Sets one URL parameter ('' removes it). */
  update: (key: string, value: string) => void
  setSort: (key: LeaderboardSort) => void
}

/** A select of a filter: its label, 'all' first, then the options. */
function FilterSelect(props: {
  id: string
  label: string
  value: string
  all: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  const { id, label, value, all, options, onChange } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

export function LeaderboardFilters({ values, update, setSort }: Props) {
  const { sort, sport, classSet, weightClass, gender, division, equipment, country, location } = values
  const sortKeys = sortKeysFor(sport)
  const filters = useLeaderboardFilters().data
  return (
    <div className="leaderboard__filters">
      <div className="field">
        <label htmlFor="lb-sort">Sort by</label>
        <select id="lb-sort" value={sort} onChange={(e) => setSort(e.target.value as LeaderboardSort)}>
          <optgroup label="Lifts">
            {sortKeys
              .filter((k) => !isFormula(k))
              .map((k) => (
                <option key={k} value={k}>
                  {sortOptionLabel(k)}
                </option>
              ))}
          </optgroup>
          <optgroup label="Formula points">
            {sortKeys.filter(isFormula).map((k) => (
              <option key={k} value={k}>
                {sortOptionLabel(k)}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <FilterSelect
        id="lb-sport"
        label="Sport"
        value={sport}
        all="All sports"
        options={SPORT_FAMILIES.map((s) => ({ value: s, label: SPORT_NAMES[s] }))}
        onChange={(v) => update('sport', v)}
      />
      <FilterSelect
        id="lb-class-set"
        label="Class set"
        value={classSet}
        all="All class sets"
        options={CLASS_SETS.map((s) => ({ value: s, label: CLASS_SET_NAMES[s] }))}
        onChange={(v) => update('set', v)}
      />
      <FilterSelect
        id="lb-class"
        label="Weight class"
        value={weightClass}
        all="All classes"
        options={plain(classOptions(classSet, gender))}
        onChange={(v) => update('class', v)}
      />
      <FilterSelect
        id="lb-gender"
        label="Gender"
        value={gender}
        all="Everyone"
        options={[
          { value: 'M', label: 'Men' },
          { value: 'F', label: 'Women' },
        ]}
        onChange={(v) => update('gender', v)}
      />
      <FilterSelect
        id="lb-division"
        label="Division"
        value={division}
        all="All ages"
        options={divisionOptions(sport)}
        onChange={(v) => update('division', v)}
      />
      {offersEquipmentFilter(sport) && (
        <FilterSelect
          id="lb-equipment"
          label="Equipment"
          value={equipment}
          all="Classic and equipped"
          options={EQUIPMENT.map((e) => ({ value: e, label: EQUIPMENT_NAMES[e] }))}
          onChange={(v) => update('equipment', v)}
        />
      )}
      <FilterSelect
        id="lb-country"
        label="Country"
        value={country}
        all="All countries"
        options={plain(filters?.countries ?? [])}
        onChange={(v) => update('country', v)}
      />
      <FilterSelect
        id="lb-location"
        label="Location"
        value={location}
        all="All locations"
        options={plain(filters?.locations ?? [])}
        onChange={(v) => update('location', v)}
      />
    </div>
  )
}
