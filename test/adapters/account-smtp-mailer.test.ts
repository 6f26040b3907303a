import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSmtpMailer } from '../../src/adapters/mailer/smtp.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

describe('SMTP mailer adapter (account e-mail) against a real SMTP server', () => {
  let sink: SmtpSink;
  before(async () => {
    sink = await startSmtpSink();
  });
  after(async () => {
    await sink.close();
  });

  const message = {
    to: 'empfaenger@example.com',
    subject: 'Prüfung: Umlaute und ein langer Link',
    text: `Hallo,\n\nhttp://127.0.0.1:8080/api-account/confirm?token=${'x'.repeat(43)}&next=%2Fapi-account%2Fusage&lang=de\n`,
    html: '<p>Hallo</p>',
  };

  it('SMTP_URL query options reach nodemailer: ?ignoreTLS=true talks plain SMTP to a local server', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, from: 'Klartext <no-reply@klartext.test>' });
    try {
      await mailer.send(message);
    } finally {
      await mailer.close();
    }
    const mail = await sink.waitFor((m) => m.subject === message.subject);
    assert.deepEqual(mail.to, ['empfaenger@example.com']);
    assert.equal(mail.text, message.text, 'quoted-printable line breaks undone: the link is intact');
    assert.deepEqual(mail.links, [message.text.trim().split('\n').pop()]);
    assert.equal(mail.html, message.html);
  });

  it('without it, a server offering STARTTLS with an untrusted certificate is refused (no silent downgrade)', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'no-reply@klartext.test', timeoutMs: 10_000 });
    try {
      await assert.rejects(mailer.send({ ...message, subject: 'refused' }));
    } finally {
      await mailer.close();
    }
    assert.equal(sink.messages.filter((m) => m.subject === 'refused').length, 0);
  });

  it('?tls.rejectUnauthorized=false upgrades with STARTTLS to a self-signed server', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}?tls.rejectUnauthorized=false`, from: 'no-reply@klartext.test' });
    try {
      await mailer.send({ ...message, subject: 'over tls' });
    } finally {
      await mailer.close();
    }
    assert.ok(await sink.waitFor((m) => m.subject === 'over tls'));
  });
});
