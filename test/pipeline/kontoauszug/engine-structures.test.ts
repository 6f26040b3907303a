import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, synthOcrDoc, type SynthLine } from './synthetic.js';

/**
 * Structures met in real statements that the generated layouts did not cover, each reduced to
 * the rule it needs (synthetic positions, no PDF).
 */
const accounts = (lines: SynthLine[]) => extractAccounts(synthDoc(lines));
/** The column header of app statements: amounts in, out and the running balance. */
const APP_HEADER: SynthLine[] = [
  [50, 88, 'DATUM TYP BESCHREIBUNG'],
  [400, 88, 'ZAHLUNGSEINGANG', true],
  [480, 88, 'ZAHLUNGSAUSGANG', true],
  [560, 88, 'SALDO', true],
];
const rows = (lines: SynthLine[]): string[][] => toTables(accounts(lines)).flatMap((t) => t.rows);

describe('which date is the booking date', () => {
  const card = (header: SynthLine[]): SynthLine[] => [
    [50, 40, 'Kreditkartenabrechnung vom 02.09.2022 bis 05.10.2022'],
    ...header,
    [50, 112, '02.09.22 Saldo letzte Abrechnung'],
    [540, 112, '45,61 -', true],
    [50, 124, '02.09.22 03.09.22 Lastschrift'],
    [540, 124, '45,61+', true],
    [50, 136, '14.09.22 19.09.22 PAYPAL *SHOP, 38888899999'],
    [540, 136, '9,59 -', true],
    [50, 160, 'Neuer Saldo'],
    [540, 160, '9,59 -', true],
  ];

  test('card statement headed "Datum Beleg | Datum Buchung" (split over two lines): the second date', () => {
    const r = rows(card([
      [50, 88, 'Datum Datum Angabe des Unternehmens Betrag in'],
      [50, 98, 'Beleg BuchungVerwendungszweck EUR'],
    ]));
    assert.deepEqual(
      r.map((x) => [x[0], x[3]]),
      [
        ['03.09.2022', '45,61'],
        ['19.09.2022', '-9,59'],
      ],
    );
  });

  test('"Buchungstag Wert": the first date', () => {
    const r = rows(card([[50, 98, 'Buchungstag Wert Vorgang Betrag']]));
    assert.deepEqual(
      r.map((x) => x[0]),
      ['02.09.2022', '14.09.2022'],
    );
  });

  test('no header naming the dates: the first date', () => {
    const r = rows(card([]));
    assert.equal(r[1]![0], '14.09.2022');
  });
});

describe('card statements', () => {
  const posting: SynthLine[] = [
    [50, 98, 'Buchungstag Wert Text Betrag'],
    [50, 112, '14.09.22 19.09.22 Tankstelle Nord, Musterstadt'],
    [540, 112, '9,59 -', true],
  ];
  test('on a card statement a posting without a type word names the merchant as payee', () => {
    const r = rows([[50, 40, 'Kreditkartenabrechnung September 2022'], [50, 52, 'Karteninhaber: Max Mustermann'], ...posting]);
    assert.deepEqual([r[0]![1], r[0]![2]], ['', 'Tankstelle Nord, Musterstadt']);
  });
  test('on a giro statement a card named inside a posting does not make it a card statement', () => {
    const r = rows([[50, 40, 'Girokonto Kontoauszug September 2022'], ...posting, [50, 124, 'Karteninhaber Max Mustermann Referenz 4711']]);
    assert.deepEqual([r[0]![1], r[0]![2]], ['Tankstelle Nord, Musterstadt Karteninhaber Max Mustermann Referenz 4711', '']);
  });
});

describe('balance lines', () => {
  test('balance dates in brackets ("alt (15.11.2019)") give the period, so a stray later date does not move the year', () => {
    const [a] = accounts([
      [50, 40, 'KONTOAUSZUG Nr. 1/2019'],
      [300, 60, 'alt (15.11.2019) 0,00+'],
      [300, 72, 'neu (29.11.2019) 4.480,00+'],
      [50, 88, 'DATUM BUCHUNGSVORGANG SOLL HABEN'],
      [50, 100, '18.11. Überweisungs-Gutschrift'],
      [540, 100, '4.480,00+', true],
      [50, 112, 'Peter Pan'],
      [50, 140, 'Hinweis vom 29.11.20 zu Ihrem Konto'],
    ]);
    assert.equal(a!.rows[0]!.date, '18.11.2019');
    assert.equal(a!.info.period_start, '15.11.2019');
    assert.equal(a!.info.period_end, '29.11.2019');
  });

  test('"Saldo letzte Abrechnung" opens, "Neuer Saldo" closes, and they reconcile', () => {
    const [a] = accounts([
      [50, 40, 'Abrechnung vom 02.09.2022 bis 05.10.2022'],
      [50, 98, 'Datum Text Betrag'],
      [50, 112, '02.09.22 Saldo letzte Abrechnung'],
      [540, 112, '45,61 -', true],
      [50, 124, '03.09.22 Lastschrift'],
      [540, 124, '45,61+', true],
      [50, 136, '19.09.22 Tankstelle Ebersdorf'],
      [540, 136, '9,59 -', true],
      [50, 160, 'Neuer Saldo'],
      [540, 160, '9,59 -', true],
    ]);
    assert.equal(a!.rows.length, 2);
    assert.equal(a!.info.opening_balance, '-45,61');
    assert.equal(a!.info.closing_balance, '-9,59');
    assert.equal(a!.info.reconciled, true);
  });
});

describe('stacked cells', () => {
  test('a dated second line (value date + reference) is part of the posting above, not a posting of its own', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.06.2017 bis 30.06.2017'],
      [50, 88, 'Buchungstag Vorgang Buchungstext Ausgang'],
      [50, 98, 'Valuta Referenz Eingang'],
      [50, 112, '30.06.2017 Kontoabschluss Abschluss Zinsen'],
      [540, 112, '+0,02', true],
      [50, 124, '30.06.2017 1AA111 von 31.03.2017 bis 30.06.2017'],
      [50, 136, '111/1111 Habenzinsen'],
      [50, 148, '0,010% ab 31.03. 0,02 EUR'],
      [50, 172, '02.07.2017 Lastschrift Stadtwerke'],
      [540, 172, '-20,00', true],
    ]);
    assert.deepEqual(
      r.map((x) => [x[0], x[3]]),
      [
        ['30.06.2017', '0,02'],
        ['02.07.2017', '-20,00'],
      ],
    );
  });

  test('a line that is only a date is the date cell of the posting below it', () => {
    const r = rows([
      [50, 40, 'DATUM 01 Apr. 2024 - 28 Apr. 2024'],
      ...APP_HEADER,
      [50, 112, '02 Apr. Überweisung Einzahlung 2024'],
      [400, 112, '1.200,00 €', true],
      [560, 112, '1.300,00 €', true],
      [50, 124, '03 Apr.'],
      [50, 134, '2024 Gebühren Card'],
      [480, 134, '5,00 €', true],
      [560, 134, '1.295,00 €', true],
    ]);
    assert.deepEqual(
      r.map((x) => [x[0], x[3]]),
      [
        ['02.04.2024', '1.200,00'],
        ['03.04.2024', '-5,00'],
      ],
    );
  });

  test('a date cell on three lines (day / month with the posting / year) dates the posting; the period is read with month names', () => {
    const [a] = accounts([
      [50, 40, 'DATUM 01 Feb. 2024 - 30 Apr. 2024'],
      ...APP_HEADER,
      [50, 104, '19'],
      [50, 112, 'Feb. Steuern Steueroptimierung'],
      [400, 112, '78,17 €', true],
      [560, 112, '715,35 €', true],
      [50, 120, '2024'],
      [50, 134, '28'],
      [50, 142, 'Apr. Kartentransaktion Baumarkt'],
      [480, 142, '2,40 €', true],
      [560, 142, '712,95 €', true],
      [50, 150, '2024'],
      [165, 150, 'FIL. 12'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => [r.date, r.cents]),
      [
        ['19.02.2024', 7817],
        ['28.04.2024', -240],
      ],
    );
    // The year line's other words belong to the posting (here the merchant, its payee).
    assert.deepEqual([a!.rows[1]!.text, a!.rows[1]!.counterparty], ['Kartentransaktion', 'Baumarkt FIL. 12']);
    assert.equal(a!.info.period_end, '30.04.2024');
  });
});

describe('app statements', () => {
  test('amounts with a glued euro sign and a decimal point, a summary row with the period, dates inside the line', () => {
    const [a] = accounts([
      [50, 40, 'KONTOAUSZUG ERÖFFNUNGSBILANZ ABSCHLUSSSALDO'],
      [50, 52, '07.11.2024 - 30.11.2024 0€ 2000.01€'],
      [50, 88, 'Transaktionen Buchungsdatum Valutadatum'],
      [50, 100, 'Erika Musterfrau 08.11.2024 08.11.2024 3000€'],
      [50, 112, 'Broker AG 10.11.2024 10.11.2024 -1000€'],
      [50, 124, 'Zinsen 15.11.2024 15.11.2024 0.01€'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => [r.date, r.cents]),
      [
        ['08.11.2024', 300000],
        ['10.11.2024', -100000],
        ['15.11.2024', 1],
      ],
    );
    assert.equal(a!.info.opening_balance, '0,00');
    assert.equal(a!.info.closing_balance, '2.000,01');
    assert.equal(a!.info.reconciled, true);
  });

  test('a balance label with its amount on the line below; an unsigned "Überweisung" where debits print "-" is a credit', () => {
    const [a] = accounts([
      [50, 40, 'Abrechnungszeitraum 26 Okt. 2022 — 31 Okt. 2022'],
      [50, 60, 'Kontostand am 26 Okt. 2022'],
      [50, 70, '0,00 EUR'],
      [50, 88, 'Buchung Wertstellung Typ Beschreibung Betrag'],
      [50, 100, '26.10.2022 26.10.2022 SEPA-Überweisung von Erika 200,00 EUR'],
      [50, 112, '28.10.2022 27.10.2022 Kartenzahlung Amazon -16,10 EUR'],
    ]);
    // No closing balance: the sign convention alone decides, no reconciliation to lean on.
    assert.deepEqual(
      a!.rows.map((r) => r.cents),
      [20000, -1610],
    );
    assert.equal(a!.info.opening_balance, '0,00');
  });
});

describe('text-layer artefacts', () => {
  test('letter-spaced numbers ("3 1 .01 .  3 0.01 . 0,01", "40,1 6") are joined back, fields stay apart', () => {
    const [a] = accounts([
      [50, 40, 'DIESER KONTOAUSZUG UMFASST DIE UMSÄTZE VOM 03.01.2023 BIS 02.01.2024'],
      [50, 88, 'Buchungstag Wert Umsatz Buchungstext'],
      [50, 100, '40,04 ALTER SALDO GEM. KONTOAUSZUG VOM 02.01.2023'],
      [50, 112, '3 1 .01 .'],
      [110, 112, '3 0.01 .'],
      [160, 112, '0,01'],
      [200, 112, 'Habenzinsen'],
      [50, 124, '02 .05.'],
      [110, 124, '3 0.04.'],
      [160, 124, '0,1 1'],
      [200, 124, 'Habenzinsen'],
      [50, 136, '40,1 6 NEUER SALDO'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => [r.date, r.cents]),
      [
        ['31.01.2023', 1],
        ['02.05.2023', 11],
      ],
    );
    assert.equal(a!.info.closing_balance, '40,16');
    assert.equal(a!.info.reconciled, true);
  });

  test('a day split by letter spacing ("1 3.11.2017") and a stray dot before the date still start postings', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.11.2017 bis 30.11.2017'],
      [50, 88, 'Buchungstag Valuta Vorgang Betrag'],
      [50, 100, '09.11.2017 09.11.2017 Zahlungseingang 20,00+'],
      [50, 112, '1 3.11.2017 13.11.2017 Zahlungseingang 289,00+'],
      [50, 124, '. 22.11.2017 22.11.2017 Lastschrift 990,18-'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[0], x[3]]),
      [
        ['09.11.2017', '20,00'],
        ['13.11.2017', '289,00'],
        ['22.11.2017', '-990,18'],
      ],
    );
  });

  test('a dated "Übertrag/Überweisung" is a transfer; a dated "Übertrag von Seite 1" is a carry-over', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug vom 01.06.2017 bis 30.06.2017'],
      [50, 88, 'Buchungstag Vorgang Betrag'],
      [50, 100, 'Alter Saldo 01.06.2017 +1.250,87'],
      [50, 112, '09.06.2017 Übertrag/Überweisung Max Mustermann Sparen +1.200,00'],
      [50, 124, '13.06.2017 Übertrag/Überweisung Max Mustermann Uebertrag auf Girokonto -2.450,87'],
      [50, 136, '14.06.2017 Übertrag von Seite 1 0,00'],
      [50, 148, 'Neuer Saldo 30.06.2017 +0,00'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => r.cents),
      [120000, -245087],
    );
    assert.equal(a!.info.reconciled, true);
  });

  test('a running number before the booking date ("lfd. Nr.") is no posting text', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.01.2026 bis 10.01.2026'],
      [50, 88, 'lfd. Buchungsdatum Umsatzinformationen Wertstellung Betrag'],
      [50, 100, '1 06.01.2026 Gutschrift Echtzeit 05.01.2026 50,00'],
      [50, 112, '2 06.01.2026 Telebanking Belastung 07.01.2026 -1,00'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[0], x[1], x[3]]),
      [
        ['06.01.2026', 'Gutschrift Echtzeit', '50,00'],
        ['06.01.2026', 'Telebanking Belastung', '-1,00'],
      ],
    );
  });
});

describe('sign conventions', () => {
  test('on a text layer, an unsigned amount where debits print "-" is a credit, even a "Lastschrift-Einzug" (money collected in)', () => {
    const r = rows([
      [50, 40, 'Extra-Konto Kontoauszug vom 01.06.2024 bis 30.06.2024'],
      [50, 88, 'Buchung Text Betrag'],
      [50, 100, '03.06.2024 Ueberweisung Erika -3.500,00'],
      [50, 112, '04.06.2024 Lastschrift-Einzug Referenzkonto 5.300,00'],
      [50, 124, '05.06.2024 Wertpapierkauf -500,00'],
    ]);
    assert.deepEqual(
      r.map((x) => x[3]),
      ['-3.500,00', '5.300,00', '-500,00'],
    );
  });

  test('a foreign-currency original ("5,58 $") is not the posting amount; the euro amount on the next line is', () => {
    const [a] = accounts([
      [50, 40, 'DATUM 01 Jan. 2025 - 31 Jan. 2025'],
      [50, 60, 'PRODUKT ANFANGSSALDO ZAHLUNGSEINGANG ZAHLUNGSAUSGANG ENDSALDO'],
      [50, 70, 'Cashkonto 7.247,40 € 0,00 € 5,36 € 7.242,04 €'],
      ...APP_HEADER,
      [50, 100, '26 Jan. BACKBLAZE INC, 5,58 $, exchange rate: 0,9605735'],
      [90, 110, 'Kartentransaktion'],
      [480, 110, '5,36 €', true],
      [560, 110, '7.242,04 €', true],
      [50, 120, '2025 markup: 0,59 %'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => [r.date, r.cents]),
      [['26.01.2025', -536]],
    );
    assert.equal(a!.info.reconciled, true);
  });
});

describe('OCR readings of an account', () => {
  test('an IBAN whose last group a speck split off with a point still names its own account', () => {
    const lines: SynthLine[] = [
      [50, 40, 'Finanzreport vom 01.03.2026 bis 31.03.2026'],
      [50, 60, 'Girokonto IBAN DE89 3704 0044 0532 0130 00'],
      [50, 72, 'Alter Saldo 10,00'],
      [50, 84, '02.03.2026 Gutschrift Firma +5,00'],
      [50, 96, 'Neuer Saldo 15,00'],
      [50, 130, 'Tagesgeld IBAN DE12 5001 0517 0648 4898.90'],
      [50, 142, 'Alter Saldo 100,00'],
      [50, 154, '03.03.2026 Umbuchung -20,00'],
      [50, 166, 'Neuer Saldo 80,00'],
    ];
    const accounts = extractAccounts(synthOcrDoc(lines));
    assert.deepEqual(
      accounts.map((a) => [a.info.iban, a.rows.length, a.info.reconciled]),
      [
        ['DE89 3704 0044 0532 0130 00', 1, true],
        ['DE12 5001 0517 0648 4898 90', 1, true],
      ],
    );
  });
});

describe('OCR word boxes', () => {
  test('a trailing minus whose box hugs the glyph (far lower than the words) stays on its line and signs the amount', () => {
    const doc = synthDoc([
      [50, 40, 'Kontoauszug vom 01.09.2026 bis 30.09.2026'],
      [50, 88, 'Buchungstag Vorgang Betrag'],
      [50, 100, '19.09.26 Bäckerei Korn'],
      [540, 100, '144,22', true],
      [50, 112, '20.09.26 Einzahlung'],
      [540, 112, '50,00', true],
    ]);
    const page = doc.pages[0]!;
    // The minus of the first posting: 1.5 pt high, at the maths axis just above the baseline (y 100).
    page.cells.push({ text: '-', bbox: { x: 544, y: 96.5, width: 3, height: 1.5 }, fontSize: 1.5, source: 'ocr', confidence: 0.9 });
    const r = toTables(extractAccounts(doc)).flatMap((t) => t.rows);
    assert.deepEqual(
      r.map((x) => [x[1], x[3]]),
      [
        ['Bäckerei Korn', '-144,22'],
        ['Einzahlung', '50,00'],
      ],
    );
  });
});
