/**
 * Outgoing e-mail (SPEC §6): over SMTP where SMTP_URL is set, else into the local outbox the
 * operator reads with `npm run cli -- outbox`. A message never carries document content.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; every message has one. */
  text: string;
  /** Optional HTML alternative of the same content. */
  html?: string;
}

export interface Mailer {
  readonly name: 'smtp' | 'outbox';
  /** Resolves once the message is handed over (SMTP accepted it, or the file is written). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
