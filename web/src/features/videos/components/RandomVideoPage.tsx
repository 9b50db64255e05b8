export function RandomVideoPage() {
  return <h1>RandomVideoPage</h1>
}
