import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Mailer } from '../../ports/mailer.js';

/** E-mail over SMTP with nodemailer; `smtpUrl` as in SMTP_URL (`smtp://user:pass@host:587`). */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // Bounded waits: a mail server that hangs must not hold a sign-up request for minutes.
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as SMTPTransport.Options);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
