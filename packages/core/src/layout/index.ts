// Pure geometry of positioned text (rows, segments, columns), shared by extraction on the
// server and quote finding in the browser's PDF viewer.
export * from "./columns";
export * from "./lines";
export * from "./text-item";
