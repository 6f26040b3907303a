import { execFile, spawn } from 'node:child_process';
import type { GreyImage, OcrEngine, OcrRequest, OcrResult } from '../../ports/ocr-engine.js';
import { encodePgm, parseTesseractTsv } from './tesseract-tsv.js';

/**
 * The native `tesseract` CLI (Debian tesseract-ocr 5.x), one child process per page. The image
 * goes in through stdin as PGM and the TSV comes back through stdout: the document never
 * touches disk. OMP_THREAD_LIMIT=1 because the pool already keeps every core busy (OpenMP
 * threads on top thrash: 7–8 s/page instead of ~1.2 s on 2 cores). --psm 6 reads a page as one
 * block, which keeps table rows together (the default --psm 3 reads tables column by column).
 */
export interface NativeTesseractOptions {
  binary?: string;
  psm?: number;
}

export function createNativeTesseractEngine(options: NativeTesseractOptions = {}): OcrEngine {
  const binary = options.binary ?? 'tesseract';
  const children = new Set<ReturnType<typeof spawn>>();
  return {
    name: 'native',
    recognize(image: GreyImage, request: OcrRequest): Promise<OcrResult> {
      request.signal?.throwIfAborted();
      const args = [
        'stdin', 'stdout',
        '-l', request.languages.join('+'),
        '--psm', String(options.psm ?? 6),
        '--dpi', String(Math.round(request.dpi)),
        '-c', 'debug_file=/dev/null',
        'tsv',
      ];
      return new Promise<OcrResult>((resolve, reject) => {
        const child = spawn(binary, args, {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
          ...(request.signal ? { signal: request.signal, killSignal: 'SIGKILL' as const } : {}),
        });
        children.add(child);
        const out: Buffer[] = [];
        let errBytes = 0;
        child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        // stderr holds progress noise ("Estimating resolution…"); keep only its size, never content.
        child.stderr.on('data', (chunk: Buffer) => {
          errBytes += chunk.length;
        });
        child.stdin.on('error', () => undefined);
        child.on('error', (err) => {
          children.delete(child);
          reject(request.signal?.aborted ? request.signal.reason : err);
        });
        child.on('close', (code) => {
          children.delete(child);
          if (request.signal?.aborted) return reject(request.signal.reason);
          if (code !== 0) return reject(new Error(`tesseract exited with ${code} (${errBytes} bytes on stderr)`));
          resolve({ words: parseTesseractTsv(Buffer.concat(out).toString('utf8')) });
        });
        child.stdin.end(encodePgm(image.data, image.width, image.height));
      });
    },
    async close() {
      for (const child of children) child.kill('SIGKILL');
      children.clear();
    },
  };
}

/** True when `binary` runs and lists every language in `languages`. */
export function nativeTesseractAvailable(languages: readonly string[], binary = 'tesseract'): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, ['--list-langs'], { timeout: 5000 }, (err, stdout) => {
      if (err) return resolve(false);
      const listed = new Set(String(stdout).split('\n').map((l) => l.trim()));
      resolve(languages.every((l) => listed.has(l)));
    });
  });
}
