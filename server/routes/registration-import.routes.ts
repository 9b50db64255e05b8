// A registration import's preview (docs/registration-import.md): the organiser's CSV of entrants, each
// row either ready (with what the import would do) or named with its reason. The rules are
// services/registration-import.service.ts's and contract/registration-import.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, IdParams, RegistrationImportBody, RegistrationImportPreview } from '../../contract/index.ts'

const registrationImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { registrationImport } = app.services
  app.post(
    '/competitions/:id/entries/import/preview',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: RegistrationImportBody,
        description:
          'The organiser previews a CSV of entrants before the start (columns name, sex, weight_class; birth_date, division, equipment, team, email): each row ready, with what the import would do, or named with its reason. A hostile file (over 256 KB or 1000 rows, not text, broken quoting) answers 400. Nothing is written.',
        response: {
          200: RegistrationImportPreview,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => registrationImport.preview(request.params.id, request.userId!, request.body.csv),
  )
}

export default registrationImportRoutes
