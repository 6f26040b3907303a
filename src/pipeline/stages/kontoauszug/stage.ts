import { DocumentNotRecognizedError } from '../../model/errors.js';
import type { Stage } from '../../model/stage.js';
import { extractAccounts, toTables } from './engine.js';
import { toAccountRecords } from './postings-record.js';

/**
 * The kontoauszug extraction stage: writes `tables` (one per account), `statement` (one
 * object, or an array when the document holds several accounts) and `accounts` (SPEC §8a: the
 * same postings as accounting data with their evidence, postings-record.ts). A document classified as a
 * statement in which no posting and no balance can be found is not recognised (422), never
 * answered with an empty guess.
 */
export const kontoauszugStage: Stage = {
  name: 'kontoauszug',
  layoutParts: () => ['statementLines'],
  run(ctx) {
    const accounts = extractAccounts(ctx.document, ctx.layout);
    if (accounts.length === 0) {
      throw new DocumentNotRecognizedError('No postings or balances of a bank statement were found in the document.');
    }
    ctx.slots.tables = toTables(accounts);
    ctx.slots.statement = accounts.length === 1 ? accounts[0]!.info : accounts.map((a) => a.info);
    ctx.slots.accounts = toAccountRecords(accounts, ctx.document);
  },
};
