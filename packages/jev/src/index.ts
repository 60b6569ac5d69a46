export { sha256Hex } from "./assess-batch";
export { type CitedClaim, type CitedSetGroup, citedSetKey, groupByCitedSet } from "./batching";
export { createJevAuditor, type JevSettings } from "./create-jev-auditor";
export { JevConfigurationError, JevConnectionError, JevRequestAbortedError } from "./errors";
export {
  DEFAULT_BUDGET_MS,
  DEFAULT_JEV_MODEL,
  DEFAULT_MAX_IN_FLIGHT_PER_PART,
  JevAuditor,
  type JevAuditorOptions,
} from "./jev-auditor";
export type { JevChoiceQuestion, JevModelsReply, JevReply, JevRequestBody, JevTransport } from "./jev-transport";
export {
  acceptsReturnedModel,
  DEFAULT_THRESHOLD,
  favoursInsufficient,
  isPinnedModel,
  POLICY_VERSION,
  suggest,
  topLabel,
} from "./policy";
export {
  buildClaimQuestion,
  buildJevRequest,
  JEV_LABELS,
  type JevLabel,
  normalizeText,
  PROMPT_VERSION,
} from "./prompt";
export { REPAIR_POLICY_VERSION } from "./repair";
export { PROBABILITY_SUM_TOLERANCE, parseJevResponse } from "./response-schema";
export {
  DEFAULT_TYPESAFE_BASE_URL,
  TypeSafeJevTransport,
  type TypeSafeJevTransportOptions,
} from "./typesafe-jev-transport";
export { countUsage } from "./usage";
