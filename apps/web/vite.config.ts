import { defineConfig } from "vite";
import { pdfjsAssets } from "./pdfjs-assets-plugin";
import { precompress } from "./precompress-plugin";

// JSX goes through Vite's own esbuild step. @vitejs/plugin-react is not used: it is hoisted
// beside the newer vite that vitest pulls in, imports that copy, mistakes this vite 7 for
// rolldown-vite and breaks the dev server ("Missing field `moduleType`"). The cost is React
// Fast Refresh: `vite` dev reloads the page on edits instead.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [pdfjsAssets(), precompress()],
  esbuild: { jsx: "automatic", jsxImportSource: "react" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2023",
    // pdf.js alone is larger than Vite's default warning threshold.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // The Fastify server (npm run dev, port 3000) answers the API while `vite` serves the UI.
    proxy: { "/api": process.env.RAG_DEV_API_URL ?? "http://127.0.0.1:3000" },
  },
});
