import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { nameLike, splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * Issue 21: the counterparty where blind batch 2 lost it — a SEPA batch (Sammler) that names no
 * single party, a card statement's cash withdrawal whose descriptor is the party while its fee's
 * rate line is none, and a statement printer's `PN:46` (a label glued to a figure, a reference);
 * on OCR'd pages, a mark before the type word and a type line the photo lost.
 * The families stay `pending` for what else they ask (booking-date column, DD/MM/YYYY); only the
 * Empfänger column is asserted here, on generated text-layer PDFs through the real reading layer.
 */
describe('counterparty on blind batch 2 (issue 21)', () => {
  test('a batch booking names no single party, whatever its item lines print', () => {
    const items = ['Einzug Wartungsverträge 08/2025', 'Sammler-Ref. 20250804-2110  Anzahl Posten 3', 'Kita Sonnenschein e.V. DE12 5001 0517 0648 4898 90'];
    assert.deepEqual(splitCounterparty(['SEPA-Sammellastschrift-Einzug', ...items]), { counterparty: '', text: ['SEPA-Sammellastschrift-Einzug', ...items].join(' ').replace(/\s+/gu, ' ') });
    assert.equal(splitCounterparty(['Sammelüberweisung', 'Bauer Elektrotechnik GmbH']).counterparty, '');
  });

  test('a rate or a foreign amount with its rate is no name', () => {
    assert.equal(nameLike('2,00 %, mind. 5,00 EUR'), false);
    assert.equal(nameLike('USD 268,45 1,0931'), false);
    assert.equal(nameLike('Zahnarztpraxis Dr. Weber'), true);
  });

  test('a label glued to a figure is a reference, not the name after the type', () => {
    assert.equal(nameLike('PN:46'), false);
    assert.deepEqual(splitCounterparty(['DAUERAUFTRAG PN:46', 'SPARKONTO ANNA SCHULZ', 'EREF+309607422800 SVWZ+MIETE DEZEMBER 2025']), {
      counterparty: 'SPARKONTO ANNA SCHULZ',
      text: 'DAUERAUFTRAG PN:46 EREF+309607422800 SVWZ+MIETE DEZEMBER 2025',
    });
  });

  test('on a card statement a cash withdrawal’s descriptor is its party; a place in type words and a fee are not', () => {
    assert.deepEqual(splitCounterparty(['Bargeldauszahlung', 'GA SPARKASSE KOELNBONN KOELN DE'], true), { counterparty: 'GA SPARKASSE KOELNBONN KOELN DE', text: 'Bargeldauszahlung' });
    assert.equal(splitCounterparty(['Bargeldauszahlung', 'Geldautomat Hauptbahnhof'], true).counterparty, '');
    assert.equal(splitCounterparty(['Entgelt Bargeldauszahlung', '2,00 %, mind. 5,00 EUR'], true).counterparty, '');
    // On a giro account the machine's place stays text (real-b convention).
    assert.equal(splitCounterparty(['Bargeldauszahlung', 'GA Musterstadt Hauptstr. 12']).counterparty, '');
  });

  test('OCR: a mark read before the type word does not hide it', () => {
    assert.deepEqual(splitCounterparty(['_DAUERAUFTRAG PN:812', 'SPARKONTO ANNA SCHULZ', 'EREF+436004014196 SVWZ+MIETE DEZEMBER 2025']), {
      counterparty: 'SPARKONTO ANNA SCHULZ',
      text: 'DAUERAUFTRAG PN:812 EREF+436004014196 SVWZ+MIETE DEZEMBER 2025',
    });
  });

  test('type above the name, the type line lost (a photo): a first line that reads as a name over a line that is none', () => {
    assert.deepEqual(splitCounterparty(['Amazon Payments Europe', 'Valuta 09.06.2025 EREF+736047039158', 'SVWZ+Beitrag Haftpflicht Juni 2025'], false, 'second'), {
      counterparty: 'Amazon Payments Europe',
      text: 'Valuta 09.06.2025 EREF+736047039158 SVWZ+Beitrag Haftpflicht Juni 2025',
    });
    assert.equal(splitCounterparty(['PayPal Europe S.a.r.l.', 'Valuta 08.06.2025 Abschlag Strom Juni 2025'], false, 'second').counterparty, 'PayPal Europe S.a.r.l.');
    // An unknown type word alone, or a phrase, over a purpose stays text.
    assert.equal(splitCounterparty(['TWINT', 'Valuta 08.06.2025 Abschlag Strom Juni 2025'], false, 'second').counterparty, '');
    assert.equal(splitCounterparty(['Zahlung im Einzugsverfahren', 'Valuta 08.06.2025 Rechnung 4711'], false, 'second').counterparty, '');
  });

  describe('generated PDFs, Empfänger column', () => {
    let reader: ReaderWithStats;
    before(() => {
      reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
    });
    after(() => reader.close());
    for (const name of ['geschaeftskonto-sammler', 'kreditkarte-fremdwaehrung', 'kontoauszugsdrucker-caps']) {
      test(name, async () => {
        const layout = LAYOUTS.find((l) => l.name === name)!;
        for (const seed of [1, 2]) {
          const f = fixtureFor(layout, seed);
          const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
          const party = (t: { rows: string[][] }[]): string[][] => t.flatMap((x) => x.rows.map((r) => [r[0]!, r[3]!, r[2]!]));
          assert.deepEqual(party(toTables(extractAccounts(doc))), party(f.expected.tables), `${f.id}: Empfänger`);
        }
      });
    }
  });
});
