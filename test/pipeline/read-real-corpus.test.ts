import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sniffFileKind } from '../../src/domain/file-kind.js';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { sharedCorpusDir } from '../support/corpus.js';
import { openSignal, testReader } from './helpers.js';

/**
 * Real fine notices (scans, phone photos, PDFs) from the shared corpus, read at run time only —
 * never copied into the repository. Skipped where the corpus is not mounted.
 */
const DIR = sharedCorpusDir('bussgeldbescheid');
const PREFIX = 'ErikMerko__OCR-Bussgeld__';
const present = DIR !== null;

describe('real Bußgeldbescheide', { skip: present ? false : '../shared/corpus/real/bussgeldbescheid is not available' }, () => {
  // Started only where the corpus exists, so a skipped suite leaves no pool behind.
  const reader = present ? testReader({ ocrEngine: 'auto' }) : null;
  after(() => reader?.close());

  async function read(file: string) {
    const bytes = new Uint8Array(readFileSync(path.join(DIR!, file)));
    const kind = sniffFileKind(bytes);
    assert.ok(kind, `${file} is a PDF, JPEG or PNG`);
    return reader!.read(bytes, kind, { maxPages: 20, signal: openSignal() });
  }

  const expectations: [file: string, source: 'pdf' | 'ocr', phrase: RegExp][] = [
    [`${PREFIX}Bußgeldbescheid-Vorlage21-Stuttgart-1.pdf`, 'pdf', /Landeshauptstadt Stuttgart/u],
    [`${PREFIX}BußgeldVorlage2Scan3.pdf`, 'ocr', /Regierungspräsidium/u],
    [`${PREFIX}AB_D-U-AV_1.jpg`, 'ocr', /Anhörungsbogen/u],
    [`${PREFIX}BB_V-O-AV_7.JPG`, 'ocr', /Bußgeldbescheid/u],
  ];
  for (const [file, source, phrase] of expectations) {
    it(`${file.slice(PREFIX.length)}: ${source} finds ${phrase.source}`, { skip: !existsSync(path.join(DIR!, file)) }, async () => {
      const doc = await read(file);
      assert.equal(doc.pages[0]!.source, source);
      assert.match(doc.pages.map(pageText).join('\n'), phrase);
    });
  }

  it('every file in the folder loads into pages with words', async () => {
    const files = present ? readdirSync(DIR!).filter((f) => /\.(pdf|jpe?g|png)$/iu.test(f)) : [];
    for (const file of files) {
      const doc = await read(file);
      assert.ok(doc.pages.length > 0, file);
      assert.ok(doc.pages.some((p) => p.cells.length > 0), `${file} has words`);
    }
  });
});
