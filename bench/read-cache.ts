/**
 * LETTER_READ_CACHE=<dir> (engine work only, like KA_READ_CACHE in eval-kontoauszug.ts): wraps a
 * reader so each upload's read document is kept in <dir> under the hash of its bytes and read
 * back on the next run. A change to the letter analysis is then measured on exactly the OCR
 * output it was measured on before, without OCR'ing every image again; a change to the reading
 * layer needs an empty dir. Reading times are not measured on cached reads. Point it at a temp
 * dir and delete it after the session: it holds the words of the real samples it was run on.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { DocumentReader } from '../src/pipeline/model/reader.js';

export function cachingReader(reader: DocumentReader, dir: string | undefined): DocumentReader {
  if (!dir) return reader;
  return {
    async read(bytes, kind, options) {
      const file = path.join(dir, `${createHash('sha256').update(bytes).update(kind).digest('hex')}.json`);
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LoadedDocument;
      const document = await reader.read(bytes, kind, options);
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, JSON.stringify({ ...document, pages: document.pages.map(({ preview: _, ...p }) => p) }));
      return document;
    },
    close: () => reader.close(),
  };
}
