// The plate check on the judge's desk (docs/video-checks.md): the expected loading of the declared weight,
// drawn as one side of the bar from the collar out, with its discs listed. The contract computes it
// (contract/plates.ts); this only draws.
import { attemptLoading, describeSide, type LiftType, type Plate } from '../../../lib/contract.ts'

const FILL: Record<Plate['colour'], string> = {
  red: '#dc2626',
  blue: '#2563eb',
  yellow: '#facc15',
  green: '#16a34a',
  white: '#f8fafc',
  black: '#1f2937',
  chrome: '#94a3b8',
}

/** Drawn height of a disc (the bumpers full height, change discs smaller as they are). */
const height = (p: Plate) => (p.large ? 120 : p.kg >= 5 ? 90 : p.kg >= 2 ? 70 : p.kg >= 1 ? 56 : 44)
const width = (p: Plate) => (p.large ? 18 : p.kg >= 2 ? 12 : 8)

export function PlateDrawing({ liftType, sex, weight }: { liftType: LiftType; sex: 'M' | 'F' | null; weight: number }) {
  const loading = attemptLoading(liftType, sex, weight)
  if (!loading)
    return (
      <p className="plate-check" data-testid="plate-check">
        {weight} kg cannot be loaded with standard discs.
      </p>
    )
  let x = 40
  const discs = loading.perSide.map((p, i) => {
    const w = width(p)
    const h = height(p)
    const rect = (
      <rect key={i} x={x} y={70 - h / 2} width={w} height={h} rx={2} fill={FILL[p.colour]} stroke="#0f172a" strokeWidth={1}>
        <title>{p.kg} kg</title>
      </rect>
    )
    x += w + 2
    return rect
  })
  const collarX = x
  return (
    <figure className="plate-check" data-testid="plate-check" aria-label={`Expected loading for ${weight} kg`}>
      <svg
        viewBox={`0 0 ${Math.max(collarX + 60, 200)} 140`}
        role="img"
        aria-label={`One side: ${describeSide(loading.perSide) || 'no discs'}`}
      >
        <rect x={0} y={64} width={40} height={12} fill="#cbd5e1" />
        <rect x={34} y={50} width={6} height={40} fill="#64748b" />
        <rect x={40} y={66} width={collarX + 50 - 40} height={8} fill="#cbd5e1" />
        {discs}
        {loading.collars > 0 && (
          <rect x={collarX} y={58} width={10} height={24} fill="#475569">
            <title>collar 2.5 kg</title>
          </rect>
        )}
      </svg>
      <figcaption>
        {weight} kg: {loading.bar} kg bar{loading.collars > 0 ? `, collars 2 × 2.5 kg` : ''}
        {loading.perSide.length > 0 ? `; each side ${describeSide(loading.perSide)} kg` : ''}
      </figcaption>
    </figure>
  )
}
