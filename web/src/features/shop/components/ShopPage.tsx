// docs/product/screens.md /store: category filter, cart; prices in LiftingDollars. A showcase: nothing is sold, so
// the page says so first and offers no checkout (the spec's button did nothing). Adding says so (a toast, and the
// header's cart count); the cart is kept across reloads (stores/cart.ts).
import { useState } from 'react'
import { formatLD } from '../../../lib/format.ts'
import { STORE_CATEGORIES, cartCount, cartTotal, useCart, type StoreCategory } from '../../../stores/cart.ts'
import { toast } from '../../../stores/toasts.ts'
import { SHOP_ITEMS } from './shop-items.ts'
import './ShopPage.css'

type Filter = 'all' | StoreCategory
const FILTERS: Filter[] = ['all', ...STORE_CATEGORIES]
const label = (f: string) => f.charAt(0).toUpperCase() + f.slice(1)

export function ShopPage() {
  const [filter, setFilter] = useState<Filter>('all')
  const items = filter === 'all' ? SHOP_ITEMS : SHOP_ITEMS.filter((i) => i.category === filter)
  const add = useCart((s) => s.add)

  return (
    <>
      <header className="page-header">
        <h1>Store</h1>
      </header>
      <p className="alert alert--info store__showcase" role="note">
        <strong>A showcase, not a shop.</strong> Nothing here is for sale and there is no checkout: prices are in LiftingDollars (LD), a
        made-up currency, and the cart is a wish list kept in this browser only.
      </p>
      <div className="store">
        <div>
          <div className="segmented" role="group" aria-label="Filter by category">
            {FILTERS.map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {label(f)}
              </button>
            ))}
          </div>
          <ul className="store__items" aria-label="Products">
            {items.map((item) => (
              <li key={item.id} className="store-item">
                <img src={item.image} alt="" width={240} height={200} />
                <div className="store-item__body">
                  <span className="tag">{label(item.category)}</span>
                  <h2>{item.name}</h2>
                  <p className="muted">{item.description}</p>
                  <div className="store-item__buy">
                    <strong>{formatLD(item.price)}</strong>
                    {/* The visible words stay "Add to cart"; the hidden name inside makes the accessible name "Add <item> to cart". */}
                    {item.inStock ? (
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => {
                          add(item)
                          toast('success', `Added ${item.name} to cart`)
                        }}
                      >
                        Add <span className="visually-hidden">{item.name}</span> to cart
                      </button>
                    ) : (
                      <button type="button" className="button button--small" disabled>
                        Out of stock <span className="visually-hidden">({item.name})</span>
                      </button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <Cart />
      </div>
    </>
  )
}

function Cart() {
  const lines = useCart((s) => s.lines)
  const setQuantity = useCart((s) => s.setQuantity)
  const remove = useCart((s) => s.remove)
  return (
    <aside className="panel cart" aria-labelledby="cart-heading">
      <h2 id="cart-heading">Cart ({cartCount(lines)})</h2>
      {lines.length === 0 ? (
        <p className="muted">Your cart is empty.</p>
      ) : (
        <ul className="cart__lines">
          {lines.map(({ item, quantity }) => (
            <li key={item.id}>
              <span className="cart__name">{item.name}</span>
              <label className="visually-hidden" htmlFor={`qty-${item.id}`}>
                Quantity of {item.name}
              </label>
              <input
                id={`qty-${item.id}`}
                type="number"
                min={0}
                max={99}
                value={quantity}
                onChange={(e) => setQuantity(item.id, Math.min(99, Math.max(0, Math.floor(Number(e.target.value) || 0))))}
              />
              <span className="cart__price">{formatLD(item.price * quantity)}</span>
              <button type="button" className="link-button" onClick={() => remove(item.id)} aria-label={`Remove ${item.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="cart__total">
        <span>Total</span>
        <strong data-testid="cart-total">{formatLD(cartTotal(lines))}</strong>
      </p>
      <p className="muted cart__note">No checkout: this store is a showcase.</p>
    </aside>
  )
}
