export function UploadPage() {
  return <h1>UploadPage</h1>
}
