import { PDFWorker, WorkerMessageHandler } from './pdfjs.js';

/**
 * pdf.js's two halves on one reading thread, talking over a port that does not copy the text.
 *
 * In Node pdf.js runs its worker half on the calling thread ("fake worker") and joins the two
 * halves with its LoopbackPort, which `structuredClone`s every message in both directions — for
 * a text layer, every chunk of ten text items with their strings and matrices. The CPU profile
 * of bench:text's text pass put 8 % of its samples in that port (postMessage, the clone and
 * Node's transfer bookkeeping) and more in the garbage it leaves (issue 20 §2).
 *
 * `InThreadPort` delivers messages as LoopbackPort does (to every listener, one microtask
 * later, in order) and clones them as it does, with one exception: a chunk of a text-content
 * stream is passed on by reference, after a copy of its top level. That is sound because of
 * how pdf.js's worker half builds text content (evaluator.js `getTextContent`): it sends its
 * `textContent` object and then only REPLACES that object's `items` and `styles` with new ones
 * (`textContent.items = []`), never changing an item or a style after it was sent; each item is
 * a fresh object (`runBidiTransform`, `pushWhitespace`, `appendEOL`), its `transform` a fresh
 * array. The copied top level keeps the replacement from reaching the chunk in flight. The main
 * half only reads the chunk (appends its items and styles to the page's). Operator-list chunks,
 * by contrast, are arrays pdf.js empties after sending (`OperatorList.flush`), so they and every
 * other message are cloned as before. test/pipeline/pdfjs-port.test.ts holds both halves to this
 * (a page's text and operator list the same through either port).
 */

/** `StreamKind.ENQUEUE` of pdf.js's message_handler.js: one chunk of a stream. */
const STREAM_ENQUEUE = 4;

type Listener = (this: InThreadPort, event: { data: unknown }) => void;

interface StreamChunkMessage {
  stream: number;
  chunk: { items: unknown[]; [key: string]: unknown };
}

/** A text-content chunk: `{ items, styles, lang }`; an operator-list chunk has `fnArray` instead. */
function isTextContentChunk(message: unknown): message is StreamChunkMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { stream, chunk } = message as Partial<StreamChunkMessage>;
  return stream === STREAM_ENQUEUE && typeof chunk === 'object' && chunk !== null && Array.isArray(chunk.items) && typeof chunk.styles === 'object';
}

export class InThreadPort {
  readonly #listeners = new Map<Listener, (() => void) | null>();
  readonly #deferred = Promise.resolve();

  postMessage(message: unknown, transfer?: NonNullable<Parameters<typeof structuredClone>[1]>['transfer'] | null): void {
    const data = isTextContentChunk(message)
      ? { ...message, chunk: { ...message.chunk } }
      : structuredClone(message, transfer ? { transfer } : undefined);
    const event = { data };
    // As LoopbackPort: a microtask later, to the listeners there are then; a listener's throw
    // becomes this promise's rejection, not the thread's uncaught exception.
    void this.#deferred.then(() => {
      for (const listener of [...this.#listeners.keys()]) listener.call(this, event);
    });
  }

  addEventListener(_name: 'message', listener: Listener, options?: { signal?: AbortSignal } | null): void {
    let removeAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener('message', listener);
      signal.addEventListener('abort', onAbort, { once: true });
      removeAbort = () => signal.removeEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, removeAbort);
  }

  removeEventListener(_name: 'message', listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const removeAbort of this.#listeners.values()) removeAbort?.();
    this.#listeners.clear();
  }

  /** Listeners attached now: each open document adds two, and removes them when destroyed. */
  get listenerCount(): number {
    return this.#listeners.size;
  }
}

type Worker = InstanceType<typeof PDFWorker>;
let shared: { port: InThreadPort; worker: Worker } | null = null;

/**
 * This thread's pdf.js worker on an InThreadPort, made at the first call and shared by every
 * document opened on the thread: pdf.js keys each document's handlers by its own id on the
 * port, and a document's destroy removes them (its worker is not destroyed with it, as one
 * given to getDocument never is).
 */
export function inThreadWorker(): { port: InThreadPort; worker: Worker } {
  if (!shared || shared.worker.destroyed) {
    const port = new InThreadPort();
    WorkerMessageHandler.initializeFromPort(port);
    shared = { port, worker: new PDFWorker({ port: port as unknown as Worker['port'], verbosity: 0 }) };
  }
  return shared;
}
