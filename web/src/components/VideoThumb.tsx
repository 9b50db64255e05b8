// One shape for every video thumbnail (challenge page, random-video browse, profile): a 4:5 box
// the poster fills (object-fit: cover), so portrait phone clips and landscape ones line up in a
// grid. Badges (processing, failed) go in as children, over the picture.
import type { ReactNode } from 'react'
import './VideoThumb.css'

export function VideoThumb({ poster, children }: { poster: string | null | undefined; children?: ReactNode }) {
  return (
    <div className="video-thumb" data-testid="video-thumb">
      {poster ? (
        <img className="video-thumb__img" src={poster} alt="" loading="lazy" />
      ) : (
        <span className="video-thumb__placeholder" aria-hidden="true">
          ▶
        </span>
      )}
      {children}
    </div>
  )
}
