/**
 * Structures behind blind batch L's leftovers (issue 22, docs/blind-batch-l.md "Session 19"), on
 * letters of our own wording built on them, never author L's: a changed tax notice whose
 * Festsetzung prints the taxes as columns and closes with the difference row (`Differenz`,
 * `Unterschied`), the result in prose under its heading; a payslip that states the parent status
 * for the Pflegeversicherung but no place of employment and charges the childless rate; an
 * authority's reminder with the claim, the late-payment surcharges and the fee in running text
 * (an ordinal in the claim's sentence, the fee's amount wrapped onto the next line); a fine
 * notice whose numbered findings open with `Am <date> um <time>`. Real text-layer PDFs through
 * the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { flagTopics, keyValues, letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

/**
 * ESt 2023 changed under § 173 AO. Nachzahlung: new 9.418,00 | 0,00 | 847,62 (KiSt 9 %), before
 * 8.902,00 | 0,00 | 801,18, differences 516,00 | 0,00 | 46,44 → 562,44. Erstattung: new 6.120,00 |
 * 0,00 | 489,60, before 6.540,00 | 0,00 | 523,20, differences 420,00 | 0,00 | 33,60 → 453,60.
 */
function changedNotice(rows: [string, string, string, string][], closing: Line[]): Line[][] {
  return [
    [
      '# Finanzamt Hameln',
      'Süntelstraße 2 · 31785 Hameln',
      '',
      row(['Herrn', 56], ['Steuernummer', 330], ['22/305/11847', 440]),
      row(['Jonas Wendt', 56], ['Datum', 330], ['09.09.2026', 440]),
      row(['Osterstraße 40', 56]),
      row(['31785 Hameln', 56]),
      '',
      '# Bescheid für 2023 über Einkommensteuer und Kirchensteuer',
      'Geändert nach § 173 Abs. 1 AO, weil nachträglich Einkünfte aus Kapitalvermögen bekannt wurden.',
      '',
      '# Festsetzung',
      row(['', 56], ['Einkommensteuer', -330], ['Solidaritätszuschlag', -450], ['Kirchensteuer ev', -539]),
      ...rows.map(([label, est, soli, kist]) => row([label, 56], [est, -330], [soli, -450], [kist, -539])),
      '',
      ...closing,
      '',
      '# Rechtsbehelfsbelehrung',
      'Gegen diesen Bescheid ist der Einspruch gegeben. Er ist binnen eines Monats nach Bekanntgabe',
      'beim Finanzamt Hameln einzulegen.',
    ],
  ];
}

/** Säumniszuschläge 1 % of 800,00 (rounded down to 50 €) × 3 months = 24,00; 820,00 + 24,00 + 6,50 = 850,50. */
const reclaimReminder: Line[][] = [
  [
    '# Landesamt für Besoldung und Versorgung',
    'Bezügestelle · Postfach 1180 · 70001 Stuttgart',
    '',
    'Herrn',
    'Felix Harms',
    'Gartenweg 5',
    '72070 Tübingen',
    '',
    row(['Az. BV-4471-2026', 56], ['Stuttgart, 14.09.2026', 380]),
    '',
    '# Zahlungserinnerung',
    '',
    'Sehr geehrter Herr Harms,',
    '',
    'durch unseren Bescheid vom 02.06.2026 wurden die für den 3. und 4. Monat Ihrer Elternzeit zu',
    'viel gezahlten Bezüge in Höhe von 820,00 € von Ihnen zurückgefordert. Eine Zahlung ist bis',
    'heute nicht eingegangen. Kraft Gesetzes sind dadurch Säumniszuschläge für drei angefangene',
    'Monate von zusammen 24,00 € angefallen. Für dieses Schreiben berechnen wir eine Mahngebühr von',
    '6,50 €. Bitte überweisen Sie den Gesamtbetrag von 850,50 € bis zum 28.09.2026 unter Angabe des',
    'Aktenzeichens.',
    '',
    'Mit freundlichen Grüßen',
    'Ihre Bezügestelle',
  ],
];

/** Gross 3.200,00: KV 8,75 % 280,00, RV 9,30 % 297,60, AV 1,30 % 41,60, LSt 310,00; PV as given. */
function parentPayslip(rate: string, amount: string, net: string): Line[][] {
  return [
    [
      '# Stadtwerke Fuldatal GmbH',
      'Am Wasserturm 3 · 34233 Fuldatal',
      '',
      'Frau Lea Krüger · Ahnatalstraße 19 · 34128 Kassel',
      '',
      '# Verdienstabrechnung August 2026',
      row(['Personalnummer 5180', 56], ['Steuerklasse 4', 220], ['Elterneigenschaft: ja', 380]),
      '',
      lv('Gesamtbrutto', '3.200,00'),
      row(['Lohnsteuer', 56], ['', -330], ['310,00', -539]),
      row(['Krankenversicherung', 56], ['8,75 %', -330], ['280,00', -539]),
      row(['Pflegeversicherung', 56], [rate, -330], [amount, -539]),
      row(['Rentenversicherung', 56], ['9,30 %', -330], ['297,60', -539]),
      row(['Arbeitslosenversicherung', 56], ['1,30 %', -330], ['41,60', -539]),
      lv('Nettoverdienst', net),
      lv('Auszahlungsbetrag', net),
    ],
  ];
}

/** 150,00 + 28,50 + 3,50 = 182,00; the offence on Wed 04.03.2026. */
const findingsNotice: Line[][] = [
  [
    '# Landkreis Hildesheim',
    'Bußgeldstelle · Bischof-Janssen-Straße 31 · 31134 Hildesheim',
    '',
    row(['Frau', 56], ['Aktenzeichen', 340], ['OW-2026-118204', 440]),
    row(['Karin Voss', 56], ['Datum', 340], ['06.04.2026', 440]),
    row(['Bahnhofsallee 7', 56]),
    row(['31134 Hildesheim', 56]),
    '',
    '# Bußgeldbescheid',
    '1. Am 04.03.2026 um 07:10 Uhr wurde Ihr Lkw mit dem Kennzeichen HI-KV 220 auf der B 1 bei',
    'Himmelsthür gewogen. Die zulässige Gesamtmasse war um 12 % überschritten.',
    '2. Sie sind Halterin des Fahrzeugs und haben die Fahrt angeordnet.',
    '',
    lv('Geldbuße', '150,00 €'),
    lv('Gebühr', '28,50 €'),
    lv('Auslagen', '3,50 €'),
    lv('Gesamtbetrag', '182,00 €'),
    '',
    'Zahlen Sie den Gesamtbetrag binnen zwei Wochen nach Rechtskraft.',
  ],
];

describe('batch L structures (own wording)', () => {
  it('a changed notice closing with Differenz: the Nachzahlung in prose, its flag and check, no amount under the row label', async () => {
    const a = await analysisOf(
      'steuerbescheid',
      changedNotice(
        [
          ['Festgesetzt werden', '9.418,00 €', '0,00 €', '847,62 €'],
          ['abzüglich bisher festgesetzt', '8.902,00 €', '0,00 €', '801,18 €'],
          ['Differenz', '516,00 €', '0,00 €', '46,44 €'],
        ],
        ['# Nachzahlung', 'Insgesamt zu zahlen: 562,44 €. Fällig am 12.10.2026. Bitte geben Sie die Steuernummer an.'],
      ),
    );
    assert.match(keyValues(a).nachzahlung ?? '', /^562,44/u, JSON.stringify(a.key_numbers));
    assert.ok(flagTopics(a).includes('nachzahlung'), JSON.stringify(a.review_flags));
    assert.ok(a.checks.some((c) => c.holds), JSON.stringify(a.checks));
    assert.ok(!Object.values(a.key_numbers).some((k) => k?.value.startsWith('46,44')), JSON.stringify(a.key_numbers));
  });

  it('a changed notice closing with Unterschied and less fixed than before: the Erstattung', async () => {
    const a = await analysisOf(
      'steuerbescheid',
      changedNotice(
        [
          ['Festgesetzt werden', '6.120,00 €', '0,00 €', '489,60 €'],
          ['abzüglich bisher festgesetzt', '6.540,00 €', '0,00 €', '523,20 €'],
          ['Unterschied', '420,00 €', '0,00 €', '33,60 €'],
        ],
        ['# Erstattung', 'Insgesamt zu erstatten: 453,60 €. Der Betrag wird auf Ihr Konto überwiesen.'],
      ),
    );
    assert.match(keyValues(a).erstattung ?? '', /^453,60/u, JSON.stringify(a.key_numbers));
    assert.ok(a.checks.some((c) => c.holds), JSON.stringify(a.checks));
  });

  it('a parent charged the childless PV rate is flagged without a place of employment', async () => {
    const a = await analysisOf('lohnabrechnung', parentPayslip('2,40 %', '76,80', '2.194,00'));
    const flag = a.review_flags.find((f) => f.topic === 'sozialversicherung');
    assert.ok(flag, JSON.stringify(a.review_flags));
    assert.match(flag.description, /1,80 %/u);
  });

  it("a parent's PV rate is not flagged", async () => {
    const a = await analysisOf('lohnabrechnung', parentPayslip('1,80 %', '57,60', '2.213,20'));
    assert.ok(!flagTopics(a).includes('sozialversicherung'), JSON.stringify(a.review_flags));
  });

  it('claim, surcharges and fee in running text are key numbers, and their sum is checked', async () => {
    const a = await analysisOf('mahnung', reclaimReminder);
    const k = keyValues(a);
    assert.match(k.hauptforderung ?? '', /^820,00/u, JSON.stringify(a.key_numbers));
    assert.match(k.mahngebuehren ?? '', /^6,50/u, JSON.stringify(a.key_numbers));
    assert.match(k.saeumniszuschlaege ?? '', /^24,00/u, JSON.stringify(a.key_numbers));
    assert.match(k.gesamtforderung ?? '', /^850,50/u, JSON.stringify(a.key_numbers));
    assert.ok(a.checks.some((c) => c.holds), JSON.stringify(a.checks));
  });

  it('a numbered finding opening with "Am <date> um <time>" gives the Tatdatum', async () => {
    const a = await analysisOf('bussgeldbescheid', findingsNotice);
    assert.equal(keyValues(a).tatdatum, '04.03.2026', JSON.stringify(a.key_numbers));
  });
});
