import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { TEST_SESSION_SECRET } from '../../support/account-session.js';
import { axeViolations, chromiumAvailable, launchBrowser, screenshot, signedInContext } from '../../support/browser.js';
import { statementLines, textPdf } from '../../support/documents.js';
import { closeSharedReader, createOrg, startServer, type TestServer } from '../../support/server.js';

/**
 * The signed-in pages in a real browser, in German and English: each page is screenshotted
 * (test-artifacts/screenshots) and must pass axe-core's WCAG A/AA rules. Bounds are generous:
 * Chromium on a loaded CI machine is slow, and the statement is really analysed.
 */
const WAIT = { timeout: 60_000 };

describe('account pages in a real browser', { skip: chromiumAvailable() ? false : 'chromium is not installed' }, () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startServer({ config: { sessionSecret: TEST_SESSION_SECRET } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await closeSharedReader();
  });

  async function check(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    assert.deepEqual(await axeViolations(page), [], `axe violations on ${name}`);
  }

  for (const locale of ['de', 'en'] as const) {
    it(`landing, keys, revoke, usage, try it and billing pass axe (${locale})`, { timeout: 240_000 }, async () => {
      const org = await createOrg(server, { name: locale === 'de' ? 'Musterkanzlei GmbH' : 'Example Accounting Ltd' });
      // Some history for the usage page: three days with calls in this trial month.
      for (const [day, n] of [['2026-03-16', 3], ['2026-03-18', 7], ['2026-03-19', 2]] as const) {
        for (let i = 0; i < n; i++) {
          await server.store.reserveCall({ organizationId: org.organizationId, counterKey: 'trial' }, null);
          await server.store.commitCall({ organizationId: org.organizationId, counterKey: 'trial' });
          await server.store.insertAuditRecord({
            id: `aud_${day}_${i}_${locale}`,
            organizationId: org.organizationId,
            keyId: org.keyId,
            documentType: 'kontoauszug',
            statusCode: 200,
            pages: 1,
            latencyMs: 900,
            createdAt: new Date(`${day}T${String(8 + i).padStart(2, '0')}:00:00Z`),
          });
        }
      }
      const context = await signedInContext(browser, server, org.organizationId, { locale, viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/?lang=${locale}`, WAIT);
        await check(page, `area-landing-${locale}`);

        // Keys: create one, see it once.
        await page.goto(`${server.url}/api-account/keys`, WAIT);
        await check(page, `area-keys-${locale}`);
        await page.fill('#key-name', 'CI pipeline');
        await page.uncheck('input[name="scopes"][value="billing:write"]');
        await Promise.all([page.waitForLoadState('load', WAIT), page.click('form[action="/api-account/keys"] button[type="submit"]')]);
        const shown = (await page.textContent('#new-key', WAIT))?.trim() ?? '';
        assert.match(shown, /^kt_live_[0-9A-Za-z]{32}$/);
        await check(page, `area-key-created-${locale}`);
        await page.goto(`${server.url}/api-account/keys`, WAIT);
        assert.equal(await page.locator('#new-key').count(), 0, 'the key is shown once');
        assert.ok(!(await page.content()).includes(shown));

        // Revoke it, with the confirmation step.
        await page.click('tr:has-text("CI pipeline") a.button.danger');
        await page.waitForSelector('form.actions-row', WAIT);
        await check(page, `area-revoke-${locale}`);
        await Promise.all([page.waitForURL(/\/api-account\/keys\?revoked=/, WAIT), page.click('button.danger-solid')]);
        assert.equal(await page.locator('p.notice.ok').count(), 1);
        await check(page, `area-keys-revoked-${locale}`);

        // Usage.
        await page.goto(`${server.url}/api-account/usage`, WAIT);
        assert.equal(await page.locator('svg.chart rect.bar').count(), 3);
        await check(page, `area-usage-${locale}`);

        // Try it with a real statement.
        await page.goto(`${server.url}/api-account/try`, WAIT);
        await check(page, `area-try-${locale}`);
        await page.selectOption('#document-type', 'kontoauszug');
        await page.setInputFiles('#file', { name: 'kontoauszug.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await textPdf([statementLines()])) });
        await Promise.all([page.waitForLoadState('load', WAIT), page.click('form.upload button[type="submit"]')]);
        await page.waitForSelector('table.postings', WAIT);
        assert.ok((await page.locator('table.postings tbody tr').count()) >= 4);
        await check(page, `area-try-result-${locale}`);

        // Billing: checkout in test mode, then the page shows starter with 200 calls.
        await page.goto(`${server.url}/api-account/billing`, WAIT);
        await check(page, `area-billing-${locale}`);
        await Promise.all([page.waitForURL(/\/billing\/test-mode\/checkout/, WAIT), page.click('input[value="starter"] + button')]);
        await Promise.all([page.waitForLoadState('load', WAIT), page.click('button[type="submit"]')]);
        await page.goto(`${server.url}/api-account/billing?checkout=success`, WAIT);
        assert.equal((await page.textContent('#current-tier'))?.trim(), 'Starter');
        assert.match((await page.textContent('#current-included')) ?? '', /200/);
        await check(page, `area-billing-starter-${locale}`);
      } finally {
        await context.close();
      }
    });
  }
});
