export * from "./answer";
export * from "./api";
export * from "./audit";
export * from "./auditor";
export * from "./document";
export * from "./errors";
export * from "./layout";
export * from "./normalize-text";
