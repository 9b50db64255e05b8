// A registration import's preview (docs/registration-import.md): the organiser's CSV of entrants, each
// row either ready (with what the import would do) or named with its reason. The rules are
// services/registration-import.service.ts's and contract/registration-import.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, IdParams, IMPORT_MAX_BYTES, RegistrationImportBody, RegistrationImportPreview } from '../../contract/index.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'

const registrationImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { registrationImport } = app.services
  app.post(
    '/competitions/:id/entries/import/preview',
    {
      onRequest: app.authenticate,
      // The file's own cap is the contract's (IMPORT_MAX_BYTES); as JSON its quotes and line ends take twice their bytes.
      // Kept well under 1 MiB: parsing a hostile body of this size stays within the event loop's budget.
      bodyLimit: IMPORT_MAX_BYTES * 2,
      // Per account, before the body is read: a preview reads up to 1,000 rows.
      config: {
        rateLimit: {
          max: app.deps.config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('registration-import'),
          errorResponseBuilder: tooFast('previewing imports'),
        },
      },
      schema: {
        tags: ['competitions'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: RegistrationImportBody,
        description:
          'The organiser previews a CSV of entrants before the start (columns name, sex, weight_class; birth_date, division, equipment, team, email): each row ready, with what the import would do, or named with its reason. A hostile file (over 128 KB or 1000 rows, not text, broken quoting) answers 400. Nothing is written.',
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
