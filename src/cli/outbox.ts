import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Lists the local e-mail outbox: one RFC 822 file (.eml) per message, written where no SMTP
 * server is configured. Only the headers an operator needs are read.
 */
export async function listOutbox(dir: string): Promise<{ file: string; subject: string; to: string; date: string }[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    files.map(async (file) => {
      const head = (await readFile(join(dir, file), 'utf8')).split(/\r?\n\r?\n/, 1)[0] ?? '';
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      return { file: join(dir, file), subject: header('Subject'), to: header('To'), date: header('Date') };
    }),
  );
}
