import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Resident memory from /proc (Linux): of one process (all its threads, so the worker pool is
 * included) and of its whole tree (native tesseract runs as child processes). In bytes;
 * 0 once the process is gone.
 */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const list = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        if (list) out.push(...list.split(/\s+/).map(Number));
      } catch {
        // thread ended meanwhile
      }
    }
  } catch {
    // process gone
  }
  return out;
}

/** Every descendant of `pid`, with the command name of each (e.g. "tesseract"). */
export function descendantsOf(pid: number): { pid: number; name: string }[] {
  const out: { pid: number; name: string }[] = [];
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const child = queue.shift()!;
    let name = '';
    try {
      name = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    out.push({ pid: child, name });
    queue.push(...childrenOf(child));
  }
  return out;
}

function exeOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/**
 * RSS of `pid` and its descendants. A descendant running the same executable as `pid` is left
 * out: it is a fork that has not yet exec'd its program (node spawns tesseract by fork, then
 * exec), whose resident pages are `pid`'s own, shared copy-on-write and already counted. Sampled
 * every few milliseconds, such forks added up to the parent's whole RSS a second time (a node
 * child of 205 MB beside a 478 MB process, fax-criteria).
 */
export function treeRssOf(pid: number): number {
  const exe = exeOf(pid);
  return rssOf(pid) + descendantsOf(pid).reduce((n, d) => n + (exe !== undefined && exeOf(d.pid) === exe ? 0 : rssOf(d.pid)), 0);
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
