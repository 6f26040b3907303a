import type { DocumentReader } from '../../src/pipeline/model/reader.js';

/**
 * The real reading layer, observed: `started` resolves each time a read begins and `finished`
 * counts the reads that have ended. Lets a test act "mid-processing" (abort a client, send
 * SIGTERM) by an event, not by a guessed delay. Nothing is replaced.
 */
export interface ObservedReader extends DocumentReader {
  nextStart(): Promise<void>;
  readonly finished: number;
}

export function observeReader(reader: DocumentReader): ObservedReader {
  let waiters: (() => void)[] = [];
  let finished = 0;
  return {
    async read(bytes, kind, options) {
      const wake = waiters;
      waiters = [];
      wake.forEach((w) => w());
      try {
        return await reader.read(bytes, kind, options);
      } finally {
        finished++;
      }
    },
    close: () => reader.close(),
    nextStart: () => new Promise<void>((resolve) => waiters.push(resolve)),
    get finished() {
      return finished;
    },
  };
}
