import { DocumentNotRecognizedError } from '../../model/errors.js';
import type { Stage } from '../../model/stage.js';
import { extractAccounts, toTables } from './engine.js';
import { unreadPostings } from './unread-postings.js';
import { toAccountRecords } from './postings-record.js';

/**
 * The kontoauszug extraction stage: writes `tables` (one per account), `statement` (one
 * object, or an array when the document holds several accounts) and `accounts` (SPEC §8a: the
 * same postings as accounting data with their evidence, postings-record.ts). A document classified as a
 * statement in which no posting and no balance can be found is not recognised (422), never
 * answered with an empty guess. Nor is one whose printed balances show that money moved
 * (opening ≠ closing) while not one posting of any account could be read (`unreadPostings`): a
 * 200 with empty rows would be a wrong answer a client might store, so it is 422 too, with a
 * message that says so (docs/kontoauszug.md, docs/api.md).
 */
export const kontoauszugStage: Stage = {
  name: 'kontoauszug',
  layoutParts: () => ['statementLines'],
  run(ctx) {
    const accounts = extractAccounts(ctx.document, ctx.layout);
    if (accounts.length === 0) {
      throw new DocumentNotRecognizedError('No postings or balances of a bank statement were found in the document.');
    }
    if (unreadPostings(accounts)) {
      throw new DocumentNotRecognizedError('The document reads as a bank statement whose balances change over the period, but none of its postings could be read.');
    }
    ctx.slots.tables = toTables(accounts);
    ctx.slots.statement = accounts.length === 1 ? accounts[0]!.info : accounts.map((a) => a.info);
    ctx.slots.accounts = toAccountRecords(accounts, ctx.document);
  },
};
