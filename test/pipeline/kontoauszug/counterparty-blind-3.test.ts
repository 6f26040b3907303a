import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { splitCounterparty, withoutLeadingCells } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { postingPurpose } from '../../../src/pipeline/stages/kontoauszug/purpose.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * Issue 21: the counterparty where blind batch 3 lost it — column cells left of the text on a
 * posting's first line (a weekday before its date, an S/H mark in its own column, the account of
 * a multi-account list) hid the type and with it the name below; posting types of foreign-currency,
 * building-savings and loan accounts the vocabulary did not know. The families stay `pending` for
 * what else they ask; only the Empfänger column is asserted here, on generated text-layer PDFs
 * through the real reading layer.
 */
describe('counterparty on blind batch 3 (issue 21)', () => {
  test('a weekday, an S/H mark or an account cell before the type is no text and no name', () => {
    assert.equal(withoutLeadingCells('Do Lastschrift'), 'Lastschrift');
    assert.equal(withoutLeadingCells('H Zahlungseingang'), 'Zahlungseingang');
    assert.equal(withoutLeadingCells('Girokonto …7192 Überweisung'), 'Überweisung');
    assert.equal(withoutLeadingCells('Tagesgeld ****8018 Umbuchung'), 'Umbuchung');
    // Only where a type follows: a name or a purpose keeps its first word.
    assert.equal(withoutLeadingCells('Do Nguyen Bistro'), 'Do Nguyen Bistro');
    assert.equal(withoutLeadingCells('S Oliver GmbH'), 'S Oliver GmbH');
    assert.deepEqual(splitCounterparty(['Do Lastschrift', 'HUK-COBURG', 'Abschlag Strom Juli 2025']), { counterparty: 'HUK-COBURG', text: 'Lastschrift Abschlag Strom Juli 2025' });
    assert.equal(splitCounterparty(['S Abschluss', 'Rechnungsabschluss Zinsen und Entgelte']).counterparty, '');
    assert.equal(splitCounterparty(['Tagesgeld …8018 Zinsgutschrift', 'Zinsen 04/2025 1,75 % p.a.']).counterparty, '');
  });

  test('foreign-currency, building-savings and loan types stand above their party', () => {
    assert.equal(splitCounterparty(['Auslandszahlungseingang 1,0839', 'MAPLE LEAF DISTRIBUTION, TORONTO', 'INVOICE 2025-4607']).counterparty, 'MAPLE LEAF DISTRIBUTION, TORONTO');
    assert.equal(splitCounterparty(['VL-Zahlung', 'Stadtwerke Beispielhausen', 'Vermögenswirksame Leistungen 01/2025']).counterparty, 'Stadtwerke Beispielhausen');
    assert.equal(splitCounterparty(['Sondertilgung', 'Anna Schulz', 'Sondertilgung lt. Vertrag 5428940734']).counterparty, 'Anna Schulz');
    // A savings instalment drawn from the holder's giro account names no one.
    assert.equal(splitCounterparty(['Sparrate', 'Einzug vom Girokonto 3171261796', 'Vertrag 66366789']).counterparty, '');
  });

  test('a conversion rate after the type (a Kurs column) is no purpose', () => {
    assert.equal(postingPurpose('Auslandszahlungseingang 1,0839 INVOICE 2025-4607', 'Auslandszahlungseingang'), 'INVOICE 2025-4607');
    assert.equal(postingPurpose('Gutschrift 12,50 Erstattung', 'Gutschrift'), '12,50 Erstattung');
    // A labelled IBAN printed in groups is a field of its own, all its groups.
    assert.equal(postingPurpose('Zahlungseingang Kindergeld August 2025 IBAN: DE31 2656 4082 7522 2391 94 BIC: HYVEDEMMXXX', 'Zahlungseingang'), 'Kindergeld August 2025');
  });

  describe('generated PDFs, Empfänger column', () => {
    let reader: ReaderWithStats;
    before(() => {
      reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
    });
    after(() => reader.close());
    for (const name of ['umsaetze-alle-konten', 'wochentag-summenblock', 'drei-datumsspalten-sh', 'usd-waehrungskonto', 'bausparkonto-jahresauszug', 'darlehenskonto-annuitaet']) {
      test(name, async () => {
        const layout = LAYOUTS.find((l) => l.name === name)!;
        for (const seed of [1, 2]) {
          const f = fixtureFor(layout, seed);
          const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
          // Matched by date and amount: the Empfänger of every posting the engine reads.
          const got = new Map(toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => [`${r[0]} ${r[3]}`, r[2]!] as const)));
          const want = f.expected.tables.flatMap((t) => t.rows.map((r) => [`${r[0]} ${r[3]}`, r[2]!] as const)).filter(([k]) => got.has(k));
          assert.ok(want.length > 0, `${f.id}: postings read`);
          assert.deepEqual(want.map(([k]) => [k, got.get(k)]), want, `${f.id}: Empfänger`);
        }
      });
    }
  });
});
