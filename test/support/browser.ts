import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { signedInCookie } from './account-session.js';
import type { TestServer } from './server.js';

/**
 * Headless Chromium for the account-area tests: Debian's `chromium` (installed by .ci/run),
 * driven by playwright-core (its own browser download cannot run here). Flags as measured on
 * this machine: without the background-networking ones Chromium keeps dialling out and is
 * refused by the closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    timeout: 60_000, // a loaded CI machine starts Chromium slowly
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Screenshots are test artefacts: test-artifacts/screenshots/<name>.png (git-ignored). */
export const SCREENSHOT_DIR = join(new URL('../..', import.meta.url).pathname, 'test-artifacts', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and returns the violations.
 * The script is evaluated through the DevTools protocol, which the pages' CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Runs in the page: `document` is the page's (the project's TypeScript has no DOM types).
    const page = globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<any> }; document: unknown };
    const result = await page.axe.run(page.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
}

/**
 * A browser context signed in to the account area of `server` as `organizationId`: the session
 * cookie and the CSRF cookie, as the browser would hold them after sign-in (account-session.ts).
 */
export async function signedInContext(
  browser: Browser,
  server: Pick<TestServer, 'store' | 'clock' | 'url'>,
  organizationId: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const cookie = await signedInCookie(server, organizationId);
  const context = await browser.newContext(options);
  const cookies = cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
  await context.addCookies(cookies.map((c) => ({ ...c, url: `${server.url}/api-account` })));
  return context;
}
