// The server's typed contract, re-exported so the client has one import path for it.
// Types only, plus the shared constants: the runtime schemas stay on the server.
export type * from '../../../contract/index.ts'
export {
  CHALLENGE_LIFT_TYPES, DEVICES, GLOBAL_ROOM, LIFT_NAMES, LIFT_TYPES, LIMITS, MAIN_LIFTS, PRIZE_POOL, WEIGHT_CLASSES,
  bestLifts, challengeLifts, challengeStatus, rankParticipants, total, competitionRoom, normalizeLiftType, parseDescription,
} from '../../../contract/index.ts'
