import { describe, expect, it } from 'vitest'
import { documentTitle } from './document-title.ts'

describe('document title (docs/product/screens.md)', () => {
  it('is the product name on the home page, else the first segment capitalised', () => {
    expect(documentTitle('/')).toBe('LiftArena')
    expect(documentTitle('/challenges/4/upload')).toBe('Challenges | LiftArena')
    expect(documentTitle('/leaderboard')).toBe('Leaderboard | LiftArena')
    expect(documentTitle('/random-video')).toBe('Random-video | LiftArena')
  })
})
