import type { AddressInfo } from "node:net";
import { type AppConfig, defaultWorkers } from "./config";

/**
 * The one line printed once the server listens: where, and which of the main settings are
 * in effect, marking those left at their defaults, so a normal start reads as a normal start.
 */
export function startupLine(config: AppConfig, address: string): string {
  const settings: Array<[string, string, boolean]> = [
    ["data", config.dataDir, config.dataDir === "./data"],
    ["search", config.vectorStore, config.vectorStore === "embedded"],
    [
      "generator",
      config.generator === "ollama" ? `ollama ${config.ollama.chatModel}` : config.generator,
      config.generator === "extractive",
    ],
    [
      "embeddings",
      config.embedder === "ollama" ? `ollama ${config.ollama.embedModel}` : "none",
      config.embedder === "none",
    ],
    ["support check", config.jev.mode, config.jev.mode === "off"],
    ["processes", String(config.workers), config.workers === defaultWorkers()],
  ];
  const described = settings.map(([name, value, isDefault]) => `${name} ${value}${isDefault ? " (default)" : ""}`);
  return `Audited RAG workspace listening on ${address} · ${described.join(" · ")}`;
}

/** `http://host:port` for a listening socket's address, IPv6 hosts in brackets. */
export function httpAddress(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
