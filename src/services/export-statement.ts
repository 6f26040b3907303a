import { EXPORT_FORMATS, renderStatementExport, type ExportFormat, type RenderedExport } from '../pipeline/exports/index.js';
import type { AnalyzeBody } from './analyze-document.js';
import { fail, ok, type Outcome } from './service-error.js';

export { EXPORT_FORMATS, isExportFormat, type ExportFormat, type RenderedExport } from '../pipeline/exports/index.js';

/**
 * A kontoauszug analysis as one of the exports of SPEC §8a (camt.053, MT940, CSV), rendered from
 * its postings model. Used by the API's `format` field and the operator CLI alike, so both give
 * the same file. An analysis of another document type has no postings: 400 invalid_request
 * (param `format`), as the contract says. A statement in which no account was found cannot be
 * a camt.053 (one `Stmt` at least) nor a meaningful MT940: 422 document_not_recognized.
 */
/** What `POST /api/v1/analyze` answers with: the JSON result (default) or one of the exports. */
export const RESPONSE_FORMATS = ['json', ...EXPORT_FORMATS] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/**
 * The form field `format` (SPEC §8a): absent is `json`; an export only for a kontoauszug. Checked
 * before the document is read, so a call that cannot be answered in its format costs nothing.
 */
export function acceptResponseFormat(given: string | undefined, documentType: string): Outcome<ResponseFormat> {
  if (given === undefined) return ok('json');
  const format = RESPONSE_FORMATS.find((f) => f === given);
  if (!format) return fail('invalid_request', `format must be one of ${RESPONSE_FORMATS.join(', ')}.`, 'format');
  if (format !== 'json' && documentType !== 'kontoauszug') {
    return fail('invalid_request', `format '${format}' is only available for document_type kontoauszug.`, 'format');
  }
  return ok(format);
}

export function exportStatement(body: AnalyzeBody, format: ExportFormat, meta: { createdAt: Date }): Outcome<RenderedExport> {
  if (!('tables' in body) || body.document_type !== 'kontoauszug') {
    return fail('invalid_request', `format '${format}' is only available for document_type kontoauszug.`, 'format');
  }
  const accounts = body.accounts ?? [];
  if (accounts.length === 0) {
    return fail('document_not_recognized', `No account with postings or balances was found in the statement, so there is nothing to export as ${format}.`);
  }
  return ok(renderStatementExport(accounts, format, meta));
}
