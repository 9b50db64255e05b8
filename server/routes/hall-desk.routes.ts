// The hall's desk (docs/hall-mode.md, "The desk"): the organiser appoints each platform's timekeeper and
// announcer/marshal; the announcer records declarations and changes for the flight's lifters. The rules are
// services/hall-desk.service.ts's; every change is one write under the challenge's lock, announced as 'hall.changed'.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DeskDeclarationBody,
  DeskDeclarationResponse,
  ErrorResponse,
  OfficialsBody,
  PlatformParams,
  PlatformResponse,
} from '../../contract/index.ts'

const hallDeskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { hall, hallDesk } = app.services
  const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse }

  app.put(
    '/competitions/:id/hall/platforms/:platform/officials',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: PlatformParams,
        body: OfficialsBody,
        description:
          "The organiser appoints the platform's timekeeper (the clock) and announcer/marshal (calls and declarations) by username, or removes one with null. Others get 403 at the clock and the desk.",
        response: { 200: PlatformResponse, ...refusals },
      },
    },
    async (request) => ({
      platform: await hallDesk.setOfficials(request.params.id, request.params.platform, request.userId!, request.body),
      server_time: hall.now(),
    }),
  )

  app.post(
    '/competitions/:id/hall/platforms/:platform/declarations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['hall'],
        security: [{ bearer: [] }],
        params: PlatformParams,
        body: DeskDeclarationBody,
        description:
          "The announcer/marshal (or the organiser) records a lifter's weight for their next attempt of a lift: the declaration, then changes within the rules (weightlifting: one declaration and two changes, none below the bar already called, before the final call; powerlifting: the IPF's, only the deadlift's third changes, twice, before the call). The same weight again changes nothing. The lifting order follows at once.",
        response: { 200: DeskDeclarationResponse, ...refusals },
      },
    },
    async (request) => ({
      ...(await hallDesk.declare(request.params.id, request.params.platform, request.userId!, request.body)),
      server_time: hall.now(),
    }),
  )
}

export default hallDeskRoutes
