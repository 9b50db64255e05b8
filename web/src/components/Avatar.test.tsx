import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar, avatarUrl, initials } from './Avatar.tsx'

describe('Avatar (docs/product/data.md)', () => {
  it('picks one of 8 images by the last digit of the id', () => {
    expect(avatarUrl(13)).toBe('/avatars/avatar-3.svg')
    expect(avatarUrl(7)).toBe('/avatars/avatar-7.svg')
    expect(avatarUrl(18)).toBe('/avatars/avatar-0.svg')
    expect(avatarUrl(29)).toBe('/avatars/avatar-1.svg')
  })

  it('falls back to the initials of up to 2 words', () => {
    expect(initials('anna maria novak')).toBe('AM')
    expect(initials('  Zoe ')).toBe('Z')
    const { container } = render(<Avatar name="Anna Novak" />)
    expect(container.textContent).toBe('AN')
  })

  it('shows the initials when the image fails to load', () => {
    const { container } = render(<Avatar id={4} name="Ben Okafor" />)
    fireEvent.error(container.querySelector('img')!)
    expect(screen.getByText('BO')).toBeTruthy()
  })
})
