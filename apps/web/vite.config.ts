import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { pdfjsAssets } from "./pdfjs-assets-plugin";

// The Fastify server serves dist/ at "/" and the API under "/api"; `vite` alone proxies the API to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pdfjsAssets()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2023",
    // pdf.js alone is larger than Vite's default warning threshold.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { "/api": process.env.RAG_DEV_API_URL ?? "http://127.0.0.1:3000" },
  },
});
