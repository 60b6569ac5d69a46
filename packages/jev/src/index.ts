export { sha256Hex } from "./assess-batch";
export { type CitedClaim, type CitedSetGroup, citedSetKey, groupByCitedSet } from "./batching";
export {
  ClaimAuditor,
  type ClaimAuditorOptions,
  DEFAULT_BUDGET_MS,
  DEFAULT_MAX_IN_FLIGHT_PER_PART,
} from "./claim-auditor";
export type { ClaimJudge, JudgeRefusal, JudgeReply, JudgeVerdicts } from "./claim-judge";
export { createJevAuditor, type JevSettings } from "./create-jev-auditor";
export { createOllamaAuditor, type OllamaAuditorSettings } from "./create-ollama-auditor";
export { JevConfigurationError, JevConnectionError, JevRequestAbortedError } from "./errors";
export { DEFAULT_JEV_MODEL, JevAuditor, type JevAuditorOptions } from "./jev-auditor";
export { JevClaimJudge } from "./jev-claim-judge";
export type { JevChoiceQuestion, JevModelsReply, JevReply, JevRequestBody, JevTransport } from "./jev-transport";
export { DEFAULT_OLLAMA_AUDIT_MODEL, OllamaClaimJudge, type OllamaClaimJudgeOptions } from "./ollama-claim-judge";
export {
  buildOllamaJudgeMessages,
  OLLAMA_JUDGE_PROMPT_VERSION,
  ollamaJudgeFormat,
  readOllamaJudgeReply,
} from "./ollama-judge-prompt";
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
