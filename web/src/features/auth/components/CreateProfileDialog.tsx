// docs/product/validation.md Create Profile: all fields but bio required (checked here, browser validation off),
// passwords must match or nothing is sent; success logs in, says so, and closes after 1.5 s.
// A refused submit marks each field at fault (aria-invalid and its own message, read with the field)
// and moves focus to the first of them. The category (men or women, the account's `sex`) is
// optional: a lifter without one sets it at their first join or in their profile.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog.tsx'
import { WEIGHT_CLASSES } from '../../../lib/contract.ts'
import { UI } from '../../../config.ts'
import type { RegisterBody, WeightClass } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import './CreateProfileDialog.css'

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
const PROFILE_CREATED = 'Profile created successfully!'
const FILL_REQUIRED = 'Please fill in all required fields.'

type Values = {
  name: string
  email: string
  password: string
  confirmPassword: string
  weight_class: WeightClass | ''
  country: string
  bio: string
  /** The category: '' when not chosen yet (nothing sent). */
  sex: 'M' | 'F' | ''
  /** YYYY-MM-DD, optional and private (docs/categories.md): '' sends none. */
  birth_date: string
}
const EMPTY: Values = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  weight_class: '',
  country: '',
  bio: '',
  sex: '',
  birth_date: '',
}
/** In the form's order, so the first missing one is the first on screen. */
const REQUIRED: (keyof Values)[] = ['name', 'email', 'password', 'confirmPassword', 'weight_class', 'country']
/** Each field's element id and its label's name (the label shows it with ' *'). */
const FIELDS: Record<keyof Values, { id: string; label: string }> = {
  name: { id: 'register-name', label: 'Name' },
  email: { id: 'register-email', label: 'Email' },
  password: { id: 'register-password', label: 'Password' },
  confirmPassword: { id: 'register-confirm', label: 'Confirm password' },
  weight_class: { id: 'register-weight-class', label: 'Weight class' },
  country: { id: 'register-country', label: 'Country' },
  bio: { id: 'register-bio', label: 'Bio' },
  sex: { id: 'register-sex', label: 'Category' },
  birth_date: { id: 'register-birth-date', label: 'Date of birth' },
}
export const CATEGORY_HINT =
  'Optional. Challenges are for men or for women, and you compete in one category. You can change it until you have results.'
export const BIRTH_DATE_HINT =
  'Optional and private: it places you in your age divisions (Junior, Masters…); others see only those and your birth year.'
const fieldRequired = (field: keyof Values) => `${FIELDS[field].label} is required.`
const ERROR_ID = 'register-error'
const focusField = (field: keyof Values) => document.getElementById(FIELDS[field].id)?.focus()

export function CreateProfileDialog({ onClose, onSwitchToLogin }: { onClose: () => void; onSwitchToLogin: () => void }) {
  const register = useSession((s) => s.register)
  const [values, setValues] = useState<Values>(EMPTY)
  const [missing, setMissing] = useState<(keyof Values)[]>([])
  const [mismatch, setMismatch] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState(false)
  const [busy, setBusy] = useState(false)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const name = event.target.name as keyof Values
    setValues((v) => ({ ...v, [name]: event.target.value }))
    setMissing((m) => m.filter((field) => field !== name))
    if (name === 'password' || name === 'confirmPassword') {
      setError(null)
      setMismatch(false)
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || success) return
    const empty = REQUIRED.filter((field) => values[field].trim() === '')
    setMissing(empty)
    if (empty.length > 0) {
      focusField(empty[0]!)
      return setError(FILL_REQUIRED)
    }
    if (values.password !== values.confirmPassword) {
      setMismatch(true)
      focusField('confirmPassword')
      return setError(PASSWORDS_DO_NOT_MATCH)
    }
    setError(null)
    setBusy(true)
    try {
      const body: RegisterBody = {
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        weight_class: values.weight_class || undefined,
        country: values.country.trim(),
        ...(values.bio.trim() ? { bio: values.bio.trim() } : {}),
        ...(values.sex ? { sex: values.sex } : {}),
        ...(values.birth_date ? { birth_date: values.birth_date } : {}),
      }
      await register(body)
      setSuccess(true)
      closeTimer.current = setTimeout(onClose, UI.registerCloseMs)
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  /** A missing field is invalid and described by its own message; the confirmation also by the mismatch alert. */
  const invalid = (field: keyof Values) => {
    const describedBy = [
      missing.includes(field) && `${FIELDS[field].id}-error`,
      field === 'confirmPassword' && mismatch && ERROR_ID,
    ].filter(Boolean)
    return describedBy.length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': describedBy.join(' ') } : {}
  }
  /** The field's own message, shown under it while it is missing. */
  const fieldError = (field: keyof Values) =>
    missing.includes(field) ? (
      <p id={`${FIELDS[field].id}-error`} className="field__error">
        {fieldRequired(field)}
      </p>
    ) : null

  return (
    <Dialog title="Create Profile" onClose={onClose} size="wide">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field-row">
          <div className="field">
            <label htmlFor="register-name">Name *</label>
            <input id="register-name" name="name" autoComplete="name" value={values.name} onChange={change} {...invalid('name')} />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor="register-email">Email *</label>
            <input
              id="register-email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={change}
              {...invalid('email')}
            />
            {fieldError('email')}
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="register-password">Password *</label>
            <input
              id="register-password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={change}
              {...invalid('password')}
            />
            {fieldError('password')}
          </div>
          <div className="field">
            <label htmlFor="register-confirm">Confirm password *</label>
            <input
              id="register-confirm"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={change}
              {...invalid('confirmPassword')}
            />
            {fieldError('confirmPassword')}
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="register-weight-class">Weight class *</label>
            <select
              id="register-weight-class"
              name="weight_class"
              value={values.weight_class}
              onChange={change}
              {...invalid('weight_class')}
            >
              <option value="">Choose…</option>
              {WEIGHT_CLASSES.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
            {fieldError('weight_class')}
          </div>
          <div className="field">
            <label htmlFor="register-country">Country *</label>
            <input
              id="register-country"
              name="country"
              autoComplete="country-name"
              value={values.country}
              onChange={change}
              {...invalid('country')}
            />
            {fieldError('country')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="register-sex">Category</label>
          <select id="register-sex" name="sex" value={values.sex} onChange={change} aria-describedby="register-sex-hint">
            <option value="">Choose later</option>
            <option value="M">Men</option>
            <option value="F">Women</option>
          </select>
          <p id="register-sex-hint" className="field__note">
            {CATEGORY_HINT}
          </p>
        </div>
        <div className="field">
          <label htmlFor="register-birth-date">Date of birth</label>
          <input
            id="register-birth-date"
            name="birth_date"
            type="date"
            autoComplete="bday"
            value={values.birth_date}
            onChange={change}
            aria-describedby="register-birth-date-hint"
          />
          <p id="register-birth-date-hint" className="field__note">
            {BIRTH_DATE_HINT}
          </p>
        </div>
        <div className="field">
          <label htmlFor="register-bio">Bio</label>
          <textarea id="register-bio" name="bio" rows={3} value={values.bio} onChange={change} />
        </div>
        {error && (
          <p id={ERROR_ID} className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {success && (
          <p className="alert alert--success" role="status">
            {PROFILE_CREATED}
          </p>
        )}
        <button className="button" type="submit" disabled={busy || success}>
          {busy ? 'Creating…' : 'Create Profile'}
        </button>
        <p className="muted">
          Already registered?{' '}
          <button type="button" className="link-button" onClick={onSwitchToLogin}>
            Login
          </button>
        </p>
      </form>
    </Dialog>
  )
}
