// The server's typed contract, re-exported so the client has one import path for it:
// its types, the shared constants and the pure rules both sides apply (challenge status,
// description metadata, lift names, ranking). The runtime schemas stay on the server.
export type * from '../../../contract/index.ts'
export {
  CHALLENGE_LIFT_TYPES,
  DEVICES,
  GLOBAL_ROOM,
  LIFT_NAMES,
  LIFT_TYPES,
  LIMITS,
  MAIN_LIFTS,
  WEIGHT_CLASSES,
  bestLifts,
  bestOf,
  challengeLifts,
  challengeStatus,
  rankParticipants,
  standingOf,
  challengeRoom,
  normalizeLiftType,
  parseDescription,
  BODYWEIGHT_KG,
  DEFAULT_RANKING,
  FORMULAS,
  FORMULA_NAMES,
  RANKINGS,
  RANKING_NAMES,
  SPORTS,
  SPORT_NAMES,
  bodyweightProblem,
  classBand,
  classOrder,
  fittingFormulas,
  formulaFits,
  pointsFor,
  pointsFormula,
  scoringOf,
  sportTotal,
} from '../../../contract/index.ts'
export { LOAD_MISMATCH, MAX_JUDGES, NO_LIFT_REASONS, noLiftReason } from '../../../contract/index.ts'
export {
  ADMIN_ACCOUNTS_LIMIT,
  PASSWORD_MIN_LENGTH,
  SUMMARY,
  VERIFIED_PANEL,
  WEB_ROUTES,
  isWebRoute,
  recentVideos,
} from '../../../contract/index.ts'
export {
  CHALLENGE_FORMATS,
  DECLARATION_WINDOW_MINUTES,
  MEET_ATTEMPTS,
  loadingStep,
  meetLiftOrder,
  ordinal,
} from '../../../contract/index.ts'
export { ENGAGEMENT, REACTIONS, REACTION_EMOJI, REACTION_NAMES } from '../../../contract/index.ts'
export {
  FAMILY_LIFTS,
  LEADERBOARD_PAGE,
  LEADERBOARD_SORTS,
  OPEN_CHALLENGES,
  RANKED_LIFTS,
  SPORT_FAMILIES,
  TOP_LIFTS,
  TOP_LIFT_TYPES,
} from '../../../contract/index.ts'
export {
  ATTEMPT_CODE_ALPHABET,
  attemptLoading,
  describeSide,
  estimateOffset,
  plateLoading,
  remainingAt,
  FINAL_CALL_MS,
  announcerCall,
} from '../../../contract/index.ts'
export { DIVISIONS, DIVISION_NAMES, PLATFORM_RECORD_LIFTS, RECORD_SPORT_LIFTS } from '../../../contract/index.ts'
export {
  ALL_DIVISIONS,
  CLASS_SETS,
  CLASS_SET_NAMES,
  DEFAULT_CLASS_SET,
  EQUIPMENT,
  EQUIPMENT_NAMES,
  EQUIPMENT_OFFERS,
  classesOf,
  divisionName,
  divisionSportOf,
  entryBodyweightProblem,
  entryClassProblem,
  hasEquipment,
  lifterDivisions,
} from '../../../contract/index.ts'
export { TEAM_MAX, IPF_TEAM_POINTS } from '../../../contract/index.ts'
