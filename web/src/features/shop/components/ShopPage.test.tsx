// Add to cart says so: a toast naming the item, and the header's cart link counting the items
// (its name "Cart, N items"); the count follows quantity changes and removals.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { CartLink } from '../../../app/layout/CartLink.tsx'
import { Toasts } from '../../../components/Toasts.tsx'
import { useCart } from '../../../stores/cart.ts'
import { useToasts } from '../../../stores/toasts.ts'
import { ShopPage } from './ShopPage.tsx'
import { SHOP_ITEMS } from './shop-items.ts'

beforeEach(() => {
  useCart.setState({ lines: [] })
  useToasts.setState({ toasts: [] })
})

const renderStore = () =>
  render(
    <MemoryRouter>
      <header>
        <CartLink />
      </header>
      <ShopPage />
      <Toasts />
    </MemoryRouter>,
  )

describe('Store feedback', () => {
  it('a toast names the item added, and the header counts the items (none shown while empty)', () => {
    const [first, second] = SHOP_ITEMS.filter((i) => i.inStock)
    renderStore()
    expect(screen.queryByRole('link', { name: /^Cart,/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: `Add ${first!.name} to cart` }))
    expect(within(screen.getByRole('status')).getByText(`Added ${first!.name} to cart`)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Cart, 1 item' }).getAttribute('href')).toBe('/store')

    fireEvent.click(screen.getByRole('button', { name: `Add ${first!.name} to cart` }))
    fireEvent.click(screen.getByRole('button', { name: `Add ${second!.name} to cart` }))
    const link = screen.getByRole('link', { name: 'Cart, 3 items' })
    expect(link.textContent).toBe('3')
    // One toast per message: adding the same item again does not stack copies.
    expect(within(screen.getByRole('status')).getAllByText(`Added ${first!.name} to cart`)).toHaveLength(1)

    fireEvent.change(screen.getByLabelText(`Quantity of ${first!.name}`), { target: { value: '5' } })
    expect(screen.getByRole('link', { name: 'Cart, 6 items' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: `Remove ${first!.name}` }))
    fireEvent.click(screen.getByRole('button', { name: `Remove ${second!.name}` }))
    expect(screen.queryByRole('link', { name: /^Cart,/ })).toBeNull()
  })
})
