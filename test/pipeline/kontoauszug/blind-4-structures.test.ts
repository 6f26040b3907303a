import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, batch 4 (seen): structures the batch showed, each reduced to the rule it needs
 * (synthetic positions, no PDF).
 */
const rows = (lines: SynthLine[]): string[][] => toTables(extractAccounts(synthDoc(lines))).flatMap((t) => t.rows);

describe('day groups with a day balance in a column of its own', () => {
  // `Buchungstag | Wert | Vorgang | Betrag | Saldo`: the booking date only on a day's first
  // posting, a bold day-balance line after each day whose amount stands in the Saldo column, which
  // no posting fills.
  const page: SynthLine[] = [
    [42, 60, 'Kontoauszug 7/2025'],
    [42, 80, 'Buchungstag Wert Vorgang'],
    [470, 80, 'Betrag EUR', true],
    [553, 80, 'Saldo EUR', true],
    [142, 96, 'Kontostand am 30.06.2025'],
    [553, 96, '1.000,00', true],
    [42, 110, '07.07.2025 07.07. Überweisung'],
    [470, 110, '-73,25', true],
    [142, 120, 'Max Mustermann'],
    [142, 130, 'Miete Juli 2025'],
    [142, 143, 'Tagessaldo'],
    [553, 143, '926,75', true],
    [42, 157, '12.07.2025 12.07. Lastschrift'],
    [470, 157, '-40,75', true],
    [142, 167, 'Stadtwerke Musterstadt'],
    [142, 177, 'Abschlag Strom Juli 2025'],
    [100, 190, '13.07. Überweisung'],
    [470, 190, '-100,00', true],
    [142, 200, 'Erika Musterfrau'],
    [142, 210, 'Geschenk'],
    [142, 223, 'Tagessaldo'],
    [553, 223, '786,00', true],
    [42, 237, '14.07.2025 14.07. Gutschrift'],
    [470, 237, '2.000,00', true],
    [142, 247, 'Musterfirma GmbH'],
    [142, 257, 'Gehalt Juli 2025'],
    [142, 270, 'Tagessaldo'],
    [553, 270, '2.786,00', true],
    [142, 290, 'Kontostand am 31.07.2025'],
    [553, 290, '2.786,00', true],
  ];

  test('the day-balance line is a running balance, no posting text', () => {
    const got = rows(page);
    assert.equal(got.length, 4);
    for (const r of got) assert.doesNotMatch(r[1]!, /Tagessaldo|926,75|786,00/u, r[1]);
  });

  test('a posting with only its value date is booked on its day group\'s date', () => {
    assert.deepEqual(rows(page).map((r) => [r[0], r[3]]), [
      ['07.07.2025', '-73,25'],
      ['12.07.2025', '-40,75'],
      ['12.07.2025', '-100,00'],
      ['14.07.2025', '2.000,00'],
    ]);
    // The one date it prints is its value date.
    assert.deepEqual(extractAccounts(synthDoc(page))[0]!.postings[2]!.other, { year: 2025, month: 7, day: 13 });
  });
});

describe('a Primanota column between the two dates', () => {
  // `Bu-Tag | PN | Wert | Erläuterung | Betrag EUR` (cooperative banks): the PN number stands
  // between the booking and the value date; signs trail the amounts.
  const page: SynthLine[] = [
    [46, 60, 'Kontoauszug 2/2025'],
    [46, 80, 'Bu-Tag PN Wert Erläuterung'],
    [537, 80, 'Betrag EUR', true],
    [156, 95, 'alter Kontostand vom 31.10.2025'],
    [537, 95, '165,99-', true],
    [46, 110, '02.11. 5122 02.11. Überweisungsgutschrift'],
    [537, 110, '399,84+', true],
    [156, 120, 'Versicherungskammer Bayern'],
    [156, 130, 'EREF+900157165493'],
    [156, 140, 'SVWZ+Rückzahlung Darlehen November 2025'],
    [46, 155, '03.11. 931 04.11. Dauerauftrag'],
    [537, 155, '199,09-', true],
    [156, 165, 'Musikschule Klangvoll e.V.'],
    [156, 175, 'SVWZ+Unterricht November 2025'],
    [46, 190, '04.11. 000 04.11. Abschluss'],
    [537, 190, '4,65-', true],
    [156, 200, 'Rechnungsabschluss Zinsen und Entgelte'],
    [156, 215, 'neuer Kontostand vom 30.11.2025'],
    [537, 215, '29,89+', true],
  ];

  test('the PN number is neither text nor the party; the name under the type is', () => {
    assert.deepEqual(rows(page), [
      ['02.11.2025', 'Überweisungsgutschrift EREF+900157165493 SVWZ+Rückzahlung Darlehen November 2025', 'Versicherungskammer Bayern', '399,84'],
      ['03.11.2025', 'Dauerauftrag SVWZ+Unterricht November 2025', 'Musikschule Klangvoll e.V.', '-199,09'],
      ['04.11.2025', 'Abschluss Rechnungsabschluss Zinsen und Entgelte', '', '-4,65'],
    ]);
  });
});

describe('a destination after the type', () => {
  test('`auf …` after the type says where the money goes, an account, not who', () => {
    // A payment service paying out to the merchant's own bank account.
    assert.deepEqual(splitCounterparty(['Auszahlung auf Bankkonto', 'IBAN DE20 5244 4109 5545 0430 25', 'Transaktionscode 6IQ74687IJI875359']), {
      counterparty: '',
      text: 'Auszahlung auf Bankkonto IBAN DE20 5244 4109 5545 0430 25 Transaktionscode 6IQ74687IJI875359',
    });
    assert.equal(splitCounterparty(['Umbuchung auf Tagesgeld', 'Sparrate Juli 2025']).counterparty, '');
    // A name after the type stays the name; so does one the preposition `an` introduces.
    assert.equal(splitCounterparty(['Überweisung Anna Schulz', 'Miete Juli 2025']).counterparty, 'Anna Schulz');
    assert.equal(splitCounterparty(['Überweisung an Max Mustermann', 'Miete']).counterparty, 'Max Mustermann');
  });
});

describe('postings as labelled cards', () => {
  // Each posting a ruled box: the booking date and type, `Wert …` at the right, labelled lines,
  // and `Betrag: … EUR` as the box's last line, the only place of the amount.
  const page: SynthLine[] = [
    [64, 60, 'Jugendkonto Kontoauszug 12/2025'],
    [64, 90, 'Kontostand am 30.11.2025: 120,00 EUR'],
    [64, 120, '01.12.2025 Dauerauftrag'],
    [473, 121, 'Wert 01.12.2025'],
    [64, 132, 'Auftraggeber: Sandra Schulz'],
    [64, 144, 'Verwendungszweck: Taschengeld Dezember 2025'],
    [64, 156, 'Betrag: 20,00 EUR'],
    [64, 190, '17.12.2025 Kartenzahlung'],
    [473, 191, 'Wert 17.12.2025'],
    [64, 202, 'Empfänger: MediaMarkt Filiale 421'],
    [64, 214, 'Verwendungszweck: girocard 17.12. 12:39'],
    [64, 226, 'Betrag: -2,45 EUR'],
    [64, 260, '30.12.2025 Überweisung'],
    [473, 261, 'Wert 30.12.2025'],
    [64, 272, 'Empfänger: Sportverein Blau-Weiß 1921 e.V.'],
    [64, 284, 'Verwendungszweck: Beitrag Jugendabteilung Dezember 2025'],
    [64, 296, 'Betrag: -15,49 EUR'],
    [64, 330, 'Kontostand am 31.12.2025: 122,06 EUR'],
  ];

  test('the value date with its label and the amount\'s label are no text', () => {
    assert.deepEqual(rows(page), [
      ['01.12.2025', 'Dauerauftrag Verwendungszweck: Taschengeld Dezember 2025', 'Sandra Schulz', '20,00'],
      ['17.12.2025', 'Kartenzahlung Verwendungszweck: girocard 17.12. 12:39', 'MediaMarkt Filiale 421', '-2,45'],
      ['30.12.2025', 'Überweisung Verwendungszweck: Beitrag Jugendabteilung Dezember 2025', 'Sportverein Blau-Weiß 1921 e.V.', '-15,49'],
    ]);
  });
});
