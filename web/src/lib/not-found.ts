/** docs/product/messages.md: the 404 text, also shown when a page's id in the URL is not a valid id. */
export const NOT_FOUND = 'Oops! Page not found'
