// docs/product/validation.md upload: defaults from the lifter's best (else 60/40/80), the three messages,
// submit disabled without a file; an unfinished upload's fields come back as a preset.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { defaultWeight, validateUpload } from '../api/upload-rules.ts'
import { UploadForm } from './UploadForm.tsx'

const clip = () => new File([new Uint8Array([0, 0, 0, 24])], 'lift.mp4', { type: 'video/mp4' })

function renderForm(props: Partial<Parameters<typeof UploadForm>[0]> = {}) {
  const onSubmit = vi.fn()
  const onError = vi.fn()
  const utils = render(
    <UploadForm
      userId={5}
      bests={undefined}
      routeChallengeId={7}
      joined={undefined}
      chosenChallengeId=""
      onChooseChallenge={() => {}}
      challengeLiftTypes={['Squat', 'Bench Press', 'Deadlift']}
      error={null}
      onError={onError}
      onSubmit={onSubmit}
      {...props}
    />,
  )
  return { ...utils, onSubmit, onError }
}
const weightInput = () => screen.getByLabelText('Weight (kg)') as HTMLInputElement

describe('upload defaults', () => {
  it("uses the lifter's best, else 60 squat / 40 bench / 80 deadlift", () => {
    expect(defaultWeight('squat', undefined)).toBe(60)
    expect(defaultWeight('bench', [])).toBe(40)
    expect(defaultWeight('deadlift', [{ type: 'squat', best_weight: 200 }])).toBe(80)
    expect(defaultWeight('squat', [{ type: 'squat', best_weight: 182.5 }])).toBe(182.5)
  })

  it('follows the lift type until the lifter types a weight', () => {
    renderForm({ bests: [{ type: 'bench', best_weight: 120 }] })
    expect(weightInput().value).toBe('60')
    fireEvent.change(screen.getByLabelText('Lift type'), { target: { value: 'bench' } })
    expect(weightInput().value).toBe('120')
    fireEvent.change(screen.getByLabelText('Lift type'), { target: { value: 'deadlift' } })
    expect(weightInput().value).toBe('80')
    fireEvent.change(weightInput(), { target: { value: '95' } })
    fireEvent.change(screen.getByLabelText('Lift type'), { target: { value: 'squat' } })
    expect(weightInput().value).toBe('95')
  })
})

describe("the challenge's own lift types", () => {
  const offered = () => [...(screen.getByLabelText('Lift type') as HTMLSelectElement).options].map((o) => [o.value, o.text])

  it('offers a weightlifting challenge its Snatch and Clean & Jerk, with the best of each as the default weight', () => {
    const { onSubmit } = renderForm({
      challengeLiftTypes: ['Snatch', 'Clean & Jerk'],
      bests: [
        { type: 'clean_and_jerk', best_weight: 142 },
        { type: 'snatch', best_weight: 115 },
      ],
    })
    expect(offered()).toEqual([
      ['clean_and_jerk', 'Clean & Jerk'],
      ['snatch', 'Snatch'],
    ])
    expect(weightInput().value).toBe('142')
    fireEvent.change(screen.getByLabelText('Lift type'), { target: { value: 'snatch' } })
    expect(weightInput().value).toBe('115')
    fireEvent.change(screen.getByLabelText('Video'), { target: { files: [clip()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload Lift' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ liftType: 'snatch', weight: 115 }))
  })

  it('offers the three main lifts until the challenge is loaded, and a deadlift-only challenge only its deadlift', () => {
    const { rerender } = renderForm({ challengeLiftTypes: undefined })
    expect(offered().map(([value]) => value)).toEqual(['squat', 'bench', 'deadlift'])
    rerender(
      <UploadForm
        userId={5}
        bests={undefined}
        routeChallengeId={7}
        joined={undefined}
        chosenChallengeId=""
        onChooseChallenge={() => {}}
        challengeLiftTypes={['Deadlift']}
        error={null}
        onError={() => {}}
        onSubmit={() => {}}
      />,
    )
    expect(offered()).toEqual([['deadlift', 'Deadlift']])
    expect(weightInput().value).toBe('80')
  })
})

describe('upload validation', () => {
  it('returns the spec messages in order', () => {
    expect(validateUpload({ file: null, liftType: 'squat', weight: '100', userId: 5 })).toBe('Please fill in all fields')
    expect(validateUpload({ file: clip(), liftType: 'squat', weight: '', userId: 5 })).toBe('Please fill in all fields')
    expect(validateUpload({ file: clip(), liftType: 'squat', weight: 'abc', userId: 5 })).toBe('Please enter a valid weight')
    expect(validateUpload({ file: clip(), liftType: 'squat', weight: '-5', userId: 5 })).toBe('Please enter a valid weight')
    expect(validateUpload({ file: clip(), liftType: 'squat', weight: '100', userId: null })).toBe('User ID not found. Please log in again.')
    expect(validateUpload({ file: clip(), liftType: 'squat', weight: '100', userId: 5 })).toBeNull()
  })

  it('keeps submit disabled until a file is chosen', () => {
    const { onSubmit } = renderForm()
    const button = screen.getByRole('button', { name: 'Upload Lift' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Video'), { target: { files: [clip()] } })
    expect(button.disabled).toBe(false)
    fireEvent.click(button)
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ liftType: 'squat', weight: 60, userId: 5, challengeId: '7' }))
  })

  it("without a stored user id says 'User ID not found. Please log in again.'", () => {
    const { onSubmit, onError } = renderForm({ userId: null })
    fireEvent.change(screen.getByLabelText('Video'), { target: { files: [clip()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload Lift' }))
    expect(onError).toHaveBeenLastCalledWith('User ID not found. Please log in again.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("on /upload offers the lifter's open challenges, else challenge 1", () => {
    renderForm({ routeChallengeId: null })
    expect((screen.getByLabelText('Challenge') as HTMLSelectElement).value).toBe('1')
  })
})

describe("an unfinished upload's fields", () => {
  it('replace the defaults, and the weight no longer follows the lift type', () => {
    const { rerender, onSubmit } = renderForm({ bests: [{ type: 'squat', best_weight: 150 }] })
    expect(weightInput().value).toBe('150')
    const preset = { liftType: 'deadlift', weight: '212.5', challengeId: '7' }
    rerender(
      <UploadForm
        userId={5}
        bests={[{ type: 'squat', best_weight: 150 }]}
        routeChallengeId={7}
        joined={undefined}
        chosenChallengeId=""
        onChooseChallenge={() => {}}
        challengeLiftTypes={['Squat', 'Bench Press', 'Deadlift']}
        error={null}
        onError={() => {}}
        onSubmit={onSubmit}
        preset={preset}
        submitLabel="Resume upload"
      />,
    )
    expect((screen.getByLabelText('Lift type') as HTMLSelectElement).value).toBe('deadlift')
    expect(weightInput().value).toBe('212.5')
    fireEvent.change(screen.getByLabelText('Video'), { target: { files: [clip()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Resume upload' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ liftType: 'deadlift', weight: 212.5, challengeId: '7' }))
  })
})
