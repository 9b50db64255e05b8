// Hall mode (docs/hall-mode.md): the organiser's flights, each platform's state for the boards, the call of the
// next lifter, the timekeeper's clock and the referees' presses. The rules are services/hall.service.ts's; every
// change is one write under the challenge's lock, announced as 'hall.changed'.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CallBody,
  ClockBody,
  ErrorResponse,
  HallResponse,
  HallSetupBody,
  IdParams,
  PlatformParams,
  PlatformResponse,
  PressBody,
  PressResponse,
  ServerTimeResponse,
  challengeRoom,
} from '../../contract/index.ts'

const hallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { hall } = app.services
  const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse }

  app.get(
    '/hall/time',
    {
      schema: {
        tags: ['hall'],
        description:
          "The server's clock (epoch ms). Hall screens ask a few times and keep the answer with the shortest round trip to estimate their offset to it.",
        response: { 200: ServerTimeResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { server_time: hall.now() }
    },
  )

  app.get(
    '/competitions/:id/hall',
    {
      schema: {
        tags: ['hall'],
        params: IdParams,
        description:
          "A meet run in a hall: its venue, flights and each platform as the boards show it (the called lifter, on deck, in the hole, the rest of the order, the clock as stored, the presses counted and the lights once all three are in), with the server's time. The `x-live-seq` header is the live-event number this answer reflects (`hall.changed` events follow it). 409 for an online meet or an open challenge.",
        response: { 200: HallResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      // The room's number before the read: the events after it (replayed to the screen) bring the answer up to date.
      const seq = await app.repos.liveEvents.roomSeq(challengeRoom(request.params.id))
      reply.header('cache-control', 'no-store').header('x-live-seq', String(seq))
      return hall.read(request.params.id)
    },
  )

  app.put(
    '/competitions/:id/hall',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: HallSetupBody,
        description:
          'The organiser runs the meet in person or hybrid and splits its lifters into flights of 8 to 15 (each with a session and a platform). Replaces the flights until lifting starts in the hall.',
        response: { 200: HallResponse, ...refusals },
      },
    },
    async (request) => hall.setup(request.params.id, request.userId!, request.body),
  )

  app.post(
    '/competitions/:id/hall/platforms/:platform/call',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: PlatformParams,
        body: CallBody,
        description:
          "The organiser calls the next lifter of a flight's lift to the platform (the lifting order's first): the attempt is recorded, to be judged by the three referees, and the clock reset to one minute (two when a weightlifter follows themself). 409 while the current attempt waits for its referees.",
        response: { 200: PlatformResponse, ...refusals },
      },
    },
    async (request) => ({
      platform: await hall.call(request.params.id, request.params.platform, request.userId!, request.body),
      server_time: hall.now(),
    }),
  )

  app.post(
    '/competitions/:id/hall/platforms/:platform/clock',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: PlatformParams,
        body: ClockBody,
        description:
          "The timekeeper starts, pauses or resets the platform's clock. It is stored as what was left and since when it runs, so a reload or a restart loses no time.",
        response: { 200: PlatformResponse, ...refusals },
      },
    },
    async (request) => ({
      platform: await hall.clock(request.params.id, request.params.platform, request.userId!, request.body),
      server_time: hall.now(),
    }),
  )

  app.post(
    '/competitions/:id/hall/platforms/:platform/presses',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: PlatformParams,
        body: PressBody,
        description:
          "A referee's press (white or red, and after red its reason) on the platform's attempt, stored at once. Sending the same press again answers the same (a phone resends until it hears back); another decision for the same seat is refused. The boards get the lights only when all three referees pressed; then the decision is recorded as the attempt's judging.",
        response: { 201: PressResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.status(201)
      return hall.press(request.params.id, request.params.platform, request.userId!, request.body)
    },
  )
}

export default hallRoutes
