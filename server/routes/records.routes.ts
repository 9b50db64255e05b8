// Platform records (docs/records.md): public reads. Rules in services/records.service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, IdParams, RecordsQuery, RecordsResponse } from '../../contract/index.ts'

const recordsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { records } = app.services

  app.get(
    '/records',
    {
      schema: {
        tags: ['records'],
        querystring: RecordsQuery,
        description:
          'The current platform record of each category (sport, sex, class set, class, age division, equipment) and lift, the total included, filtered by any of those. Only verified results set records (docs/records.md).',
        response: { 200: RecordsResponse, 400: ErrorResponse },
      },
    },
    async (request) => ({ records: await records.current(request.query) }),
  )

  app.get(
    '/records/history',
    {
      schema: {
        tags: ['records'],
        querystring: RecordsQuery,
        description:
          "One category's record history of one lift, newest first: who, when, where and the attempt (its video). Every field of the query names the category.",
        response: { 200: RecordsResponse, 400: ErrorResponse },
      },
    },
    async (request) => ({ records: await records.history(request.query) }),
  )

  app.get(
    '/competitions/:id/records',
    {
      schema: {
        tags: ['records'],
        params: IdParams,
        description:
          'The records set in this challenge that stand in their history, in the order they were set (an attempt that set one is marked).',
        response: { 200: RecordsResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({ records: await records.ofChallenge(request.params.id) }),
  )
}

export default recordsRoutes
