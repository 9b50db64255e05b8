// MAX_REQUESTS_PER_SOCKET (server/connection-request-cap.ts) against the clients that meet it:
// an HTTP agent reusing connections (what a reverse proxy's upstream pool and fetch do), a
// client that ignores `Connection: close` (what autocannon does) and a pipelining one.
// Node's own `maxRequestsPerSocket` failed the last two: it said close, kept the connection
// open and answered every later request 503 with an empty body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, request as httpRequest } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { startTestApp, type TestApp } from '../helpers/app.ts'
import { reconnectError } from '../../server/connection-request-cap.ts'

const CAP = 3
let t: TestApp
let port: number

beforeAll(async () => {
  t = await startTestApp({ env: { MAX_REQUESTS_PER_SOCKET: String(CAP) } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t?.close())

const REQUEST = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'

interface RawAnswer {
  status: number
  connection: string | undefined
  body: string
}

/** Splits what a raw connection received into answers (bodies have a Content-Length). */
function parseAnswers(bytes: string): RawAnswer[] {
  const answers: RawAnswer[] = []
  let rest = bytes
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n')
    const head = rest.slice(0, headEnd)
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0)
    answers.push({
      status: Number(head.slice(9, 12)),
      connection: /\r\nconnection: ([^\r]+)/i.exec(head)?.[1]?.toLowerCase(),
      body: rest.slice(headEnd + 4, headEnd + 4 + length),
    })
    rest = rest.slice(headEnd + 4 + length)
  }
  return answers
}

/** A raw connection: `send` is called with each answer's count so far; resolves when the server ends the connection. */
function rawConnection(onData: (socket: ReturnType<typeof connect>, received: string) => void, first: string) {
  return new Promise<{ answers: RawAnswer[]; endedByServer: boolean }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let endedByServer = false
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ answers: parseAnswers(received), endedByServer })
    }, 5_000)
    socket.on('data', (chunk) => {
      received += chunk
      onData(socket, received)
    })
    socket.on('end', () => {
      endedByServer = true
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ answers: parseAnswers(received), endedByServer })
    })
    socket.on('error', reject)
    socket.write(first)
  })
}

describe('requests per kept-alive connection', () => {
  it('an agent reusing connections (a proxy, fetch) gets every answer: the cap only moves it to a new connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const ports: number[] = []
    const closes: boolean[] = []
    try {
      for (let i = 0; i < 10; i++) {
        const { status } = await new Promise<{ status: number }>((resolve, reject) => {
          httpRequest({ port, host: '127.0.0.1', path: '/api/health', agent }, (res) => {
            ports.push(res.socket.localPort!)
            closes.push(res.headers.connection === 'close')
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode! }))
          })
            .on('error', reject)
            .end()
        })
        expect(status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
    // Three requests per connection: four connections for ten requests, each told to close on its third.
    expect(new Set(ports).size).toBe(4)
    expect(closes).toEqual(Array.from({ length: 10 }, (_, i) => i % CAP === CAP - 1))
  })

  it('a client that ignores Connection: close is disconnected after the cap, never held on 503s', async () => {
    // Sends its next request the moment an answer arrives, as autocannon does.
    let sent = 1
    const { answers, endedByServer } = await rawConnection((socket, received) => {
      const count = parseAnswers(received).length
      if (count === sent && sent < 10 && !socket.writableEnded) {
        sent++
        socket.write(REQUEST)
      }
    }, REQUEST)
    expect(endedByServer).toBe(true)
    expect(answers.slice(0, CAP).map((a) => [a.status, a.connection])).toEqual([
      [200, 'keep-alive'],
      [200, 'keep-alive'],
      [200, 'close'],
    ])
    // A request that reached the server before it closed gets a sentence, not an empty 503.
    for (const late of answers.slice(CAP)) {
      expect(late.status).toBe(503)
      expect(JSON.parse(late.body)).toEqual({ error: reconnectError(CAP) })
    }
    expect(answers.length).toBeLessThanOrEqual(CAP + 1)
  })

  it('pipelined requests past the cap are answered with the reason or not at all, and the connection closes', async () => {
    const { answers, endedByServer } = await rawConnection(() => {}, REQUEST.repeat(6))
    expect(endedByServer).toBe(true)
    expect(answers.slice(0, CAP).map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers[CAP - 1]!.connection).toBe('close')
    for (const late of answers.slice(CAP)) expect(JSON.parse(late.body)).toEqual({ error: reconnectError(CAP) })
  })
})
