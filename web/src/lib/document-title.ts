const PRODUCT_NAME = 'LiftArena'

/** docs/product/screens.md: the first path segment capitalised, ' | ', the product name; the home page shows the name only. */
export function documentTitle(pathname: string): string {
  const first = pathname.split('/').find(Boolean)
  if (!first) return PRODUCT_NAME
  const segment = decodeURIComponentSafe(first)
  return `${segment.charAt(0).toUpperCase()}${segment.slice(1)} | ${PRODUCT_NAME}`
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
