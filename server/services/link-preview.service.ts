// Link previews' content (docs/video-checks.md, "Link previews"): a public page's title, a line about it, its picture
// and, for an attempt, its video, as absolute URLs under the site's address. Only what the page itself shows anyone:
// names, lifts, weights, decisions; never an email, a sex, a bodyweight, a judge or a take check.
import { LIFT_NAMES, normalizeLiftType, parseDescription } from '../../contract/index.ts'
import { mediaUrl } from '../../infra/attempt-view.ts'
import type { LinkPreviewsRepository } from '../../infra/repositories/link-previews.repository.ts'
import { oneLine, type Preview, type PreviewPage } from '../link-preview.ts'

const VERDICT: Record<string, string> = { completed: 'good lift', failed: 'no lift', pending: 'awaiting the judges' }

export function createLinkPreviewService(deps: { previews: LinkPreviewsRepository; apiBase: string }) {
  const { previews, apiBase } = deps
  return {
    /** The preview of a page, null when it has none (no such challenge, attempt or lifter: the plain page). `site` is the absolute base. */
    async previewOf(page: PreviewPage, site: string): Promise<Preview | null> {
      const absolute = (key: string) => `${site}${mediaUrl(apiBase, key)}`
      switch (page.kind) {
        case 'leaderboard':
          return { title: 'Leaderboard', description: 'The best lifts on LiftArena, judged from video.', type: 'website' }
        case 'profile': {
          const lifter = await previews.lifter(page.userId)
          return lifter && { title: lifter.name, description: `${lifter.name}'s lifts on LiftArena, judged from video.`, type: 'profile' }
        }
        case 'challenge': {
          const c = await previews.challenge(page.id)
          if (!c) return null
          const text = oneLine(parseDescription(c.description).text) || `A lifting challenge in ${c.location}, judged from video.`
          const image = c.image && /^(https?:\/\/|\/)/.test(c.image) ? (c.image.startsWith('/') ? `${site}${c.image}` : c.image) : undefined
          return { title: c.name, description: text, type: 'website', ...(image ? { image } : {}) }
        }
        case 'attempt': {
          const a = await previews.attempt(page.attemptId)
          if (!a || a.participant.challengeId !== page.challengeId || a.participant.userId !== page.participantId) return null
          const lift = normalizeLiftType(a.liftType)
          const what = `${lift ? LIFT_NAMES[lift] : a.liftType} ${a.weight} kg`
          const renditions = (
            a.processingState === 'ready' && a.renditions && typeof a.renditions === 'object' ? a.renditions : {}
          ) as Record<string, string>
          const video = renditions['720'] ?? renditions['360']
          return {
            title: `${a.participant.user.name} — ${what}`,
            description: oneLine(
              `${a.attemptNumber > 0 ? `Attempt ${a.attemptNumber}, ` : ''}${VERDICT[a.status] ?? a.status} — ${a.participant.challenge.name}`,
            ),
            type: 'video.other',
            ...(a.posterKey ? { image: absolute(a.posterKey) } : {}),
            ...(video ? { video: absolute(video) } : {}),
          }
        }
      }
    },
  }
}
export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>
