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
    // The old balance is the balance at the end of its day (opening-day-end.test.ts), so the period starts the day after.
    assert.equal(a!.info.period_start, '16.11.2019');
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

  test('a weekday column after a date without its final dot ("30.09 DI ANFANGSSALDO"); Ausgaben/Einnahmen/Guthaben', () => {
    const [a] = accounts([
      [50, 40, 'Finanzstatus vom 01.10.2025 - 31.10.2025'],
      [50, 88, 'Datum Tag Buchungstext'],
      [340, 88, 'Ausgaben', true],
      [420, 88, 'Einnahmen', true],
      [520, 88, 'Guthaben/Kredit', true],
      [50, 100, '01.10 MI ANFANGSSALDO'],
      [520, 100, '4.436,73', true],
      [50, 112, '13.10 MO INTERNE UMBUCHUNG SOLL TARGO OLB'],
      [340, 112, '4.436,70', true],
      [520, 112, '0,03', true],
      [50, 124, '14.10 DI Gutschrift Max Muster'],
      [420, 124, '100,00', true],
      [520, 124, '100,03', true],
      [50, 136, '31.10 FR ENDSALDO'],
      [520, 136, '100,03', true],
    ]);
    assert.deepEqual(
      toTables([a!])[0]!.rows.map((r) => [r[0], r[1], r[3]]),
      [
        ['13.10.2025', 'INTERNE UMBUCHUNG SOLL TARGO OLB', '-4.436,70'],
        ['14.10.2025', 'Gutschrift', '100,00'],
      ],
    );
    assert.equal(a!.info.opening_balance, '4.436,73');
    assert.equal(a!.info.closing_balance, '100,03');
    assert.equal(a!.info.reconciled, true);
  });

  test('a balance stated below its label with its currency ("alter Saldo zum …" / "in EUR 0,01"); a notice ends the posting', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug Nr. 9'],
      [50, 64, 'alter Saldo zum 01.08.2022'],
      [50, 76, 'in EUR 0,01'],
      [50, 88, 'Nr. Valuta / Buchungstag Buchungstext EUR'],
      [50, 100, '01 16.08.2022 / 16.08.2022 SEPA Gutschrift Bank 755,00'],
      [110, 112, 'Barmenia PKV Abschlag'],
      [110, 124, 'Für weitere Fragen steht Ihnen unser Kundenservice unter der Rufnummer 069 123 zur Verfügung.'],
      [50, 148, 'neuer Saldo zum 31.08.2022'],
      [50, 160, 'in EUR 755,01'],
    ]);
    assert.equal(a!.info.opening_balance, '0,01');
    assert.equal(a!.info.closing_balance, '755,01');
    assert.equal(a!.info.reconciled, true);
    assert.equal(a!.info.bank, null);
    // The notice line is not part of the posting text.
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[1]), ['SEPA Gutschrift Barmenia PKV Abschlag']);
  });

  test('text that runs into its amounts is flattened even where amount edges happen to cluster under Belastung/Gutschrift', () => {
    // Every "Verkauf" line ends under Belastung and every "Kauf" line under Gutschrift, by the
    // length of their text alone: a column model would make the sales debits.
    const [a] = accounts([
      [50, 40, 'Perioden-Kontoauszug: EUR-Konto'],
      [50, 88, 'Tag Text Valuta'],
      [185, 88, 'Belastung'],
      [255, 88, 'Gutschrift'],
      [50, 100, 'Kontostand in EUR am 28.04.2017 100,00'],
      [50, 112, '02.05.2017 Verkauf 12.05.2017 50,00'],
      [50, 124, '04.05.2017 Kauf Wertpapiere ETF 04.05.2017 20,00 -'],
      [50, 136, '10.05.2017 Verkauf 12.05.2017 30,00'],
      [50, 148, '11.05.2017 Kauf Wertpapiere ETF 12.05.2017 10,00 -'],
      [50, 160, '11.05.2017 Verkauf 12.05.2017 15,00'],
      [50, 172, '12.05.2017 Kauf Wertpapiere ETF 12.05.2017 40,00 -'],
      [50, 184, 'Kontostand in EUR am 31.05.2017 125,00'],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => r.cents),
      [5000, -2000, 3000, -1000, 1500, -4000],
    );
    assert.equal(a!.info.reconciled, true);
  });

  test('"Buchungssaldo alt" / "Buchungssaldo neu" with their amounts on the line below', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug 3 Datum 28.03.24'],
      [50, 52, 'Buchungssaldo alt'],
      [50, 64, '0,00+'],
      [50, 76, 'Buchungssaldo neu'],
      [50, 88, '192,58+'],
      [50, 112, 'Text/Verwendungszweck Datum PNNr Wert Soll Haben'],
      [50, 124, 'STEUER 28.03. 8800 31.03. 68,98-'],
      [50, 136, 'ABSCHLUSS 28.03. 8800 31.03. 261,56+'],
    ]);
    assert.equal(a!.info.opening_balance, '0,00');
    assert.equal(a!.info.closing_balance, '192,58');
    assert.equal(a!.info.reconciled, true);
  });

  test('a currency-conversion charge on its own undated line under a card purchase is a posting of that date', () => {
    const [a] = accounts([
      [50, 40, 'Kreditkartenabrechnung vom 05.01.2021 bis 02.02.2021 Karteninhaber Max Mann'],
      [50, 88, 'Beleg Buchung Verwendungszweck EUR'],
      [50, 100, 'Saldo letzte Abrechnung 100,00 -'],
      [50, 112, '23.01.21 25.01.21 EVERDRIVE.ME, KRAKOW USD 181,00 1,2192 148,46 -'],
      [50, 124, '2% für Währungsumrechnung 2,97 -'],
      [50, 136, '22.01.21 25.01.21 PAYPAL *SHOP, 4029357733 1,96 -'],
      [50, 148, '1,75% für Einsatz der Karte im Ausland 0,50+'],
      [50, 160, 'Neuer Saldo 252,89 -'],
    ]);
    assert.deepEqual(
      toTables([a!])[0]!.rows.map((r) => [r[0], r[1], r[2], r[3]]),
      [
        ['25.01.2021', 'USD 181,00 1,2192', 'EVERDRIVE.ME, KRAKOW', '-148,46'],
        ['25.01.2021', '2% für Währungsumrechnung', '', '-2,97'],
        ['25.01.2021', '', 'PAYPAL *SHOP, 4029357733', '-1,96'],
        ['25.01.2021', '1,75% für Einsatz der Karte im Ausland', '', '0,50'],
      ],
    );
    assert.equal(a!.info.reconciled, true);
  });

  test('a settlement posting takes the sign its annex states ("Abrechnung 30.06.2023 222,74+")', () => {
    const r = rows([
      [50, 40, 'Kontoauszug Nummer 123 vom 26.04.2023 bis 03.07.2023'],
      [50, 52, 'Bu.Tag Wert Wir haben für Sie gebucht Belastung in EUR Gutschrift in EUR'],
      [50, 64, '02.05. 02.05. Lastschrift Stadtwerke 45,00'],
      [50, 76, '15.06. 15.06. Kartenzahlung REWE 12,30'],
      [50, 88, '03.07. 01.07. Abrechnung 30.06.2023 222,74'],
      [50, 100, 'Abrechnung 30.06.2023 siehe Anlage'],
      [50, 124, 'Anlage 1 Rechnungsabschluss'],
      [50, 136, 'Entgelte vom 01.04.2023 bis 30.06.2023 79,80-'],
      [50, 148, 'Zinsen für Guthaben 302,54+'],
      [50, 160, 'Abrechnung 30.06.2023 222,74+'],
    ]);
    assert.deepEqual(r.map((x) => x[3]), ['-45,00', '-12,30', '222,74']);
  });

  test('the annex\'s signed settlement outranks the column its amount seems to stand in', () => {
    // Text whose spacing was collapsed: the one posting's amount ends under "Belastung", though
    // the annex's own arithmetic (302,54+ less 79,80-) states the settlement as 222,74+.
    const r = rows([
      [50, 40, 'Kontoauszug Nummer 123 vom 26.04.2023 bis 03.07.2023'],
      [50, 52, 'Bu.Tag Wert Wir haben für Sie gebucht Belastung in EUR Gutschrift in EUR'],
      [50, 64, '03.07. 01.07. Abrechnung 30.06.2023 222,74'],
      [50, 76, 'Abrechnung 30.06.2023 siehe Anlage'],
      [50, 100, 'Abrechnung 30.06.2023'],
      [50, 112, 'Zinsen für Guthaben 302,54+'],
      [50, 124, 'Kapitalertragsteuer 79,80-'],
      [50, 136, 'Abrechnung 30.06.2023 222,74+'],
    ]);
    assert.deepEqual(r.map((x) => x[3]), ['222,74']);
  });

  test('a posting\'s amount and running balance read the way the balances hold, not by a misleading header position', () => {
    // Spacing collapsed (one space between cells): the posting's amount ends under the header's
    // SALDO and its running balance further right. Opening 808,29 less 7,33 gives the running
    // balance and the closing 800,96; read the other way round, the chain ends at 7,33.
    const a = accounts([
      [50, 40, 'DATUM 01 März 2025 - 31 März 2025 IBAN DE02120300000000202051'],
      [50, 52, 'PRODUKT ANFANGSSALDO ZAHLUNGSEINGANG ZAHLUNGSAUSGANG ENDSALDO'],
      [50, 64, 'Girokonto 808,29 € 0,00 € 7,33 € 800,96 €'],
      [50, 88, 'DATUM TYP BESCHREIBUNG ZAHLUNGSEINGANG ZAHLUNGSAUSGANG SALDO'],
      [50, 100, '18'],
      [50, 110, 'März Lastschrift Stadtwerke Musterstadt Abschlag Strom Mai 4711 7,33 € 800,96 €'],
      [50, 120, '2025'],
    ]);
    assert.deepEqual(toTables(a).flatMap((t) => t.rows).map((x) => [x[0], x[3]]), [['18.03.2025', '-7,33']]);
    assert.equal(a[0]!.info.reconciled, true);
  });

  test('two postings whose amounts run on after their text, one space apart, say nothing by their position', () => {
    // Collapsed spacing: "3.450,00" ends under "Belastung" only because its text is long; the
    // words decide (a cash deposit is a credit, a fee a debit).
    const r = rows([
      [50, 40, 'Kontoauszug Nummer 005 / 2021 vom 02.04.2021 bis 04.05.2021'],
      [50, 52, 'Bu.Tag Wert Wir haben für Sie gebucht Belastung in EUR Gutschrift in EUR'],
      [50, 64, '21.04. 21.04. Bareinzahlung am Automaten 3.450,00'],
      [50, 76, 'SB-EINZAHLUNG FILIALE 2030 / 21.04.21'],
      [50, 88, '23.04. 23.04. Rechnung 15,00'],
      [50, 100, 'Entgelt auf Ihre Bargeldeinzahlung'],
    ]);
    assert.deepEqual(r.map((x) => x[3]), ['3.450,00', '-15,00']);
  });

  test('a separator between two date cells ("08.04.2011 / 08.04.2011") is not posting text', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 06.04.2011 bis 30.04.2011'],
      [50, 88, 'Nr. Valuta / Buchungstag Buchungstext EUR'],
      [50, 100, '01 08.04.2011 / 08.04.2011 Gutschrift 29.000,12'],
      [110, 112, 'EINZAHLUNG 01 2011'],
      [50, 124, '02 30.04.2011 / 30.04.2011 Kontoabschluß 44,20'],
      [110, 136, 'Habenzinsen'],
    ]);
    assert.deepEqual(r, [
      ['08.04.2011', 'Gutschrift EINZAHLUNG 01 2011', '', '29.000,12'],
      ['30.04.2011', 'Kontoabschluß Habenzinsen', '', '44,20'],
    ]);
  });

  test('a letter-spaced date keeps its four-digit year apart from the amount that follows', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug vom 2 9 . 0 1 . 2 0 2 1'],
      [50, 88, 'Buchungstag Wert Vorgang Betrag'],
      [50, 100, 'A l t e r Kontostand vom 3 1 . 1 2 . 2 0 2 0 2 . 3 1 4 , 5 3'],
      [50, 112, '12.01.2021 12.01.2021 Lastschrift 1.606,23-'],
      [50, 124, 'Neuer Kontostand vom 2 9 . 0 1 . 2 0 2 1 7 0 8 , 3 0'],
    ]);
    assert.equal(a!.info.opening_balance, '2.314,53');
    assert.equal(a!.info.closing_balance, '708,30');
    assert.equal(a!.info.period_end, '29.01.2021');
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

describe('date cells with the year on the line below', () => {
  // Buchung | Valuta | Vorgang | Soll | Haben, each date `DD.MM.` over its year (`14.08.` / `2023`),
  // amounts with a sign set apart (`- 1.000,00`); no period printed, so only the year line can
  // date the postings.
  const statement: SynthLine[] = [
    [50, 40, 'Kontoauszug'],
    [50, 88, 'Buchung Valuta Vorgang Soll Haben'],
    [50, 100, '30.12. 30.12. SEPA Überweisung an'],
    [470, 100, '- 1.000,00', true],
    [50, 110, '2023 2023 Max Mustermann'],
    [130, 120, 'Verwendungszweck/ Kundenreferenz'],
    [130, 130, 'Miete Januar'],
    [50, 146, '02.01. 03.01. Verwendungszweck/ Kundenreferenz'],
    [550, 146, '+ 33,23', true],
    [50, 156, '2024 2024 ZINSEN/DIVIDENDEN/ERTRAEGE'],
  ];

  test('the year below a date belongs to that date, not to the counterparty beside it', () => {
    const r = rows(statement);
    assert.deepEqual(r, [
      ['30.12.2023', 'SEPA Überweisung an Verwendungszweck/ Kundenreferenz Miete Januar', 'Max Mustermann', '-1.000,00'],
      ['02.01.2024', 'Verwendungszweck/ Kundenreferenz ZINSEN/DIVIDENDEN/ERTRAEGE', '', '33,23'],
    ]);
  });

  test('text whose purpose lines start at the margin: the lines below the year line still belong to the posting', () => {
    // As a monospace rendering of extracted text has it: the year line's text starts near the
    // text column (the years before it), every other line at the margin.
    const r = rows([
      [30, 40, 'Kontoauszug vom 01.08.2025 bis 29.08.2025'],
      [30, 88, 'Buchung Valuta Vorgang Soll Haben'],
      [30, 100, '25.08. 25.08. Verwendungszweck/ Kundenreferenz + 34,30'],
      [30, 110, '2025 2025'],
      [95, 110, 'Buchung Steuererstattung 2025 zu:'],
      [30, 120, 'WP1224776431 KESt: 32,51 EUR'],
      [30, 130, 'SolZ: 1,79 EUR WKN: A0GLU5'],
    ]);
    assert.deepEqual(r, [['25.08.2025', 'Verwendungszweck/ Kundenreferenz Buchung Steuererstattung 2025 zu: WP1224776431 KESt: 32,51 EUR SolZ: 1,79 EUR WKN: A0GLU5', '', '34,30']]);
  });

  test('a year at the start of the next line that does not stand under a date stays text', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.08.2025 bis 29.08.2025'],
      [50, 88, 'Buchung Vorgang Betrag'],
      [50, 100, '25.08. Gutschrift'],
      [540, 100, '34,30', true],
      [100, 110, '2025 REF 4711 0815'],
    ]);
    assert.deepEqual(r, [['25.08.2025', 'Gutschrift 2025 REF 4711 0815', '', '34,30']]);
  });
});

describe('text before the date columns', () => {
  test('`Text | Datum | PNNr | Wert | Soll | Haben`: the primanota number and the value date right of the booking date are no text', () => {
    const r = rows([
      [45, 40, 'Kontoauszug 5 vom 01.08.2012 bis 31.08.2012'],
      [45, 88, 'Text/Verwendungszweck'],
      [300, 88, 'Datum PNNr Wert Soll Haben'],
      [45, 100, 'UEBERWEISUNG NR.99999999991'],
      [300, 100, '21.08. 8401 21.08.'],
      [480, 100, '25.308,00-', true],
      [60, 110, 'Max Mustermann'],
      [45, 122, 'GUTSCHRIFT NR.99999999992'],
      [300, 122, '22.08. 8401 23.08.'],
      [550, 122, '6.500,00+', true],
      [60, 132, 'Mustermann,Max'],
    ]);
    assert.deepEqual(r, [
      ['21.08.2012', 'UEBERWEISUNG NR.99999999991', 'Max Mustermann', '-25.308,00'],
      ['22.08.2012', 'GUTSCHRIFT NR.99999999992', 'Mustermann,Max', '6.500,00'],
    ]);
  });
});

describe('counterparty', () => {
  test('a field label on the type line (`Verwendungszweck/ Kundenreferenz`) is not the payee', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.08.2023 bis 31.08.2023'],
      [50, 88, 'Buchung Valuta Vorgang Soll Haben'],
      [50, 100, '16.08.2023 16.08.2023 Verwendungszweck/ Kundenreferenz'],
      [550, 100, '+ 33,23', true],
      [130, 110, 'ZINSEN/DIVIDENDEN/ERTRAEGE FIL/DEPOT-NR: 218'],
    ]);
    assert.deepEqual(r, [['16.08.2023', 'Verwendungszweck/ Kundenreferenz ZINSEN/DIVIDENDEN/ERTRAEGE FIL/DEPOT-NR: 218', '', '33,23']]);
  });
});

describe('cells that hold more than one field', () => {
  test('booking and value date in one cell (`02.03./04.03.` under "Buchung/Wert"): the first is the booking date', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug vom 01.03.2026 bis 31.03.2026'],
      [50, 88, 'Buchung/Wert'],
      [130, 88, 'Vorgang/Buchungsinformation'],
      [550, 88, 'Soll/Haben EUR', true],
      [130, 100, 'Kontostand am 28.02.2026, Auszug Nr. 2'],
      [550, 100, '+ 100,00', true],
      [50, 112, '02.03./04.03.'],
      [130, 112, 'Lastschrift'],
      [550, 112, '- 45,00', true],
      [130, 122, 'STADTWERKE MUSTERSTADT'],
      [130, 132, 'ABSCHLAG MÄRZ 2026'],
      [130, 142, 'Referenz 123456'],
      [50, 156, '10.03./10.03.'],
      [130, 156, 'Gutschrift'],
      [550, 156, '+ 1.500,00', true],
      [130, 166, 'MUSTERFIRMA GMBH'],
      [130, 176, 'GEHALT MÄRZ 2026'],
      [130, 192, 'Kontostand am 31.03.2026, Auszug Nr. 3'],
      [550, 192, '+ 1.555,00', true],
    ]);
    assert.deepEqual(toTables([a!])[0]!.rows, [
      ['02.03.2026', 'Lastschrift ABSCHLAG MÄRZ 2026 Referenz 123456', 'STADTWERKE MUSTERSTADT', '-45,00'],
      ['10.03.2026', 'Gutschrift GEHALT MÄRZ 2026', 'MUSTERFIRMA GMBH', '1.500,00'],
    ]);
    assert.equal(a!.rows[0]!.otherDate, '04.03.2026');
    assert.equal(a!.info.reconciled, true);
  });

  const UMSATZLISTE = (party: string): SynthLine[] => [
    [50, 40, 'Umsatzliste Zeitraum 01.03.2026 - 31.03.2026'],
    [40, 60, 'Anfangssaldo am 01.03.2026'],
    [300, 60, '1.000,00 EUR', true],
    [40, 72, 'Endsaldo am 31.03.2026'],
    [300, 72, '3.411,05 EUR', true],
    [40, 100, 'Buchungstag'],
    [110, 100, 'Wertstellung'],
    [180, 100, 'Umsatzart'],
    [250, 100, party],
    [380, 100, 'Verwendungszweck'],
    [560, 100, 'Betrag EUR', true],
    [40, 115, '05.03.2026'],
    [110, 115, '05.03.2026'],
    [180, 115, 'Lohn, Gehalt,'],
    [250, 115, 'Musterfirma'],
    [380, 115, 'Gehalt März'],
    [560, 115, '2.500,00', true],
    [180, 125, 'Rente'],
    [250, 125, 'GmbH'],
    [380, 125, '2026 Referenz 123'],
    [40, 140, '07.03.2026'],
    [110, 140, '08.03.2026'],
    [180, 140, 'Lastschrift'],
    [250, 140, 'Stadtwerke'],
    [380, 140, 'Abschlag Strom'],
    [560, 140, '-84,00', true],
    [250, 150, 'Musterstadt'],
    [380, 150, 'März 2026'],
    [40, 165, '09.03.2026'],
    [110, 165, '09.03.2026'],
    [180, 165, 'Entgelt'],
    [380, 165, 'Kontoführung 03/2026'],
    [560, 165, '-4,95', true],
  ];
  const UMSATZLISTE_ROWS = [
    ['05.03.2026', 'Lohn, Gehalt, Rente Gehalt März 2026 Referenz 123', 'Musterfirma GmbH', '2.500,00'],
    ['07.03.2026', 'Lastschrift Abschlag Strom März 2026', 'Stadtwerke Musterstadt', '-84,00'],
    ['09.03.2026', 'Entgelt Kontoführung 03/2026', '', '-4,95'],
  ];

  test('a counterparty column of its own (Umsatzart | Empfänger/Auftraggeber | Verwendungszweck): cells wrap inside their columns and are read column by column', () => {
    assert.deepEqual(rows(UMSATZLISTE('Empfänger/Auftraggeber')), UMSATZLISTE_ROWS);
  });

  test('the counterparty column as OCR reads its header (`Empfängerl/Auftraggeber`)', () => {
    assert.deepEqual(rows(UMSATZLISTE('Empfängerl/Auftraggeber')), UMSATZLISTE_ROWS);
  });

  test('one header cell "Umsatzart / Empfänger / Verwendungszweck" is no counterparty column', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.03.2026 bis 31.03.2026'],
      [50, 88, 'Buchungstag'],
      [120, 88, 'Umsatzart / Empfänger / Verwendungszweck'],
      [540, 88, 'Betrag EUR', true],
      [50, 100, '05.03.2026'],
      [120, 100, 'Lastschrift'],
      [540, 100, '-84,00', true],
      [120, 110, 'Stadtwerke Musterstadt'],
      [120, 120, 'Abschlag Strom'],
    ]);
    assert.deepEqual(r, [['05.03.2026', 'Lastschrift Abschlag Strom', 'Stadtwerke Musterstadt', '-84,00']]);
  });
});

describe('statement facts', () => {
  test('an opening balance dated the evening before: the period starts where the printed range says', () => {
    const [a] = accounts([
      [50, 40, 'Kontoauszug 6/2026 Zeitraum 01.06.2026 bis 30.06.2026'],
      [50, 88, 'Datum Erläuterung Betrag'],
      [120, 100, 'Kontostand am 31.05.2026 um 20:08 Uhr'],
      [540, 100, '100,00', true],
      [50, 112, '07.06.2026 Lastschrift Stadtwerke'],
      [540, 112, '-40,00', true],
      [120, 124, 'Kontostand am 30.06.2026, Auszug Nr. 6'],
      [540, 124, '60,00', true],
    ]);
    assert.equal(a!.info.period_start, '01.06.2026');
    assert.equal(a!.info.period_end, '30.06.2026');
  });

  test('the bank of the letterhead: compound names (Kreissparkasse), without the title printed far to its right', () => {
    const bank = (first: SynthLine[]): string | null =>
      accounts([
        ...first,
        [50, 88, 'Buchungstag Vorgang Betrag'],
        [50, 100, '07.06.2026 Lastschrift Stadtwerke'],
        [540, 100, '-40,00', true],
      ])[0]!.info.bank;
    assert.equal(bank([[50, 40, 'Kreissparkasse Beispielhausen']]), 'Kreissparkasse Beispielhausen');
    assert.equal(bank([[50, 40, 'Raiffeisenbank Oberland eG'], [400, 40, 'Umsatzliste']]), 'Raiffeisenbank Oberland eG');
  });
});

describe('postings under labelled booking-date headings', () => {
  // "Buchungsdatum: 05.03.2026" over the postings of that day; each posting line holds the
  // counterparty, the value date as `DD.MM` (no final dot) under "Valuta" and the amount in
  // a "zu Ihren Lasten" / "zu Ihren Gunsten" column; the type follows on the next line.
  const page: SynthLine[] = [
    [50, 40, 'Kontoauszug vom 31.03.2026 Zeitraum 01.03.2026 bis 31.03.2026'],
    [50, 88, 'Angaben zu den Umsätzen'],
    [330, 88, 'Valuta'],
    [455, 88, 'zu Ihren Lasten', true],
    [545, 88, 'zu Ihren Gunsten', true],
    [50, 100, 'Alter Kontostand vom 28.02.2026'],
    [545, 100, '100,00', true],
    [50, 114, 'Buchungsdatum: 05.03.2026'],
    [50, 127, 'Stadtwerke Musterstadt'],
    [330, 127, '04.03'],
    [455, 127, '45,00-', true],
    [50, 137, 'Lastschrift'],
    [50, 147, 'Abschlag Strom'],
    [50, 163, 'Erika Musterfrau'],
    [330, 163, '05.03'],
    [545, 163, '20,00', true],
    [50, 173, 'Gutschrift'],
    [50, 189, 'Buchungsdatum: 09.03.2026'],
    [50, 202, 'Entgelt'],
    [330, 202, '09.03'],
    [455, 202, '5,00-', true],
    [50, 218, 'Neuer Kontostand vom 31.03.2026'],
    [545, 218, '70,00', true],
  ];

  test('each posting takes the date of the heading above it; the `DD.MM` under "Valuta" is no text', () => {
    const [a] = accounts(page);
    assert.deepEqual(
      toTables([a!])[0]!.rows,
      [
        ['05.03.2026', 'Lastschrift Abschlag Strom', 'Stadtwerke Musterstadt', '-45,00'],
        ['05.03.2026', 'Gutschrift', 'Erika Musterfrau', '20,00'],
        ['09.03.2026', 'Entgelt', '', '-5,00'],
      ],
    );
    assert.equal(a!.rows[0]!.otherDate, '04.03.2026');
    assert.equal(a!.info.reconciled, true);
  });

  test('"zu Ihren Lasten | zu Ihren Gunsten" is a Soll/Haben header: an unsigned amount under Lasten is a debit', () => {
    const unsignedDebits = page.map((l): SynthLine => (l[3] && l[0] === 455 && l[2].endsWith('-') ? [l[0], l[1], l[2].slice(0, -1), true] : l));
    assert.deepEqual(
      rows(unsignedDebits).map((r) => r[3]),
      ['-45,00', '20,00', '-5,00'],
    );
  });
});

describe('an interest table after the postings', () => {
  test('rows that start with a date range (`01.03.2026 - 31.03.2026 … 1,75 % … 21,64`) are periods, not postings; `1,75 %` is a rate', () => {
    const [a] = accounts([
      [50, 40, 'Tagesgeld Kontoauszug vom 01.03.2026 bis 02.04.2026'],
      [50, 60, 'Aktueller Zinssatz 1,75 % p.a.'],
      [50, 88, 'Buchungstag Wertstellung Vorgang'],
      [545, 88, 'Betrag EUR', true],
      [170, 100, 'Kontostand am 28.02.2026'],
      [545, 100, '+1.000,00', true],
      [50, 112, '01.04.2026 31.03.2026 Zinsgutschrift'],
      [545, 112, '+21,64', true],
      [170, 122, 'Zinsen für März 2026'],
      [50, 134, '01.04.2026 31.03.2026 Kapitalertragsteuer'],
      [545, 134, '-5,41', true],
      [170, 150, 'Kontostand am 02.04.2026'],
      [545, 150, '+1.016,23', true],
      [50, 180, 'Zinsabrechnung'],
      [50, 194, 'Zeitraum'],
      [330, 194, 'Zinssatz p.a.'],
      [440, 194, 'Tage', true],
      [545, 194, 'Zinsen EUR', true],
      [50, 206, '01.03.2026 - 15.03.2026'],
      [330, 206, '1,75 %'],
      [440, 206, '15', true],
      [545, 206, '10,47', true],
      [50, 217, '16.03.2026 - 31.03.2026'],
      [330, 217, '1,75 %'],
      [440, 217, '16', true],
      [545, 217, '11,17', true],
      [50, 230, 'Summe Zinsen'],
      [545, 230, '21,64', true],
    ]);
    assert.deepEqual(
      toTables([a!])[0]!.rows,
      [
        ['01.04.2026', 'Zinsgutschrift Zinsen für März 2026', '', '21,64'],
        ['01.04.2026', 'Kapitalertragsteuer', '', '-5,41'],
      ],
    );
    assert.equal(a!.info.reconciled, true);
  });

  test('a percentage is no amount: `2,00 %` and `2,00%` next to a posting', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.03.2026 bis 31.03.2026'],
      [50, 88, 'Buchungstag Vorgang Betrag'],
      [50, 100, '31.03.2026 Habenzinsen 2,00 %'],
      [545, 100, '1,64', true],
      [50, 112, '31.03.2026 Sollzinsen 9,50%'],
      [545, 112, '-0,12', true],
    ]);
    assert.deepEqual(
      r.map((x) => [x[1], x[3]]),
      [
        ['Habenzinsen 2,00 %', '1,64'],
        ['Sollzinsen 9,50%', '-0,12'],
      ],
    );
  });

  test('interest and tax postings name no counterparty (Zinsgutschrift, Solidaritätszuschlag, Kirchensteuer)', () => {
    const r = rows([
      [50, 40, 'Kontoauszug vom 01.03.2026 bis 31.03.2026'],
      [50, 88, 'Buchungstag Vorgang Betrag'],
      [50, 100, '01.04.2026 Zinsgutschrift'],
      [545, 100, '+21,64', true],
      [120, 110, 'Zinsen für März 2026'],
      [50, 122, '01.04.2026 Kirchensteuer'],
      [545, 122, '-0,43', true],
      [120, 132, 'Zinsen 1. Quartal 2026'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[1], x[2]]),
      [
        ['Zinsgutschrift Zinsen für März 2026', ''],
        ['Kirchensteuer Zinsen 1. Quartal 2026', ''],
      ],
    );
  });
});

describe('card issuer statements', () => {
  // From the issuer's side: an unsigned amount is charged to the card, `+` marks a credit; the
  // balances follow the same convention (unsigned = money owed).
  const statement = (opening: string, closing: string): SynthLine[] => [
    [45, 40, 'Kreditkartenabrechnung'],
    [45, 60, 'Saldo Vormonat'],
    [300, 60, opening, true],
    [45, 88, 'Transaktionsdatum Buchungsdatum Beschreibung'],
    [545, 88, 'Betrag EUR', true],
    [45, 100, '01.03.2026 02.03.2026 Zahlungseingang Lastschrift'],
    [545, 100, '+175,40', true],
    [200, 110, 'Vielen Dank'],
    [45, 122, '03.03.2026 04.03.2026 CLOUDHOST INC, SAN FRANCISCO'],
    [545, 122, '238,66', true],
    [200, 132, 'USD 269,97 Kurs 1,1312'],
    [45, 144, '05.03.2026 06.03.2026 Tankstelle Nord, Musterstadt'],
    [545, 144, '50,00', true],
    [200, 160, 'Neuer Saldo'],
    [545, 160, closing, true],
  ];

  test('unsigned balances where only credits print `+` are money owed', () => {
    const [a] = accounts(statement('175,40', '288,66'));
    assert.deepEqual(
      a!.rows.map((r) => r.cents),
      [17540, -23866, -5000],
    );
    assert.equal(a!.info.opening_balance, '-175,40');
    assert.equal(a!.info.closing_balance, '-288,66');
    assert.equal(a!.info.reconciled, true);
  });

  test('a credit balance printed with `+` stays a credit, the unsigned one is owed', () => {
    const [a] = accounts(statement('+100,00', '13,26'));
    assert.equal(a!.info.opening_balance, '100,00');
    assert.equal(a!.info.closing_balance, '-13,26');
    assert.equal(a!.info.reconciled, true);
  });

  test('no posting prints `+`, the opening credit balance does: the unsigned closing balance is owed', () => {
    const [a] = accounts([
      [45, 40, 'Kreditkartenabrechnung'],
      [45, 60, 'Saldo Vormonat'],
      [300, 60, '+100,00', true],
      [45, 88, 'Transaktionsdatum Buchungsdatum Beschreibung'],
      [545, 88, 'Betrag EUR', true],
      [45, 100, '03.03.2026 04.03.2026 CLOUDHOST INC, SAN FRANCISCO'],
      [545, 100, '238,66', true],
      [45, 112, '05.03.2026 06.03.2026 Tankstelle Nord, Musterstadt'],
      [545, 112, '50,00', true],
      [200, 128, 'Neuer Saldo'],
      [545, 128, '188,66', true],
    ]);
    assert.deepEqual(
      a!.rows.map((r) => r.cents),
      [-23866, -5000],
    );
    assert.equal(a!.info.closing_balance, '-188,66');
    assert.equal(a!.info.reconciled, true);
  });

  test('a foreign-currency line "USD 269,97 Kurs 1,1312" is text, not the merchant; "Vielen Dank" names no one', () => {
    const r = rows(statement('175,40', '288,66'));
    assert.deepEqual(
      r.map((x) => [x[1], x[2]]),
      [
        ['Zahlungseingang Lastschrift Vielen Dank', ''],
        ['USD 269,97 Kurs 1,1312', 'CLOUDHOST INC, SAN FRANCISCO'],
        ['', 'Tankstelle Nord, Musterstadt'],
      ],
    );
  });

  test('a cash withdrawal ("Bargeldabhebung") on a card statement is a type, not a merchant', () => {
    const r = rows([
      [45, 40, 'Kreditkartenabrechnung'],
      [45, 88, 'Transaktionsdatum Buchungsdatum Beschreibung'],
      [545, 88, 'Betrag EUR', true],
      [45, 100, '16.09.2025 17.09.2025 Bargeldabhebung'],
      [545, 100, '282,77', true],
      [45, 112, '17.09.2025 18.09.2025 Tankstelle Nord, Musterstadt'],
      [545, 112, '50,00', true],
    ]);
    assert.deepEqual(
      r.map((x) => [x[1], x[2]]),
      [
        ['Bargeldabhebung', ''],
        ['', 'Tankstelle Nord, Musterstadt'],
      ],
    );
  });
});

describe('page headers and footers', () => {
  test('a posting line that happens to stand at the same height on two pages (`Abschlag Strom` in the top band) is posting text, not a page header', () => {
    const page = (n: number, first: SynthLine[]): SynthLine[] => [
      [50, 40, `Musterbank AG · Kontoauszug 3/2026 · Blatt ${n}`],
      [50, 80, 'Buchungstag Vorgang'],
      [545, 80, 'Betrag', true],
      ...first,
      [50, 200, `2${n}.03.2026 Kartenzahlung Bäckerei Korn`],
      [545, 200, '-3,50', true],
    ];
    const doc = synthDoc(
      page(1, [
        [50, 150, '02.03.2026 Gutschrift Erika Musterfrau'],
        [545, 150, '20,00', true],
      ]),
      page(2, [
        [50, 150, '05.03.2026 Lastschrift Stadtwerke Musterstadt'],
        [545, 150, '-45,00', true],
        [50, 161, 'Abschlag Strom'],
      ]),
      page(3, [
        [50, 150, '12.03.2026 Lastschrift Stadtwerke Musterstadt'],
        [545, 150, '-45,00', true],
        [50, 161, 'Abschlag Strom'],
      ]),
    );
    const r = toTables(extractAccounts(doc)).flatMap((t) => t.rows);
    assert.deepEqual(
      r.filter((x) => x[0] === '05.03.2026' || x[0] === '12.03.2026').map((x) => [x[1], x[2]]),
      [
        ['Lastschrift Abschlag Strom', 'Stadtwerke Musterstadt'],
        ['Lastschrift Abschlag Strom', 'Stadtwerke Musterstadt'],
      ],
    );
  });
});
