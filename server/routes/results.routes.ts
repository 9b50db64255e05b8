// Results that leave the product: a finished meet as OpenPowerlifting's submission files. The rules
// are services/results-export.service.ts's and contract/openpowerlifting.ts's (docs/exports.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, IdParams, RESULTS_FORMATS, ResultsDocument, TeamsResponse } from '../../contract/index.ts'

const CSV = {
  'text/csv': {
    schema: {
      type: 'string',
      format: 'binary',
      description:
        "`openpowerlifting`: OpenPowerlifting's format (commas between cells, no quoting, newline line ends); `csv`: RFC 4180 (quoted where needed, CRLF). UTF-8.",
    },
  },
  'application/json': { schema: ResultsDocument },
}

const ResultsQuery = Type.Object(
  {
    format: Type.Union(
      RESULTS_FORMATS.map((f) => Type.Literal(f)),
      {
        description:
          '`openpowerlifting`: the OpenPowerlifting submission files (a finished powerlifting meet); `csv`: every attempt of any challenge, one row each; `json`: the results document.',
      },
    ),
    file: Type.Optional(
      Type.Union([Type.Literal('entries'), Type.Literal('meet')], {
        description: '`entries` (default): one row per lifter per division; `meet`: where and when.',
      }),
    ),
  },
  { additionalProperties: false },
)

const resultsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { resultsExport, teams } = app.services

  app.get(
    '/competitions/:id/teams',
    {
      schema: {
        tags: ['competitions'],
        params: IdParams,
        description:
          "Team standings (docs/teams.md): IPF points 12, 9, 8, 7, 6, 5, 4, 3, 2, 1 for class places one to ten, a team's best five men and best five women counting; ties by more first places, then seconds. Empty when nobody entered for a team.",
        response: { 200: TeamsResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({ teams: await teams.standings(request.params.id) }),
  )

  app.get(
    '/competitions/:id/results.csv',
    {
      schema: {
        tags: ['meets'],
        params: IdParams,
        querystring: ResultsQuery,
        description:
          "`format=csv`: every attempt of any ended challenge as a plain CSV (RFC 4180; text cells guarded against spreadsheet formulas); `format=json`: its results document. `format=openpowerlifting`: a finished powerlifting meet as OpenPowerlifting's submission files (docs/exports.md): `file=entries` (default) the entries file — attempts (a no lift negated, one not taken empty), best of three, total (empty when bombed out), place (a number, DQ, NS or G), class as `83` / `120+`, event letters — and `file=meet` the meet file. A download (Content-Disposition attachment). 409 before the meet ends, for an open challenge, or without squat, bench press or deadlift.",
        response: {
          200: { description: 'The file.', content: CSV },
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const slugOf = (name: string) =>
        name
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || `challenge-${request.params.id}`
      if (request.query.format === 'csv') {
        const plain = await resultsExport.attemptsCsv(request.params.id)
        reply.header('content-disposition', `attachment; filename="${slugOf(plain.name)}-attempts.csv"`)
        reply.type('text/csv; charset=utf-8')
        return plain.csv
      }
      if (request.query.format === 'json') {
        const results = await resultsExport.resultsJson(request.params.id)
        reply.header('content-disposition', `attachment; filename="${slugOf(results.name)}-results.json"`)
        reply.type('application/json; charset=utf-8')
        return results.document
      }
      const files = await resultsExport.openPowerlifting(request.params.id)
      const file = request.query.file ?? 'entries'
      const slug = slugOf(files.name)
      reply.header('content-disposition', `attachment; filename="${slug}-openpowerlifting-${file}.csv"`)
      reply.type('text/csv; charset=utf-8')
      return file === 'meet' ? files.meet : files.entries
    },
  )
}

export default resultsRoutes
