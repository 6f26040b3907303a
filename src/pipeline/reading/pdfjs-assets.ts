import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * pdfjs loads its standard fonts, CMaps and image-decoder WASM through these directories. In Node
 * it reads them with fs.readFile, so pointing them into node_modules means nothing is ever
 * fetched over the network. Paths must end with a separator (pdfjs appends file names).
 */
export interface PdfjsAssetDirs {
  standardFontDataUrl: string;
  cMapUrl: string;
  wasmUrl: string;
}

let cached: PdfjsAssetDirs | undefined;

export function pdfjsAssetDirs(): PdfjsAssetDirs {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  cached = Object.freeze({
    standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
    cMapUrl: path.join(root, 'cmaps') + path.sep,
    wasmUrl: path.join(root, 'wasm') + path.sep,
  });
  return cached;
}
