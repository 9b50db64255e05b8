import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { useSession } from './stores/session.ts'
import './app/styles.css'

// Once per page load, before the first render (docs/product/states.md session start).
void useSession.getState().start()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
