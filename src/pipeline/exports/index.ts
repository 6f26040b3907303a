import type { AccountRecord } from '../model/result.js';
import { renderCamt053 } from './camt053.js';
import { renderCsv } from './csv.js';
import { renderMt940 } from './mt940.js';

/**
 * The statement exports of SPEC §8a, rendered from the postings model (`accounts`), never from
 * the seed's string table. `json` is not here: it is the analysis response itself.
 */
export const EXPORT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportMeta {
  /** When the export is made: camt.053 `CreDtTm`, and the date of last resort for a balance no date was printed for. */
  createdAt: Date;
}

export interface RenderedExport {
  contentType: string;
  body: string;
  /** Without the dot: `camt053.xml`, `sta`, `csv`. */
  filenameExtension: string;
}

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export function renderStatementExport(accounts: AccountRecord[], format: ExportFormat, meta: ExportMeta): RenderedExport {
  switch (format) {
    case 'camt053':
      return { contentType: 'application/xml; charset=utf-8', body: renderCamt053(accounts, meta), filenameExtension: 'camt053.xml' };
    case 'mt940':
      // MT940 is SWIFT's character set only, which is ASCII; `.sta` is the extension banks and DATEV use.
      return { contentType: 'text/plain; charset=us-ascii', body: renderMt940(accounts, meta), filenameExtension: 'sta' };
    case 'csv':
      return { contentType: 'text/csv; charset=utf-8; header=present', body: renderCsv(accounts), filenameExtension: 'csv' };
  }
}
