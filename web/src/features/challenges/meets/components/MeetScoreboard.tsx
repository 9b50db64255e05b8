// The classic scoreboard of a meet on the challenge page: "Next up", then each lifter's card, grouped
// by weight class when the challenge ranks within classes, in the order and places the cards answer
// gives (never re-ranked here). Live through useMeetCards.
import type { Challenge, MeetCard } from '../../../../lib/contract.ts'
import { classOrder } from '../../../../lib/contract.ts'
import { useMeetCards } from '../api/meet-cards.ts'
import { MeetCardView } from './MeetCard.tsx'
import { NextUpList } from './NextUpList.tsx'
import './meets.css'

/** The cards in their groups: one per weight class (in the classes' order) when ranked by class, else one. */
export function meetGroups(
  cards: readonly MeetCard[],
  ranking: Challenge['ranking'],
): Array<{ weightClass: string | null; cards: MeetCard[] }> {
  const classes = [...new Set(cards.map((c) => c.weight_class))].sort(classOrder)
  if (ranking !== 'class' || classes.length <= 1) return [{ weightClass: null, cards: [...cards] }]
  return classes.map((weightClass) => ({ weightClass, cards: cards.filter((c) => c.weight_class === weightClass) }))
}

interface Props {
  challenge: Pick<Challenge, 'id' | 'ranking'>
  highlightUserId?: number | null
}

export function MeetScoreboard({ challenge, highlightUserId = null }: Props) {
  const { cards, error, reload } = useMeetCards(challenge.id)
  if (!cards) {
    if (!error) return <div className="spinner" role="status" aria-label="Loading scoreboard" />
    return (
      <p className="alert alert--error" role="alert">
        The scoreboard could not be loaded.{' '}
        <button type="button" className="link-button" onClick={() => void reload().catch(() => undefined)}>
          Try again
        </button>
      </p>
    )
  }
  return (
    <div className="meet-board" data-testid="meet-scoreboard">
      <section className="meet-board__next" aria-labelledby="meet-next-heading">
        <h3 id="meet-next-heading">Next up</h3>
        <NextUpList nextUp={cards.next_up} />
      </section>
      {cards.cards.length === 0 && <p className="muted">No lifters yet.</p>}
      {meetGroups(cards.cards, challenge.ranking).map((group) => (
        <section key={group.weightClass ?? 'all'} className="meet-board__group" aria-label={group.weightClass ?? 'Lifters'}>
          {group.weightClass && <h3 className="meet-board__class">{group.weightClass}</h3>}
          <div className="meet-board__cards">
            {group.cards.map((card) => (
              <MeetCardView key={card.user_id} card={card} own={card.user_id === highlightUserId} />
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
