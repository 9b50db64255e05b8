import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { currentOwner, ownerGone, ownerTag, parseOwnerTag, startTicks } from './scratch-owner.ts'

const linux = process.platform === 'linux'

describe('scratch owners', () => {
  it('names this process by its pid, start time, boot and pid namespace, and reads the name back', () => {
    const me = currentOwner()
    expect(me.pid).toBe(process.pid)
    expect(me.boot).toMatch(/^[0-9a-f]{8}$/)
    if (linux) {
      expect(me.start).toMatch(/^[1-9]\d*$/)
      expect(me.pidns).toMatch(/^[1-9]\d*$/)
    }
    expect(parseOwnerTag(ownerTag(me))).toEqual(me)
    for (const bad of ['', 'p1', 'p1.2.3.4', 'p1.2.abcdefgh.4', 'x1.2.0000abcd.4', 'p1.2.0000abcd.4.5'])
      expect(parseOwnerTag(bad), bad).toBeNull()
  })

  it('tells a stopped process (or one from before a reboot) from a running one, and does not guess across pid namespaces', async () => {
    const me = currentOwner()
    expect(ownerGone(me)).toBe(false)
    expect(ownerGone({ ...me, start: `${Number(me.start) + 1}` })).toBe(linux) // this pid, an earlier process (a container's pid 1 after a restart)
    expect(ownerGone({ ...me, boot: me.boot === '00000000' ? '00000001' : '00000000' })).toBe(true)
    expect(ownerGone({ ...me, pidns: `${me.pidns}1` })).toBeUndefined()

    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    const pid = child.pid!
    try {
      const start = startTicks(pid) ?? '0'
      expect(ownerGone({ ...me, pid, start })).toBe(false)
      // The pid in use by another process than the one that made the entry.
      if (linux) expect(ownerGone({ ...me, pid, start: `${Number(start) - 1}` })).toBe(true)
    } finally {
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
    expect(ownerGone({ ...me, pid, start: '1' })).toBe(true)
  })
})
