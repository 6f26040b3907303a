import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAccountServer, type AccountServer } from '../../support/account.js';
import { axeViolations, chromiumAvailable, launchBrowser, screenshot } from '../../support/browser.js';
import { statementLines, textPdf } from '../../support/documents.js';
import { closeSharedReader } from '../../support/server.js';

/**
 * The whole self-service path of issue 9, as a new customer walks it in a real browser:
 * sign-up → the confirmation mail, read from a real SMTP server → the first key, shown once →
 * that key works on /api/v1/usage → a second key created and revoked → the revoked key gets
 * 401 → a document tried → checkout in test mode → tier starter → usage shows 200 included.
 * Every page is screenshotted (test-artifacts/screenshots/flow-*.png) and checked by axe-core.
 */
const WAIT = { timeout: 60_000 };

describe('self-service from sign-up to a paid plan, in a real browser', { skip: chromiumAvailable() ? false : 'chromium is not installed' }, () => {
  let account: AccountServer;
  let browser: Browser;
  before(async () => {
    account = await startAccountServer('sqlite');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await account?.close();
    await closeSharedReader();
  });

  it('a new customer goes from nothing to a working key and to the starter tier alone', { timeout: 300_000 }, async () => {
    const base = account.server.url;
    const context = await browser.newContext({ locale: 'en', viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const step = async (name: string) => {
      await screenshot(page, `flow-${name}`);
      assert.deepEqual(await axeViolations(page), [], `axe violations on ${name}`);
    };
    try {
      // Landing → sign-up.
      await page.goto(`${base}/?lang=en`, WAIT);
      await step('01-landing');
      await Promise.all([page.waitForURL(/\/api-account\/sign-up/, WAIT), page.click('a[href="/api-account/sign-up"] >> nth=0')]);
      await step('02-sign-up');
      await page.fill('#company', 'Nordlicht Buchhaltung GmbH');
      await page.fill('#email', 'Finance@Nordlicht.example');
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('form[action^="/api-account/sign-up"] button[type="submit"]')]);
      await step('03-check-inbox');

      // The confirmation mail arrives over SMTP; its link leads to a confirmation button.
      const mail = await account.sink.waitFor((m) => m.to.includes('finance@nordlicht.example'), 30_000);
      const link = mail.links.find((l) => l.includes('/api-account/confirm'));
      assert.ok(link, 'the mail holds a confirmation link');
      assert.ok(link.startsWith(base), 'the link points at the service');
      await page.goto(link, WAIT);
      await step('04-confirm');
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('form[action^="/api-account/confirm"] button[type="submit"]')]);

      // The first key, once, with a ready curl example.
      const firstKey = (await page.textContent('#api-key', WAIT))?.trim() ?? '';
      assert.match(firstKey, /^kt_live_[0-9A-Za-z]{32}$/);
      assert.match((await page.textContent('#curl-usage')) ?? '', new RegExp(`Bearer ${firstKey}`));
      await step('05-first-key');
      const usage = await fetch(`${base}/api/v1/usage`, { headers: { authorization: `Bearer ${firstKey}` } });
      assert.equal(usage.status, 200, 'the first key works on the API');
      assert.equal(((await usage.json()) as { organization: { tier: string } }).organization.tier, 'trial');

      // A second key, created and revoked on the keys page; the revoked key gets 401.
      await page.goto(`${base}/api-account/keys`, WAIT);
      assert.ok(!(await page.content()).includes(firstKey), 'the first key is not shown again');
      await page.fill('#key-name', 'Staging');
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('form[action="/api-account/keys"] button[type="submit"]')]);
      const secondKey = (await page.textContent('#new-key', WAIT))?.trim() ?? '';
      assert.match(secondKey, /^kt_live_[0-9A-Za-z]{32}$/);
      await step('06-second-key');
      assert.equal((await fetch(`${base}/api/v1/usage`, { headers: { authorization: `Bearer ${secondKey}` } })).status, 200);
      await page.goto(`${base}/api-account/keys`, WAIT);
      await Promise.all([page.waitForURL(/\/revoke/, WAIT), page.click('tr:has-text("Staging") a.button.danger')]);
      await step('07-revoke-confirm');
      await Promise.all([page.waitForURL(/\/api-account\/keys\?revoked=/, WAIT), page.click('button.danger-solid')]);
      await step('08-revoked');
      const revoked = await fetch(`${base}/api/v1/usage`, { headers: { authorization: `Bearer ${secondKey}` } });
      assert.equal(revoked.status, 401);
      assert.equal(((await revoked.json()) as { error: { code: string } }).error.code, 'revoked_api_key');

      // Try a document: a real, metered call.
      await page.goto(`${base}/api-account/try`, WAIT);
      await page.selectOption('#document-type', 'kontoauszug');
      await page.setInputFiles('#file', { name: 'kontoauszug.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await textPdf([statementLines()])) });
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('form.upload button[type="submit"]')]);
      await page.waitForSelector('table.postings', WAIT);
      await step('09-try-result');
      const afterTry = (await (await fetch(`${base}/api/v1/usage`, { headers: { authorization: `Bearer ${firstKey}` } })).json()) as {
        usage: { billable_calls: number };
      };
      assert.equal(afterTry.usage.billable_calls, 1, 'the try counts against the trial');

      // Upgrade: checkout in test mode → starter with 200 included calls.
      await page.goto(`${base}/api-account/billing`, WAIT);
      await step('10-billing');
      await Promise.all([page.waitForURL(/\/billing\/test-mode\/checkout/, WAIT), page.click('input[value="starter"] + button')]);
      await step('11-checkout');
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('button[type="submit"]')]);
      await step('12-checkout-done');
      await Promise.all([page.waitForURL(/\/api-account\/billing\?checkout=success/, WAIT), page.click('a[href="/api-account/billing?checkout=success"]')]);
      await step('13-billing-starter');
      await page.goto(`${base}/api-account/usage`, WAIT);
      await step('14-usage-starter');
      const paid = (await (await fetch(`${base}/api/v1/usage`, { headers: { authorization: `Bearer ${firstKey}` } })).json()) as {
        organization: { tier: string };
        usage: { included_calls: number };
      };
      assert.equal(paid.organization.tier, 'starter');
      assert.equal(paid.usage.included_calls, 200);
      assert.match((await page.textContent('main')) ?? '', /200/);

      // Sign out: the account pages ask for a sign-in again.
      await Promise.all([page.waitForLoadState('load', WAIT), page.click('form[action="/api-account/sign-out"] button')]);
      await page.goto(`${base}/api-account/keys`, WAIT);
      assert.match(page.url(), /\/api-account\/sign-in/);
      await step('15-signed-out');
    } finally {
      await context.close();
    }
  });
});
