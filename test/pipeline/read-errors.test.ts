import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { LoadFailureKind } from '../../src/pipeline/model/errors.js';
import { DocumentLoadError } from '../../src/pipeline/model/errors.js';
import type { FixtureName } from '../../scripts/fixtures/generate.js';
import { readFixture, testReader } from './helpers.js';

/** Every refusal has its own generated input and a public message that names the problem. */
const reader = testReader();
after(() => reader.close());

async function refuses(name: FixtureName, kind: LoadFailureKind, message: RegExp, maxPages = 100): Promise<void> {
  await assert.rejects(readFixture(reader, name, { maxPages }), (err: unknown) => {
    assert.ok(err instanceof DocumentLoadError, `expected DocumentLoadError, got ${String(err)}`);
    assert.equal(err.kind, kind);
    assert.match(err.publicMessage, message);
    return true;
  });
}

describe('bad input is refused with a DocumentLoadError', () => {
  it('empty file', () => refuses('empty', 'empty', /empty/u));
  it('truncated PDF', () => refuses('truncated', 'corrupt', /damaged or truncated/u));
  it('corrupt PDF (header, then noise)', () => refuses('corrupt', 'corrupt', /damaged or truncated/u));
  it('password-protected PDF', () => refuses('encrypted', 'encrypted', /password/u));
  it('more pages than the limit', () => refuses('tooManyPages', 'too_many_pages', /12 pages; at most 10/u, 10));
  it('JPEG that cannot be decoded', () => refuses('undecodableJpeg', 'undecodable_image', /cannot be decoded/u));
  it('PNG that cannot be decoded', () => refuses('undecodablePng', 'undecodable_image', /cannot be decoded/u));
  it('decompression bomb: 30000 × 30000 PNG, refused from its header', async () => {
    const rssBefore = process.memoryUsage().rss;
    await refuses('bomb', 'image_too_large', /too large \(30000 × 30000 pixels\); at most 100 megapixels/u);
    // Decoding it would take 900 MB; the refusal must not have decoded anything.
    assert.ok(process.memoryUsage().rss - rssBefore < 300 * 1024 * 1024);
  });
  it('the pool is still healthy after all refusals', async () => {
    const doc = await readFixture(reader, 'statement3');
    assert.equal(doc.pages.length, 3);
    assert.equal(reader.stats().running, 0);
  });
});
