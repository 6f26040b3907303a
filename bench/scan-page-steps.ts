/**
 * Where a scanned page's CPU goes, sub-step by sub-step and page by page (issue 20):
 *
 *   npx tsx bench/scan-page-steps.ts [native|tesseract-js] [passes, default 2]
 *
 * The user-like 3-page scan (scripts/fixtures/user-scan.ts) in one thread, no pool: per page
 * the JPEG decode, flat-field, solid boxes, blank check, page geometry, levelling (rotation and
 * deskew), the first reading and the second look, each as CPU seconds of this process and its
 * tesseract children (bench/scan-time-case.ts `cpuSeconds`), and what the second look did: the
 * unsure words (of the words with a digit), the share of the page's pixels it read again, the
 * words it replaced and the figures it gave an alternative. `bench:scan` (table 1) times the
 * real `ocrPage` per step; this script calls the steps one by one as `ocrPage` calls them for an
 * upright page, so their sum is close to but not exactly table 1's (a page the profiles call
 * sideways is levelled as it lies here, read once, as `ocrPage` reads it when it reads clearly).
 * Prints one line a page; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOcrEngine } from '../src/adapters/ocr/create-ocr-engine.js';
import { decodeImage } from '../src/pipeline/reading/image.js';
import { analysePageGeometry } from '../src/pipeline/reading/ocr/page-geometry.js';
import { defaultSecondLook, isUnsure, secondLook, type LookedWord } from '../src/pipeline/reading/ocr/second-look.js';
import { whitenSolidBoxes } from '../src/pipeline/reading/ocr/solid-boxes.js';
import { embeddedPageImages } from '../src/pipeline/reading/pdf-page-image.js';
import { defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { flattenBackground, isBlankRaster, rotateGrey } from '../src/pipeline/reading/raster.js';
import type { GreyImage, OcrEngineName } from '../src/ports/ocr-engine.js';
import { fixtureCacheDir, fixtures, readingFixture } from '../scripts/fixtures/generate.js';
import { cpuSeconds } from './scan-time-case.js';

const engineName = (process.argv[2] ?? 'native') as OcrEngineName;
const passes = Number(process.argv[3] ?? 2);
const languages = defaultReaderConfig.ocrLanguages;
await readingFixture('userScan3');
const pdf = new Uint8Array(readFileSync(path.join(fixtureCacheDir(), fixtures.userScan3.file)));
const engine = createOcrEngine(engineName, { choice: engineName, languages });
await engine.recognize({ data: new Uint8Array(64 * 32).fill(255), width: 64, height: 32 }, { languages, dpi: 300 });
const jpegs = await embeddedPageImages(pdf, [1, 2, 3]);

async function timed<T>(label: string, into: Map<string, number>, f: () => Promise<T> | T): Promise<T> {
  const c = cpuSeconds();
  const r = await f();
  into.set(label, (into.get(label) ?? 0) + cpuSeconds() - c);
  return r;
}

console.log(`scan-page-steps — user-like 3-page scan, ${engineName}, CPU s per step`);
for (let pass = 1; pass <= passes; pass++) {
  for (const [n, j] of jpegs) {
    if (!j) throw new Error(`page ${n} of the fixture is not one embedded image`);
    const t = new Map<string, number>();
    const d = await timed('decode', t, () =>
      decodeImage(j.file, { maxInputPixels: defaultReaderConfig.maxImagePixels, maxLongSide: defaultReaderConfig.maxOcrLongSide, upscaleBelowDpi: defaultReaderConfig.upscaleBelowDpi, rotate: j.rotate, pageWidthPt: 595.28 }),
    );
    const flat0 = await timed('flatten', t, () => flattenBackground(d.image));
    const flat = await timed('boxes', t, () => whitenSolidBoxes(flat0, d.dpi));
    await timed('blank', t, () => isBlankRaster(flat));
    const g = await timed('geometry', t, () => analysePageGeometry(flat, { maxSkewDegrees: defaultReaderConfig.maxSkewDegrees }));
    const lies = g.asItLies ?? g;
    const img = await timed('level', t, () => rotateGrey(flat, lies.quarterTurns === 2 ? 2 : 0, lies.skewDegrees));
    const recognize = async (im: GreyImage) => (await engine.recognize(im, { languages, dpi: d.dpi })).words;
    const words = await timed('first reading', t, () => recognize(img));
    let again = 0;
    const looked: LookedWord[] = await timed('second look', t, () =>
      secondLook(img, words, (im) => {
        again = im.width * im.height;
        return recognize(im);
      }),
    );
    const unsure = words.filter((w) => isUnsure(w, defaultSecondLook)).length;
    const digits = words.filter((w) => /\d/u.test(w.text)).length;
    const replaced = looked.filter((w) => !words.includes(w)).length;
    const alternatives = looked.filter((w) => w.alternative !== undefined).length;
    const steps = [...t].map(([k, v]) => `${k} ${v.toFixed(2)}`).join(' · ');
    const sum = [...t.values()].reduce((a, b) => a + b, 0);
    console.log(
      `pass ${pass} page ${n}: ${steps} · sum ${sum.toFixed(2)} | ${words.length} words, unsure ${unsure} (of ${digits} with a digit), read again ${((100 * again) / (img.width * img.height)).toFixed(1)} % of the page, replaced ${replaced}, alternatives ${alternatives}`,
    );
  }
}
await engine.close();
console.log(`load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
