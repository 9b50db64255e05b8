export function ProjectorBoardPage() {
  return <h1>ProjectorBoardPage</h1>
}
