import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Giving back a large task's memory. V8 collects a thread's garbage when that thread next
 * allocates; an idle pool thread does not allocate, so the buffers of its last task stay
 * resident until work comes again — a content stream that inflated to 200 MB (a deflate bomb)
 * kept ~400 MB of RSS after its 422. After a task that grew this thread's heap and buffers by
 * more than `thresholdBytes`, one full collection is run once the task has answered; V8 frees
 * the buffers' memory on its sweeper thread, and small tasks pay nothing.
 *
 * Node refuses --expose-gc in a worker's execArgv, so the flag is set at run time and `gc` is
 * taken from a context created after it (the flag only reaches contexts made afterwards).
 */
export interface TaskMemoryWatch {
  /** Call when the task ends (in finally): collects after the answer if the task grew enough. */
  end(): void;
}

let collect: (() => void) | undefined;

function fullCollection(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  return collect;
}

/** What this thread's isolate holds: its JS heap and the memory of its buffers. */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/**
 * Watch one task from now. `collect` is V8's full collection; a test may pass its own to see
 * when it runs.
 */
export function watchTaskMemory(thresholdBytes: number, collect: () => void = fullCollection()): TaskMemoryWatch {
  const before = heldBytes();
  return {
    end() {
      if (heldBytes() - before <= thresholdBytes) return;
      // After the answer has been posted, not on the caller's time.
      setImmediate(collect);
    },
  };
}
