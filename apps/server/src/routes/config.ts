import type { PublicConfig } from "@audited-rag/core";
import { installedOcrLanguages } from "@audited-rag/rag";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";

/** `GET /api/config`: the active settings a browser needs; never a secret. */
export const configRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const body: PublicConfig = {
    jevMode: config.jev.mode,
    jevModel: config.jev.model,
    auditor: config.jev.auditor,
    threshold: config.jev.threshold,
    budgetMs: config.jev.budgetMs,
    generator: config.generator === "ollama" ? `ollama:${config.ollama.chatModel}` : "extractive",
    embedder: config.embedder === "ollama" ? `ollama:${config.ollama.embedModel}` : "none",
    vectorStore: config.vectorStore,
    maxUploadBytes: config.maxUploadBytes,
    ocr: { mode: config.ocr.mode, languages: config.ocr.languages, installed: installedOcrLanguages() },
  };
  app.get("/config", async () => body);
};
