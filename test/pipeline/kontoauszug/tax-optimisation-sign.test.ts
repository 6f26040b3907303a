import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, the real corpus: a broker's clearing-account statement without balances
 * (`BUCHUNGSTAG / BUCHUNGSTEXT BETRAG IN EUR`, one unsigned amount) books a
 * `Steueroptimierung`: withheld capital-gains tax paid back once losses or allowances offset
 * it. With no sign and no balance to judge, the type decides; it was guessed a debit. Where the
 * real statements print balances, every such posting raises them.
 */
describe('an unsigned Steueroptimierung with no balances to judge it (issue 21)', () => {
  const page: SynthLine[] = [
    [40, 40, 'KONTOAUSZUG'],
    [40, 52, 'zum 31.12.2020'],
    [40, 70, 'BUCHUNGEN'],
    [40, 82, 'BUCHUNGSTAG / BUCHUNGSTEXT BETRAG IN EUR'],
    [40, 94, 'WERTSTELLUNG'],
    [40, 110, '04.11.2020 Steueroptimierung null 0000000000000000'],
    [540, 110, '4,20', true],
    [40, 122, '04.11.2020'],
  ];

  test('is a credit', () => {
    const rows = toTables(extractAccounts(synthDoc(page)))[0]!.rows;
    assert.deepEqual(rows.map((r) => `${r[0]} ${r[3]}`), ['04.11.2020 4,20']);
  });
});
