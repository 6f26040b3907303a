import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
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
 */
export interface PoolOptions {
  size: number;
  init: WorkerInit;
  abortGraceMs: number;
}

export interface PoolStats {
  threads: number;
  queued: number;
  running: number;
  completed: number;
}

export class ReadingPool {
  private readonly piscina: Piscina;
  private running = 0;

  constructor(private readonly options: PoolOptions) {
    // Run as TypeScript (tsx, tests) or compiled JavaScript (dist): the worker file is beside this one.
    const ts = import.meta.url.endsWith('.ts');
    this.piscina = new Piscina({
      filename: new URL(`./page-worker${ts ? '.ts' : '.js'}`, import.meta.url).href,
      // Under tsx the inherited loader flags do not reliably reach worker threads on Node 20
      // (intermittent ERR_UNKNOWN_FILE_EXTENSION); register tsx explicitly. Compiled JS needs nothing.
      ...(ts ? { execArgv: ['--import', import.meta.resolve('tsx')] } : {}),
      minThreads: options.size,
      maxThreads: options.size,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      concurrentTasksPerWorker: 1,
      // piscina's default ('sync') parks an idle thread in a blocking Atomics.wait, which freezes
      // everything else on it: the OCR warm-up started when the thread starts (page-worker.ts)
      // then only ran once the first task arrived, on that task's time. 'async' waits without
      // blocking, so an idle thread finishes its warm-up before any work comes.
      atomics: 'async',
      workerData: options.init,
    });
  }

  async run<R>(task: WorkerTask, signal: AbortSignal, transferList: Transferable[] = []): Promise<R> {
    signal.throwIfAborted();
    const hardStop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let grace: NodeJS.Timeout | undefined;
    const onAbort = () => {
      port1.postMessage('abort');
      grace = setTimeout(() => hardStop.abort(), this.options.abortGraceMs);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    this.running++;
    try {
      const envelope: TaskEnvelope = { task, abortPort: port2 };
      return (await this.piscina.run(envelope, {
        transferList: [port2, ...transferList] as never,
        signal: hardStop.signal,
      })) as R;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw err;
    } finally {
      this.running--;
      signal.removeEventListener('abort', onAbort);
      if (grace) clearTimeout(grace);
      port1.close();
    }
  }

  stats(): PoolStats {
    return {
      threads: this.piscina.threads.length,
      queued: this.piscina.queueSize,
      running: this.running,
      completed: this.piscina.completed,
    };
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true });
  }
}
