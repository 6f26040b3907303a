import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from '../../ports/mailer.js';

/**
 * The local outbox used when no SMTP server is configured: each message is written as one
 * RFC 822 file (`.eml`, built by nodemailer's stream transport) into `dir`, which
 * `npm run cli -- outbox` lists. Names sort by time of writing.
 */
export function createOutboxMailer(options: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(options.dir, name), info.message as Buffer, { mode: 0o600 });
    },
    async close() {
      transport.close();
    },
  };
}
