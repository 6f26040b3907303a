import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ProcessingTimeoutError } from '../../model/errors.js';
import type { ReaderStats } from '../../model/reader.js';
import { FairQueue, type Lane, type ReadTicket } from './fair-queue.js';
import type { TaskEnvelope, WorkerInit, WorkerTask } from './tasks.js';

/**
 * The reading layer's worker pool (piscina): a fixed number of threads, started with the
 * reader and kept, so the OCR engine's model stays loaded between requests.
 *
 * Abort contract: when the caller's signal aborts, the task gets an 'abort' message and stops
 * cooperatively (the OCR engine kills its child process or WASM thread). If it has not settled
 * after `abortGraceMs`, piscina terminates its thread (and with it anything the thread started)
 * and replaces it. `run` settles only after one of the two: when it rejects, nothing of the
 * task is running any more.
 *
 * Admission: a task reaches piscina only when a thread is free (piscina's own queue stays
 * empty); until then it waits in a FairQueue (fair-queue.ts): round-robin per organization, and
 * refused with ReadingCapacityError after `queueWaitMs` without progress of its read.
 *
 * Two lanes: `size` threads for any task, and one more thread, the light lane, for the text
 * pass of PDFs only (task 'pdf-text'), which OCR never occupies. A text pass takes the light
 * thread when it is free, else a free one of the others. So another organization's text
 * statement never waits for the pages of a long scan that hold every other thread for seconds
 * each (issue 20; docs/reading.md "Sharing the pool"). The light thread starts no OCR engine.
 */
export interface PoolOptions {
  size: number;
  init: WorkerInit;
  abortGraceMs: number;
  /** How long a read may wait for a thread without progress before it is refused (ms). */
  queueWaitMs: number;
}

/** The reader's figures that are the pool's own (model/reader.ts). */
export type PoolStats = Omit<ReaderStats, 'ocrPages' | 'blankPages'>;

/** Threads of the light lane: text passes only (see above). */
const LIGHT_THREADS = 1;

export class ReadingPool {
  private readonly piscina: Piscina;
  /** The light lane: PDF text passes only, no OCR engine (see above). */
  private readonly light: Piscina;
  private readonly admission: FairQueue;
  private running = 0;
  private runningOcr = 0;

  constructor(private readonly options: PoolOptions) {
    this.piscina = ReadingPool.#threads(options.size, options.init);
    // The light thread never OCRs: it loads no OCR engine and reads no warm-up page.
    this.light = ReadingPool.#threads(LIGHT_THREADS, { ...options.init, warmUp: false });
    this.admission = new FairQueue(options.size, options.queueWaitMs, LIGHT_THREADS);
  }

  static #threads(size: number, init: WorkerInit): Piscina {
    // Run as TypeScript (tsx, tests) or compiled JavaScript (dist): the worker file is beside this one.
    const ts = import.meta.url.endsWith('.ts');
    return new Piscina({
      filename: new URL(`./page-worker${ts ? '.ts' : '.js'}`, import.meta.url).href,
      // Under tsx the inherited loader flags do not reliably reach worker threads on Node 20
      // (intermittent ERR_UNKNOWN_FILE_EXTENSION); register tsx explicitly. Compiled JS needs nothing.
      ...(ts ? { execArgv: ['--import', import.meta.resolve('tsx')] } : {}),
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      concurrentTasksPerWorker: 1,
      // piscina's default ('sync') parks an idle thread in a blocking Atomics.wait, which freezes
      // everything else on it: the OCR warm-up started when the thread starts (page-worker.ts)
      // then only ran once the first task arrived, on that task's time. 'async' waits without
      // blocking, so an idle thread finishes its warm-up before any work comes.
      atomics: 'async',
      workerData: init,
    });
  }

  async run<R>(task: WorkerTask, signal: AbortSignal, ticket: ReadTicket, transferList: Transferable[] = []): Promise<R> {
    signal.throwIfAborted();
    // The read's deadline passing while it only waits is a lack of capacity, not slow processing.
    const weight = task.type === 'pdf-text' ? 'light' : 'heavy';
    const release = await this.admission.acquire(ticket, signal, (reason) => reason instanceof ProcessingTimeoutError, weight);
    try {
      return await this.#runAdmitted<R>(task, signal, transferList, release.lane);
    } finally {
      release();
    }
  }

  async #runAdmitted<R>(task: WorkerTask, signal: AbortSignal, transferList: Transferable[], lane: Lane): Promise<R> {
    signal.throwIfAborted();
    const hardStop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let grace: NodeJS.Timeout | undefined;
    const onAbort = () => {
      port1.postMessage('abort');
      grace = setTimeout(() => hardStop.abort(), this.options.abortGraceMs);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const ocr = task.type !== 'pdf-text';
    this.running++;
    if (ocr) this.runningOcr++;
    try {
      const envelope: TaskEnvelope = { task, abortPort: port2 };
      return (await (lane === 'light' ? this.light : this.piscina).run(envelope, {
        transferList: [port2, ...transferList] as never,
        signal: hardStop.signal,
      })) as R;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw err;
    } finally {
      this.running--;
      if (ocr) this.runningOcr--;
      signal.removeEventListener('abort', onAbort);
      if (grace) clearTimeout(grace);
      port1.close();
    }
  }

  stats(): PoolStats {
    const admission = this.admission.stats();
    return {
      threads: this.piscina.threads.length + this.light.threads.length,
      queued: admission.waiting + this.piscina.queueSize + this.light.queueSize,
      running: this.running,
      runningOcr: this.runningOcr,
      completed: this.piscina.completed + this.light.completed,
      refused: admission.refused,
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.piscina.close({ force: true }), this.light.close({ force: true })]);
  }
}
