// The header's cart: a link to the store with how many items the cart holds, shown once it holds any
// (outside the menu, so a phone sees it without opening it). Its name says the count: "Cart, 3 items".
import { Link } from 'react-router'
import { cartCount, useCart } from '../../stores/cart.ts'
import './CartLink.css'

const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`

export function CartLink() {
  const count = useCart((s) => cartCount(s.lines))
  if (count === 0) return null
  return (
    <Link to="/store" className="nav__cart" aria-label={cartLabel(count)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
      </svg>
      <span className="nav__cart-count" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  )
}
