import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_SESSION_SECRET } from '../../support/account-session.js';
import { axeViolations, chromiumAvailable, launchBrowser, screenshot, signedInContext } from '../../support/browser.js';
import { payslipLines, statementLines, textPdf } from '../../support/documents.js';
import { closeSharedReader, createOrg, startServer, type TestServer } from '../../support/server.js';

/**
 * Try it shows the evidence (issue 18): the page as read with a frame over each posting (and
 * each key number of a letter), coloured by `verified`, the row and the frame linked both ways,
 * and the three export formats to download. In a real Chromium, with axe; screenshots go to
 * test-artifacts/screenshots.
 */
const WAIT = { timeout: 60_000 };

describe('try it with evidence boxes in a real browser', { skip: chromiumAvailable() ? false : 'chromium is not installed' }, () => {
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

  async function signedInPage(locale: 'de' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const org = await createOrg(server, { name: 'Evidenz GmbH' });
    const context = await signedInContext(browser, server, org.organizationId, { locale, viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    return { context, page: await context.newPage() };
  }

  async function upload(page: Page, type: string, name: string, pdf: Uint8Array): Promise<void> {
    await page.goto(`${server.url}/api-account/try`, WAIT);
    await page.selectOption('#document-type', type);
    await page.setInputFiles('#file', { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await Promise.all([page.waitForLoadState('load', WAIT), page.click('form.upload button[type="submit"]')]);
  }

  for (const locale of ['de', 'en'] as const) {
    it(`draws a frame over every posting, linked to its row both ways, and offers the exports (${locale})`, { timeout: 180_000 }, async () => {
      const { context, page } = await signedInPage(locale);
      try {
        await upload(page, 'kontoauszug', 'kontoauszug.pdf', await textPdf([statementLines()]));
        await page.waitForSelector('table.evidence-rows', WAIT);
        const rows = page.locator('table.evidence-rows tbody tr');
        const n = await rows.count();
        assert.equal(n, 4, 'one row per posting');
        assert.equal(await page.locator('.evidence-page svg a.box').count(), n, 'one frame per posting');
        assert.equal(await page.locator('.evidence-page svg image').count(), 1, 'the one page is shown');

        for (let i = 0; i < n; i++) {
          const row = rows.nth(i);
          const rowId = await row.getAttribute('id');
          const boxId = await row.getAttribute('data-box');
          assert.ok(rowId && boxId, `row ${i} is linked`);
          const box = page.locator(`[id="${boxId}"]`);
          assert.equal(await box.getAttribute('data-row'), rowId, 'the frame links back to its row');
          assert.equal(await box.getAttribute('href'), `#${rowId}`);
          // The statement reconciles: every frame says so by its colour class.
          assert.match((await box.getAttribute('class')) ?? '', /verified-(running_balance|reconciled)/);
        }

        // The frames stand where the postings are printed: top to bottom in the order of the rows.
        const tops: number[] = [];
        for (let i = 0; i < n; i++) {
          const boxId = await rows.nth(i).getAttribute('data-box');
          tops.push(Number(await page.locator(`[id="${boxId}"] rect`).getAttribute('y')));
        }
        assert.deepEqual([...tops].sort((a, b) => a - b), tops);

        // Row → frame: the row's link goes to the frame; hovering lights both.
        const firstBox = (await rows.nth(1).getAttribute('data-box'))!;
        await rows.nth(1).locator('a.to-box').click();
        await page.waitForURL(new RegExp(`#${firstBox}$`), WAIT);
        await rows.nth(2).hover();
        assert.match((await page.locator(`[id="${await rows.nth(2).getAttribute('data-box')}"]`).getAttribute('class')) ?? '', /\blit\b/);
        // Frame → row.
        const rowId = (await rows.nth(3).getAttribute('id'))!;
        await page.locator(`[id="${await rows.nth(3).getAttribute('data-box')}"]`).click();
        await page.waitForURL(new RegExp(`#${rowId}$`), WAIT);

        // The three exports, as files.
        for (const [format, start] of [['camt053', '<?xml'], ['mt940', ':20:'], ['csv', '\ufeff']] as const) {
          const link = page.locator(`.downloads a[data-format="${format}"]`);
          assert.equal(await link.count(), 1, `a ${format} download`);
          const [download] = await Promise.all([page.waitForEvent('download', WAIT), link.click()]);
          const chunks: Buffer[] = [];
          for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
          const text = Buffer.concat(chunks).toString('utf8');
          assert.ok(text.startsWith(start), `${format} starts with ${JSON.stringify(start)}: ${JSON.stringify(text.slice(0, 20))}`);
        }

        await page.evaluate('window.scrollTo(0, 0)');
        await screenshot(page, `try-evidence-statement-${locale}`);
        assert.deepEqual(await axeViolations(page), [], 'axe violations on the statement result');
      } finally {
        await context.close();
      }
    });
  }

  it('draws a frame over each key number of a letter, linked to its row', { timeout: 180_000 }, async () => {
    const { context, page } = await signedInPage('de');
    try {
      await upload(page, 'lohnabrechnung', 'lohn.pdf', await textPdf([payslipLines()]));
      await page.waitForSelector('.evidence-page', WAIT);
      const keyed = page.locator('tr[id^="key-"][data-box]');
      const n = await keyed.count();
      assert.ok(n >= 3, `key numbers with a frame: ${n}`);
      assert.equal(await page.locator('.evidence-page svg a.box.verified-key').count(), n);
      // Downloads are for statements only.
      assert.equal(await page.locator('.downloads a').count(), 0);
      await screenshot(page, 'try-evidence-letter-de');
      assert.deepEqual(await axeViolations(page), [], 'axe violations on the letter result');
    } finally {
      await context.close();
    }
  });
});
