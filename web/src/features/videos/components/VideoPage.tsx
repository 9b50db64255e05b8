export function VideoPage() {
  return <h1>VideoPage</h1>
}
