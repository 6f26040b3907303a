import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DocumentNotRecognizedError } from '../../../src/pipeline/model/errors.js';
import type { PipelineSlots, StageContext } from '../../../src/pipeline/model/stage.js';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { bankFromLine, extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { repeatedLines } from '../../../src/pipeline/stages/kontoauszug/headers-footers.js';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { reconcileSigns, signFromType } from '../../../src/pipeline/stages/kontoauszug/sign.js';
import { kontoauszugStage } from '../../../src/pipeline/stages/kontoauszug/stage.js';
import { synthDoc, synthOcrDoc, type SynthLine } from './synthetic.js';

/** The engine's rules one by one, on synthetic pages (positions without a PDF). */
const rows = (lines: SynthLine[][]): string[][] => toTables(extractAccounts(synthDoc(...lines))).flatMap((t) => t.rows);

describe('counterparty and posting text', () => {
  test('name after the type on the first line', () => {
    assert.deepEqual(splitCounterparty(['Lastschrift Stadtwerke München', 'Abschlag März']), { counterparty: 'Stadtwerke München', text: 'Lastschrift Abschlag März' });
  });
  test('name on its own line below the type; SEPA lines stay text', () => {
    assert.deepEqual(splitCounterparty(['Basislastschrift', 'Telekom Deutschland GmbH', 'EREF+123 MREF+M1 CRED+DE00ZZZ1', 'SVWZ+Rechnung']), {
      counterparty: 'Telekom Deutschland GmbH',
      text: 'Basislastschrift EREF+123 MREF+M1 CRED+DE00ZZZ1 SVWZ+Rechnung',
    });
  });
  test('app export: name first, type on the next line', () => {
    assert.deepEqual(splitCounterparty(['REWE Markt GmbH', 'Kartenzahlung Einkauf']), { counterparty: 'REWE Markt GmbH', text: 'Kartenzahlung Einkauf' });
  });
  test('fees and closing postings have no counterparty', () => {
    assert.deepEqual(splitCounterparty(['Entgelt', 'Kontoführung 03/2026']), { counterparty: '', text: 'Entgelt Kontoführung 03/2026' });
    assert.deepEqual(splitCounterparty(['Abschluss']), { counterparty: '', text: 'Abschluss' });
    assert.deepEqual(splitCounterparty(['Kontoabschluß', 'Habenzinsen']), { counterparty: '', text: 'Kontoabschluß Habenzinsen' });
  });
  test('a line of posting-type wording or a securities order is not a name', () => {
    assert.deepEqual(splitCounterparty(['Gutschrift', 'EINZAHLUNG 01 2011']), { counterparty: '', text: 'Gutschrift EINZAHLUNG 01 2011' });
    assert.deepEqual(splitCounterparty(['Ausführung ORDER Verkauf XXXXXXXXXXXX', '00000000']).counterparty, '');
    assert.deepEqual(splitCounterparty(['WERTPAPIERKAUF AUFTRAGSNUMMER 0000003', 'US0846707026 555555555510']).counterparty, '');
    assert.deepEqual(splitCounterparty(['Grundgebühr für September 2025', 'KONTOFÜHRUNG']), { counterparty: '', text: 'Grundgebühr für September 2025 KONTOFÜHRUNG' });
  });
  test('ABWA+ names the party only when no name line is printed', () => {
    assert.equal(splitCounterparty(['Kartenzahlung', 'SVWZ+2021-01-29 Debitk.0 ABWA+DANKE, IHR LIDL']).counterparty, 'DANKE, IHR LIDL');
  });
});

describe('signs', () => {
  test('posting types suggest a direction', () => {
    assert.equal(signFromType('Gutschrift', ''), 1);
    assert.equal(signFromType('Lohn, Gehalt, Rente', ''), 1);
    assert.equal(signFromType('Zahlungseingang', ''), 1);
    assert.equal(signFromType('Kartenzahlung', ''), -1);
    assert.equal(signFromType('Dauerauftrag', ''), -1);
    assert.equal(signFromType('SEPA-Lastschrift', ''), -1);
    // Settlements go either way: what they settle decides.
    assert.equal(signFromType('Kontoabschluß', 'Kontoabschluß Habenzinsen v. 28.03.2011 b. 30.04.2011'), 1);
    assert.equal(signFromType('Abschluss', 'Abschluss Sollzinsen 9,6 % einger. Kontoüberziehung'), -1);
    assert.equal(signFromType('Rechnungsabschluss', 'Rechnungsabschluss Entgelte Kontoführung'), -1);
    assert.equal(signFromType('Abrechnung 30.06.2023', 'Abrechnung 30.06.2023 siehe Anlage'), -1);
    // A fee whose text names its refund is the fee paid back; a fee for a returned debit is a fee.
    assert.equal(signFromType('sonstige Entgelte', 'sonstige Entgelte StornorechnungBANK AGErstattung Entg. Debitkarte'), 1);
    assert.equal(signFromType('Entgelt', 'Entgelt Rücklastschrift Stadtwerke'), -1);
    assert.equal(signFromType('sonstige Entgelte', 'sonstige Entgelte Rechnung Entgelt Girokarte'), -1);
    assert.equal(signFromType('INTERNE UMBUCHUNG HABEN TARGOBANK KONTO', ''), 1);
    assert.equal(signFromType('INTERNE UMBUCHUNG SOLL TARGO OLB', ''), -1);
    // Interest by kind wherever it stands on the first line.
    assert.equal(signFromType('5000510765 Ihre Tagesgeldzinsen', ''), 1);
    assert.equal(signFromType('Überziehungszinsen', ''), -1);
    // App statements: English and reward words.
    assert.equal(signFromType('Accepted PayIn:DE12 to DE34', ''), 1);
    assert.equal(signFromType('Belohnung', 'Crypto one percent bonus compensation Belohnung'), 1);
    assert.equal(signFromType('Überweisung', 'Incoming transfer from name surname Überweisung'), 1);
    assert.equal(signFromType('Überweisung', 'Überweisung Lohn März an Max Muster'), -1);
    assert.equal(signFromType('PayOut to transit', ''), -1);
    // A sale credits the account, a purchase debits it.
    assert.equal(signFromType('Verkauf', 'Verkauf HSBC S+P 500 UCITS ETF'), 1);
    assert.equal(signFromType('Wertpapierkauf', 'Wertpapierkauf ISHS CORE DAX'), -1);
  });
  test('balances correct a wrong guess, never a printed sign', () => {
    const ps = [
      { cents: 1000, sign: -1 as const, certain: false },
      { cents: 500, sign: -1 as const, certain: true },
    ];
    assert.equal(reconcileSigns(ps, 0, 500), true);
    assert.deepEqual(
      ps.map((p) => p.sign),
      [1, -1],
    );
    const fixed = [{ cents: 500, sign: -1 as const, certain: true }];
    assert.equal(reconcileSigns(fixed, 0, 500), false);
    assert.equal(fixed[0]!.sign, -1);
  });
});

describe('layouts from positions and content', () => {
  const head: SynthLine[] = [
    [50, 40, 'Musterbank AG'],
    [50, 60, 'Kontoauszug 3/2026 vom 01.03.2026 bis 31.03.2026'],
    [50, 72, 'IBAN DE89 3704 0044 0532 0130 00'],
  ];

  test('S/H suffixes and a year-less date', () => {
    const r = rows([
      [
        ...head,
        [50, 100, 'Datum Vorgang Betrag'],
        [120, 112, 'Alter Kontostand'],
        [540, 112, '100,00 H', true],
        [50, 124, '02.03. Gutschrift Erika Musterfrau'],
        [540, 124, '50,00 H', true],
        [50, 136, '03.03. Lastschrift Stadtwerke'],
        [540, 136, '20,00 S', true],
        [120, 150, 'Neuer Kontostand'],
        [540, 150, '130,00 H', true],
      ],
    ]);
    assert.deepEqual(r, [
      ['02.03.2026', 'Gutschrift', 'Erika Musterfrau', '50,00'],
      ['03.03.2026', 'Lastschrift', 'Stadtwerke', '-20,00'],
    ]);
  });

  test('separate Soll / Haben columns', () => {
    const r = rows([
      [
        ...head,
        [50, 100, 'Buchungstag Vorgang'],
        [450, 100, 'Soll', true],
        [540, 100, 'Haben', true],
        [50, 112, '02.03.2026 Überweisung Max Mustermann'],
        [450, 112, '1.000,00', true],
        [50, 124, '05.03.2026 Gutschrift Firma GmbH'],
        [540, 124, '2.500,00', true],
      ],
    ]);
    assert.deepEqual(
      r.map((x) => x[3]),
      ['-1.000,00', '2.500,00'],
    );
  });

  test('a running balance column is not the amount; its change gives the sign', () => {
    const r = rows([
      [
        ...head,
        [50, 100, 'Datum Text Betrag Saldo'],
        [120, 112, 'Kontostand am 01.03.2026'],
        [540, 112, '1.000,00', true],
        [50, 124, '02.03.2026 Zahlung Anna'],
        [450, 124, '200,00', true],
        [540, 124, '800,00', true],
        [50, 136, '03.03.2026 Zahlung Bert'],
        [450, 136, '50,00', true],
        [540, 136, '850,00', true],
        [120, 150, 'Kontostand am 31.03.2026'],
        [540, 150, '850,00', true],
      ],
    ]);
    assert.deepEqual(
      r.map((x) => x[3]),
      ['-200,00', '50,00'],
    );
  });

  test('flattened text with unsigned amounts: type guess, corrected by the balances', () => {
    // "Zahlung" says nothing; the balances say it was a credit.
    const r = rows([
      [
        ...head,
        [50, 100, 'Alter Saldo 100,00'],
        [50, 112, '02.03.2026 Kartenzahlung Bäckerei 5,00'],
        [50, 124, '03.03.2026 Zahlung Versicherung AG 40,00'],
        [50, 136, 'Neuer Saldo 135,00'],
      ],
    ]);
    assert.deepEqual(
      r.map((x) => x[3]),
      ['-5,00', '40,00'],
    );
  });

  test('carry-over and subtotal lines are not postings; repeated page headers are dropped', () => {
    const page = (n: number, body: SynthLine[]): SynthLine[] => [[50, 30, 'Musterbank AG Kontoauszug 3/2026 IBAN DE89 3704 0044 0532 0130 00'], ...body, [50, 820, `Seite ${n} von 2`]];
    const r = rows([
      page(1, [
        [50, 60, 'vom 01.03.2026 bis 31.03.2026'],
        [50, 100, 'Datum Vorgang Betrag'],
        [120, 112, 'Anfangssaldo'],
        [540, 112, '10,00', true],
        [50, 124, '02.03. Gutschrift'],
        [120, 136, 'Firma'],
        [540, 124, '5,00', true],
        [120, 160, 'Übertrag'],
        [540, 160, '15,00', true],
      ]),
      page(2, [
        [50, 100, 'Datum Vorgang Betrag'],
        [120, 112, 'Übertrag'],
        [540, 112, '15,00', true],
        [50, 124, '04.03. Lastschrift'],
        [120, 136, 'Stadtwerke'],
        [540, 124, '-3,00', true],
        [120, 150, 'Zwischensumme'],
        [540, 150, '12,00', true],
        [120, 162, 'Endsaldo'],
        [540, 162, '12,00', true],
      ]),
    ]);
    assert.deepEqual(r, [
      ['02.03.2026', 'Gutschrift', 'Firma', '5,00'],
      ['04.03.2026', 'Lastschrift', 'Stadtwerke', '-3,00'],
    ]);
  });

  test('day headings at the same height on two pages are headings, not a repeated page header', () => {
    // `Sonntag, 2. August 2026` and `Sonntag, 16. August 2026` differ only in a short number:
    // masked like a page number, they would read as one line repeated in the top band.
    const r = rows([
      [
        [40, 30, 'Musterbank App · Umsatzübersicht vom 31.08.2026 · Blatt 1'],
        [40, 70, 'Anna Schulz · IBAN DE89 3704 0044 0532 0130 00'],
        [40, 95, 'Kontostand am 01.08.2026: 1.000,00 €'],
        [40, 120, 'Sonntag, 2. August 2026'],
        [40, 138, 'Stadtwerke München'],
        [555, 138, '−100,00 €', true],
        [40, 150, 'Lastschrift Abschlag Strom'],
        [40, 176, 'Montag, 3. August 2026'],
        [40, 194, 'REWE Markt'],
        [555, 194, '−20,00 €', true],
        [40, 206, 'Kartenzahlung Einkauf'],
      ],
      [
        [40, 30, 'Musterbank App · Umsatzübersicht vom 31.08.2026 · Blatt 2'],
        [40, 56, 'Freitag, 14. August 2026'],
        [40, 74, 'Musterfirma GmbH'],
        [555, 74, '+2.000,00 €', true],
        [40, 86, 'Lohn, Gehalt, Rente Gehalt'],
        [40, 120, 'Sonntag, 16. August 2026'],
        [40, 138, 'ALDI SÜD'],
        [555, 138, '−30,00 €', true],
        [40, 150, 'Kartenzahlung Einkauf'],
        [40, 176, 'Kontostand am 16.08.2026: 2.850,00 €'],
      ],
    ]);
    assert.deepEqual(
      r.map((x) => `${x[0]} ${x[3]}`),
      ['02.08.2026 -100,00', '03.08.2026 -20,00', '14.08.2026 2.000,00', '16.08.2026 -30,00'],
    );
    const lines = toLines(synthDoc(...[0, 1].map((p) => [[40, 30, `Musterbank App · Umsatzübersicht vom 31.08.2026 · Blatt ${p + 1}`], [40, 120, `Sonntag, ${p === 0 ? 2 : 16}. August 2026`]] as SynthLine[])).pages);
    assert.deepEqual(
      [...repeatedLines(lines)].map((i) => lines[i]!.text),
      ['Musterbank App · Umsatzübersicht vom 31.08.2026 · Blatt 1', 'Musterbank App · Umsatzübersicht vom 31.08.2026 · Blatt 2'],
    );
  });

  test('several accounts: one table each, named by IBAN', () => {
    const tables = toTables(
      extractAccounts(
        synthDoc([
          [50, 40, 'Finanzreport vom 01.03.2026 bis 31.03.2026'],
          [50, 60, 'Girokonto IBAN DE89 3704 0044 0532 0130 00'],
          [50, 72, 'Alter Saldo 10,00'],
          [50, 84, '02.03.2026 Gutschrift Firma +5,00'],
          [50, 96, 'Neuer Saldo 15,00'],
          [50, 130, 'Tagesgeld IBAN DE12 5001 0517 0648 4898 90'],
          [50, 142, 'Alter Saldo 100,00'],
          [50, 154, '03.03.2026 Umbuchung -20,00'],
          [50, 166, 'Neuer Saldo 80,00'],
        ]),
      ),
    );
    assert.deepEqual(
      tables.map((t) => [t.name, t.rows.length]),
      [
        ['Umsätze DE89 3704 0044 0532 0130 00', 1],
        ['Umsätze DE12 5001 0517 0648 4898 90', 1],
      ],
    );
  });
});

describe('OCR readings', () => {
  test('a minus read as "=" or a dash run, a comma read as ";" and a date read with a comma', () => {
    const page: SynthLine[] = [
      [50, 40, 'Kontoauszug vom 01.11.2026 bis 30.11.2026'],
      [50, 100, 'Datum Vorgang Betrag'],
      [50, 112, '05.11.2026 Lastschrift Stadtwerke =13;20'],
      [50, 124, '19,11. Kartenzahlung Bäckerei \u2014-1.512,93'],
    ];
    const r = toTables(extractAccounts(synthOcrDoc(page))).flatMap((t) => t.rows);
    assert.deepEqual(r, [
      ['05.11.2026', 'Lastschrift', 'Stadtwerke', '-13,20'],
      ['19.11.2026', 'Kartenzahlung', 'Bäckerei', '-1.512,93'],
    ]);
  });
});

describe('accounts', () => {
  test('a foreign IBAN names the table when its check digits hold; a wrong one does not; AT and CH as printed', async () => {
    const { ibanOf } = await import('../../../src/pipeline/stages/kontoauszug/accounts.js');
    const { toLines } = await import('../../../src/pipeline/layout/lines.js');
    const line = (t: string) => toLines(synthDoc([[50, 50, t]]).pages)[0]!;
    assert.equal(ibanOf(line('IBAN: FR14 2004 1010 0505 0001 3M02 606')), 'FR1420041010050500013M02606');
    assert.equal(ibanOf(line('IBAN: FR14 2004 1010 0505 0001 3M02 607')), null);
    // German-speaking countries' IBANs are taken as printed, like German ones (anonymised samples).
    assert.equal(ibanOf(line('IBAN: AT61 1904 3002 3457 3202')), 'AT611904300234573202');
    assert.equal(ibanOf(line('IBAN CH93 0076 2011 6238 5295 7')), 'CH9300762011623852957');
    assert.equal(ibanOf(line('IBAN DE89370400440532013000')), 'DE89370400440532013000');
  });
});

describe('the stage', () => {
  const ctx = (doc: ReturnType<typeof synthDoc>): StageContext & { slots: PipelineSlots } => ({ documentType: 'kontoauszug', document: doc, layout: documentLayout(doc), signal: new AbortController().signal, slots: {} });

  test('writes tables and a reconciled statement', async () => {
    const c = ctx(
      synthDoc([
        [50, 40, 'Musterbank AG'],
        [50, 60, 'IBAN DE89 3704 0044 0532 0130 00 Zeitraum 01.03.2026 - 31.03.2026'],
        [50, 80, 'Alter Kontostand 1.000,00'],
        [50, 92, '02.03.2026 Lastschrift Stadtwerke -84,00'],
        [50, 104, 'Neuer Kontostand 916,00'],
      ]),
    );
    await kontoauszugStage.run(c);
    assert.equal(c.slots.tables?.[0]?.name, 'Umsätze DE89 3704 0044 0532 0130 00');
    assert.deepEqual(c.slots.tables?.[0]?.headers, ['Datum', 'Buchungstext', 'Empfänger', 'Betrag']);
    assert.deepEqual(c.slots.statement, {
      iban: 'DE89 3704 0044 0532 0130 00',
      bank: 'Musterbank AG',
      period_start: '01.03.2026',
      period_end: '31.03.2026',
      opening_balance: '1.000,00',
      closing_balance: '916,00',
      currency: 'EUR',
      reconciled: true,
    });
  });

  test('balances that do not add up are reported, not forced', async () => {
    const c = ctx(
      synthDoc([
        [50, 80, 'Alter Kontostand 1.000,00'],
        [50, 92, '02.03.2026 Lastschrift Stadtwerke -84,00'],
        [50, 104, 'Neuer Kontostand 900,00'],
      ]),
    );
    await kontoauszugStage.run(c);
    assert.equal((c.slots.statement as { reconciled: boolean }).reconciled, false);
    assert.equal(c.slots.tables?.[0]?.rows[0]?.[3], '-84,00');
  });

  test('a document without postings or balances is not recognised (422)', async () => {
    const c = ctx(synthDoc([[50, 80, 'Kontoauszug'], [50, 92, 'Sehr geehrte Kundin, wir informieren Sie über neue Preise.']]));
    await assert.rejects(async () => kontoauszugStage.run(c), DocumentNotRecognizedError);
  });
});

describe('the bank named in the letterhead', () => {
  test('the name runs up to its legal form or the first word that is not part of it', () => {
    const cases: [string, string][] = [
      ['Deutsche Musterbank AG Kontoauszug 2/2026 IBAN DE52 7283 0835', 'Deutsche Musterbank AG'],
      ['TRADE REPUBLIC BANK GMBH BRUNNENSTRASSE 19-21 10119 BERLIN', 'TRADE REPUBLIC BANK GMBH'],
      ['Kreditinstitut: Advanzia Bank S.A.', 'Advanzia Bank S.A.'],
      ['Ihre Einlagen bei der Santander Consumer Bank GmbH sind geschützt', 'Santander Consumer Bank GmbH'],
      ['Renault Bank direkt - Postfach 269 - 45952 Gladbeck', 'Renault Bank direkt'],
      ['Sparkasse Musterstadt Allgemeine Fragen zu Ihrer Mastercard', 'Sparkasse Musterstadt'],
      ['Kreissparkasse Beispielhausen', 'Kreissparkasse Beispielhausen'],
      ['C24 Bank GmbH Postfach 1', 'C24 Bank GmbH'],
      ['Volksbank Mittelhessen eG App', 'Volksbank Mittelhessen eG'],
      // A foreign bank's German branch: the branch is part of the name, what follows is not.
      ['Musterbank Europe AG Zweigniederlassung Deutschland Kontoauszug 06/2026', 'Musterbank Europe AG Zweigniederlassung Deutschland'],
      ['Beispielbank N.V. Niederlassung Frankfurt · Postfach 10 20 30', 'Beispielbank N.V. Niederlassung Frankfurt'],
      ['Beispielbank N.V., Niederlassung Frankfurt', 'Beispielbank N.V.'],
      // A compound cut short before `und` is part of the name; a consumer lender named `Finance`.
      ['Nordwest Privat- und Geschäftskundenbank AG · Auszug 3/2026', 'Nordwest Privat- und Geschäftskundenbank AG'],
      ['Ihre Einlagen bei der Beispiel Auto Finance GmbH', 'Beispiel Auto Finance GmbH'],
    ];
    for (const [line, bank] of cases) assert.equal(bankFromLine(line), bank, line);
  });
});
