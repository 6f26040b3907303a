import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { labelledField, purposeLike, splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { SHAPES } from './counterparty-shapes.js';

/**
 * Issue 21: the counterparty decided per posting from evidence that holds across German,
 * Austrian and Swiss-German statements (counterparty-shapes.ts: 50 block shapes of how banks and
 * apps print a posting), with the document's slot as a prior a posting's own evidence overrules.
 */
describe('counterparty per posting across bank formats (issue 21)', () => {
  test('the table holds at least 40 shapes', () => {
    assert.ok(SHAPES.length >= 40, `${SHAPES.length} shapes`);
  });

  for (const [i, s] of SHAPES.entries()) {
    test(`${i} ${s.bank}: ${s.lines.join(' / ').slice(0, 90)}`, () => {
      assert.equal(splitCounterparty(s.lines, s.card ?? false, s.slot ?? 'auto').counterparty, s.expect);
    });
  }

  test('a purpose word makes a line a purpose, a legal form keeps it a name', () => {
    assert.equal(purposeLike('Rechnung 2025-118'), true);
    assert.equal(purposeLike('Kd-Nr. 123456789'), true);
    assert.equal(purposeLike('ARD ZDF Deutschlandradio Beitragsservice'), false);
    assert.equal(purposeLike('Miete24 Vermietung GmbH'), false);
  });

  test('a labelled name inside a running line ends at the next label; the rest stays text', () => {
    assert.deepEqual(labelledField('Übertrag / Überweisung Empfänger: Max Mustermann Kto/IBAN: DE02120300000000202051 Buchungstext: Miete Juli'), {
      name: 'Max Mustermann',
      rest: 'Übertrag / Überweisung Kto/IBAN: DE02120300000000202051 Buchungstext: Miete Juli',
    });
    assert.equal(labelledField('Referenz: Urlaub'), null);
  });

  test('the text keeps every line but the name', () => {
    assert.deepEqual(splitCounterparty(['Gutschrift', 'Rechnung 2025-118', 'Referenz 0006611209', 'Schreinerei Holzmann e.K.']), {
      counterparty: 'Schreinerei Holzmann e.K.',
      text: 'Gutschrift Rechnung 2025-118 Referenz 0006611209',
    });
  });
});
