import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: a statement printed in German and English side by side labels its fields twice
 * (`Empfänger / Recipient: …`, `Verwendungszweck / Purpose: …`). A label with a slash and its
 * English twin before the colon is still the label: the party is what follows it. Our own
 * wording, not the blind family's.
 */
const page: SynthLine[] = [
  [40, 30, 'Bankhaus Lindqvist & Co. Kontoauszug / Account statement'],
  [40, 42, 'IBAN DE89 3704 0044 0532 0130 00'],
  [40, 70, 'Datum / Date'],
  [120, 70, 'Vorgang / Transaction'],
  [545, 70, 'Betrag / Amount EUR', true],
  [120, 82, 'Alter Saldo / Previous balance'],
  [545, 82, '2.000,00', true],
  [40, 94, '03.03.2026'],
  [120, 94, 'Überweisung / Transfer'],
  [545, 94, '-850,00', true],
  [120, 104, 'Empfänger / Recipient: Hausverwaltung Kühn GmbH'],
  [120, 114, 'Verwendungszweck / Purpose: Miete März 2026'],
  [40, 126, '10.03.2026'],
  [120, 126, 'Gutschrift / Credit'],
  [545, 126, '1.200,00', true],
  [120, 136, 'Auftraggeber / Ordering party: Nordlicht Media AG'],
  [120, 146, 'Verwendungszweck / Purpose: Honorar Februar'],
  [40, 158, '17.03.2026'],
  [120, 158, 'Lastschrift / Direct debit'],
  [545, 158, '-49,90', true],
  [120, 168, 'Zahlungsempfänger / Payee: Stadtwerke Ostsee'],
  [120, 178, 'Verwendungszweck / Purpose: Abschlag 03/2026'],
  [120, 194, 'Neuer Saldo / New balance'],
  [545, 194, '2.300,10', true],
];

describe('a bilingual label with its English twin (issue 21)', () => {
  test('the party is the name after `Label / Twin:`, without the label', () => {
    const a = extractAccounts(synthDoc(page))[0]!;
    assert.equal(a.info.reconciled, true);
    assert.deepEqual(a.postings.map((p) => p.text.counterparty), ['Hausverwaltung Kühn GmbH', 'Nordlicht Media AG', 'Stadtwerke Ostsee']);
  });
});
