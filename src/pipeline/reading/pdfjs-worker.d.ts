/** pdf.js's worker half ships without types; pdfjs.ts only hands its module to pdf.js. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
