import type { AccountRecord } from '../pipeline/model/result.js';
import { EXPORT_FORMATS, isExportFormat, renderStatementExport, type ExportFormat, type RenderedExport } from '../pipeline/exports/index.js';

/**
 * A statement's postings in an accounting format (SPEC §8a: camt053, mt940, csv), for the API's
 * `format` field, the account area's downloads and the CLI alike: one renderer per format, from
 * the postings model.
 */
export const STATEMENT_EXPORT_FORMATS = EXPORT_FORMATS;
export type StatementExportFormat = ExportFormat;
export { isExportFormat };

export function exportStatement(accounts: AccountRecord[], format: StatementExportFormat, createdAt: Date = new Date()): RenderedExport {
  return renderStatementExport(accounts, format, { createdAt });
}
