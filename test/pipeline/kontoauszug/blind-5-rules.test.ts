import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { statementPatterns as vocab } from '../../../src/pipeline/layout/vocabulary.js';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';

/**
 * Issue 21, blind batch 5 seen: the rules its misses asked for, each as it holds for other banks'
 * statements of the kind (not the fixture's words).
 */
describe('blind batch 5 rules (issue 21)', () => {
  test('a compound balance noun after the row date still makes a balance line', () => {
    // Swiss lists (and savings banks) date their closing row: `31.08.2025 Schlusssaldo -2'416.77`.
    for (const rest of ['Schlusssaldo', 'Schlussbestand', 'Endbestand', 'Anfangsbestand', 'Startsaldo', 'Saldovortrag', 'Endsaldo']) {
      assert.ok(vocab.datedBalance.test(rest.toLowerCase()), rest);
    }
    // A posting's type after its date stays a posting.
    for (const rest of ['lastschrift lsv+', 'zahlung e-banking', 'uebertrag auf sparkonto', 'bestandsaufnahme gmbh']) {
      assert.ok(!vocab.datedBalance.test(rest), rest);
    }
  });

  test("a card posting's foreign-currency line with its label is text, not the merchant's tail", () => {
    assert.deepEqual(splitCounterparty(['LONDON TRANSPORT, LONDON', 'Umsatz GBP 178,67 Kurs 0,8392'], true), { counterparty: 'LONDON TRANSPORT, LONDON', text: 'Umsatz GBP 178,67 Kurs 0,8392' });
    assert.deepEqual(splitCounterparty(['AMAZON MARKETPLACE', 'LUXEMBOURG', 'Originalbetrag: USD 12,00'], true), { counterparty: 'AMAZON MARKETPLACE LUXEMBOURG', text: 'Originalbetrag: USD 12,00' });
    // Unlabelled on the merchant's own line, as before.
    assert.deepEqual(splitCounterparty(['HOTEL ROMA USD 268,45 1,0931'], true), { counterparty: 'HOTEL ROMA', text: 'USD 268,45 1,0931' });
    // A wrapped descriptor without a foreign amount stays whole.
    assert.deepEqual(splitCounterparty(['PAYPAL *SHOP', '38888899999'], true), { counterparty: 'PAYPAL *SHOP 38888899999', text: '' });
  });
});
