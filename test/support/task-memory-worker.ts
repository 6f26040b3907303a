import { parentPort, workerData } from 'node:worker_threads';
import { watchTaskMemory } from '../../src/pipeline/reading/worker/collect-after-task.js';

/**
 * A thread that runs one large task, as a pool thread does, and then sits idle: it allocates
 * `workerData.mb` MB of buffers, drops them, ends the task (with or without the watch of
 * collect-after-task.ts) and, after `workerData.idleMs`, reports how much buffer memory its
 * isolate still holds.
 */
const { mb, watch, idleMs } = workerData as { mb: number; watch: boolean; idleMs: number };
const task = watch ? watchTaskMemory(64 * 1024 * 1024) : { end() {} };
let buffers: Uint8Array[] | undefined = Array.from({ length: mb / 16 }, () => new Uint8Array(16 * 1024 * 1024).fill(1));
const during = process.memoryUsage().arrayBuffers;
buffers = undefined;
task.end();
setTimeout(() => parentPort?.postMessage({ during, after: process.memoryUsage().arrayBuffers, dropped: buffers === undefined }), idleMs);
