// docs/product/data.md: the last digit of the id picks one of 8 images; initials when there is no image.
import { useState } from 'react'
import './Avatar.css'

const AVATAR_COUNT = 8

export function avatarUrl(id: number | string): string | null {
  const digit = Number(String(id).slice(-1))
  if (!Number.isInteger(digit)) return null
  return `/avatars/avatar-${digit % AVATAR_COUNT}.svg`
}

/** First letters of up to 2 words. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

interface AvatarProps {
  id?: number | string | null
  name: string
  size?: number
  /** The account's uploaded avatar (`avatar` in its answer: GET /api/avatars/:file); else the generated one. */
  file?: string | null
}

export function Avatar({ id, name, size = 40, file }: AvatarProps) {
  const [failed, setFailed] = useState(false)
  const src = file ? `/api/avatars/${encodeURIComponent(file)}` : id === null || id === undefined ? null : avatarUrl(id)
  const style = { width: size, height: size, fontSize: size * 0.4 }
  if (!src || failed) {
    return (
      <span className="avatar avatar--initials" style={style} aria-hidden="true">
        {initials(name) || '?'}
      </span>
    )
  }
  return <img className="avatar" src={src} alt="" width={size} height={size} style={style} onError={() => setFailed(true)} />
}
