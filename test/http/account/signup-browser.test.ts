import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAccountServer, type AccountServer } from '../../support/account.js';
import { axeViolations, chromiumAvailable, launchBrowser, screenshot } from '../../support/browser.js';
import { closeSharedReader } from '../../support/server.js';

const COPY = { de: { copied: 'Kopiert', inbox: 'Bitte sehen Sie in Ihr Postfach', ready: 'Ihr Konto ist bereit', out: 'Sie sind abgemeldet' }, en: { copied: 'Copied', inbox: 'Check your inbox', ready: 'Your account is ready', out: 'You are signed out' } };

describe('sign-up in a real browser', { skip: chromiumAvailable() ? false : 'chromium is not installed' }, () => {
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

  for (const locale of ['de', 'en'] as const) {
    it(`sign-up → e-mail → confirm → first key → sign-out, every page passing axe-core (${locale})`, async () => {
      const context = await browser.newContext({ locale });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: account.server.url });
      const page = await context.newPage();
      const email = `browser-${locale}@example.com`;
      const check = async (name: string) => {
        await screenshot(page, `signup-${name}-${locale}`);
        assert.deepEqual(await axeViolations(page), [], `${name} (${locale})`);
      };

      await page.goto(`${account.server.url}/api-account/sign-in?lang=${locale}`);
      await check('sign-in');

      await page.goto(`${account.server.url}/api-account/sign-up?lang=${locale}`);
      await check('form');
      await page.fill('#company', `Browser ${locale.toUpperCase()} GmbH`);
      await page.fill('#email', email);
      await Promise.all([page.waitForURL('**/api-account/sign-up**'), page.click('button[type="submit"]')]);
      assert.match(await page.textContent('h1') ?? '', new RegExp(COPY[locale].inbox));
      await check('check-inbox');

      const mail = await account.sink.waitFor((m) => m.to.includes(email), 30_000);
      const link = mail.links.find((l) => l.includes('/api-account/confirm'));
      assert.ok(link);
      await page.goto(link);
      await check('confirm');

      await Promise.all([page.waitForURL('**/api-account/confirm**'), page.click('main button[type="submit"]')]);
      assert.equal(await page.textContent('h1'), COPY[locale].ready);
      const apiKey = (await page.textContent('#api-key'))?.trim() ?? '';
      assert.match(apiKey, /^kt_live_[0-9A-Za-z]{32}$/);
      const copyButton = page.locator('button[data-copy="#api-key"]');
      assert.equal(await copyButton.count(), 1);
      await check('first-key');
      await copyButton.click();
      // klartext.js copies the key and says so on the button for a moment.
      await copyButton.filter({ hasText: COPY[locale].copied }).waitFor({ timeout: 10_000 });
      const clipboard = await page.evaluate('navigator.clipboard.readText()');
      assert.equal(clipboard, apiKey);

      await Promise.all([page.waitForURL('**/api-account/signed-out**'), page.click('form[action="/api-account/sign-out"] button')]);
      assert.equal(await page.textContent('h1'), COPY[locale].out);
      await check('signed-out');
      await context.close();
    });
  }
});
