// What pages show without downloading the platform: the global leaderboard (paged), top lifts of a
// period and a challenge's summary. To be written (issue 17).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

const aggregateRoutes: FastifyPluginAsyncTypebox = async () => {}
export default aggregateRoutes
