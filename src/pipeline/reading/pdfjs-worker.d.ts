/** pdf.js's worker half ships without types; only what the reading layer calls is declared. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serves pdf.js's main half on `port` (postMessage / addEventListener('message')). */
    initializeFromPort(port: unknown): void;
  };
}
