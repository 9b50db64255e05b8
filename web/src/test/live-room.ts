// A live store for component tests: connected, and holding the room watcher the screen registers,
// so a test pushes events to the screen as the live layer would.
import { act } from '@testing-library/react'
import type { LiveEvent, Room } from '../lib/contract.ts'
import { useLive, type RoomWatcher } from '../stores/live.ts'

export function fakeLiveRoom(room: Room) {
  let watcher: RoomWatcher | null = null
  useLive.setState({
    status: 'connected',
    watch: (_room, w) => {
      watcher = w
      return () => {
        if (watcher === w) watcher = null
      }
    },
  })
  return {
    /** The screen's watcher while it follows the room. */
    get watcher() {
      return watcher
    },
    /** Delivers an event of the room to the screen. */
    event: (e: Omit<LiveEvent, 'room' | 'at'>) =>
      act(() => {
        if (!watcher) throw new Error(`the screen does not follow ${room} yet: wait for the watcher first`)
        watcher.apply({ ...e, room, at: '' } as LiveEvent)
      }),
  }
}
