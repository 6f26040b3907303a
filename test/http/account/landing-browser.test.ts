import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations, chromiumAvailable, launchBrowser, screenshot } from '../../support/browser.js';
import { closeSharedReader, startServer, type TestServer } from '../../support/server.js';

describe('landing page in a real browser', { skip: chromiumAvailable() ? false : 'chromium is not installed' }, () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await closeSharedReader();
  });

  for (const locale of ['de', 'en'] as const) {
    it(`passes axe-core's WCAG A/AA checks (${locale})`, async () => {
      const page = await browser.newPage({ locale });
      await page.goto(`${server.url}/?lang=${locale}`);
      await screenshot(page, `landing-${locale}`);
      assert.deepEqual(await axeViolations(page), []);
      await page.close();
    });
  }
});
