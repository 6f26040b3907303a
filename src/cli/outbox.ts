import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMessage {
  file: string;
  subject: string;
  to: string;
  date: string;
  /** The http(s) links of the plain-text body (sign-up and sign-in links), decoded. */
  links: string[];
}

/**
 * Lists the local e-mail outbox: one RFC 822 file (.eml) per message, written where no SMTP
 * server is configured. Only what an operator needs is read: a few headers and the links of
 * the plain-text part, so a sign-up on a laptop can be confirmed without a mail client.
 */
export async function listOutbox(dir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      return { file: join(dir, file), subject: header('Subject'), to: header('To'), date: header('Date'), links: linksOf(plainText(raw)) };
    }),
  );
}

/**
 * The first text/plain part of a message as text: the whole body of a single-part message, or
 * the part of a multipart one, with its quoted-printable transfer encoding undone (nodemailer
 * writes long lines that way, which splits a link over lines and writes `=` as `=3D`).
 */
export function plainText(raw: string): string {
  const sections = raw.split(/\r?\n\r?\n/);
  const head = sections[0] ?? '';
  if (!/^Content-Type:\s*multipart\//im.test(head)) return decodeBody(head, sections.slice(1).join('\n\n'));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return '';
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const [partHead = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (/^Content-Type:\s*text\/plain/im.test(partHead)) return decodeBody(partHead, body.join('\n\n'));
  }
  return '';
}

function decodeBody(head: string, body: string): string {
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) return body;
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, ''); // soft line breaks
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}$/i.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
