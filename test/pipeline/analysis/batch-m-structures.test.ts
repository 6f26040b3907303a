/**
 * Structures behind blind batch M's misses (issue 22, docs/blind-batch-m.md "Session 19, second
 * round"), on letters of our own wording built on them, never author M's: an Austrian assessment
 * whose festgesetzte Einkommensteuer is negative after the wage tax credited (a refund, its
 * `Einkommen` the taxable income); an Abrechnung that carries interest as a further column; a
 * payslip whose tax and contribution bases stand between gross and deductions and whose net is
 * off; a second employment taxed in class I; a reminder whose invoice date is a labelled field and
 * time-barred; an Austrian Anonymverfügung, against which no remedy lies. Real text-layer PDFs
 * through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { flagTopics, keyValues, letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

/** Graz, ESt 2025: 3.912,40 tax − 4.240,40 wage tax credited = −328,00, the Gutschrift. */
const austrianRefund: Line[][] = [
  [
    '# Finanzamt Österreich',
    'Dienststelle Graz-Stadt · Conrad-von-Hötzendorf-Straße 14 · 8010 Graz',
    '',
    row(['Herrn', 56], ['Steuernummer', 330], ['68 114/2093', 420]),
    row(['DI Lukas Hofer', 56], ['Datum', 330], ['03.06.2026', 420]),
    row(['Annenstraße 19', 56]),
    row(['8020 Graz', 56]),
    '',
    '# Einkommensteuerbescheid 2025',
    '',
    lv('Gesamtbetrag der Einkünfte', '29.105,00 €'),
    lv('Sonderausgaben', '-695,00 €'),
    lv('Einkommen', '28.410,00 €'),
    lv('Einkommensteuer', '3.912,40 €'),
    lv('Anrechenbare Lohnsteuer', '-4.240,40 €'),
    lv('Festgesetzte Einkommensteuer', '-328,00 €'),
    '',
    'Der Betrag von 328,00 € wird Ihrem Abgabenkonto gutgeschrieben (§ 39 EStG 1988).',
    '',
    '# Rechtsmittelbelehrung',
    'Gegen diesen Bescheid ist binnen eines Monats die Beschwerde zulässig (§ 243 BAO).',
  ],
];

/** Kiel, ESt 2024 with the § 233a AO interest as a third column headed over two lines. */
const interestColumn: Line[][] = [
  [
    '# Finanzamt Kiel',
    'Rathausplatz 4 · 24103 Kiel',
    '',
    row(['Frau', 56], ['Steuernummer', 330], ['19/277/50311', 430]),
    row(['Jana Petersen', 56], ['Datum', 330], ['16.09.2026', 430]),
    row(['Knooper Weg 12', 56]),
    row(['24103 Kiel', 56]),
    '',
    '# Bescheid für 2024 über Einkommensteuer und Solidaritätszuschlag',
    '',
    '# Abrechnung',
    row(['', 56], ['Einkommen-', -330], ['Solidaritäts-', -430], ['Zinsen', -539]),
    row(['', 56], ['steuer', -330], ['zuschlag', -430], ['(§ 233a AO)', -539]),
    row(['festgesetzt', 56], ['8.420,00', -330], ['0,00', -430], ['42,00', -539]),
    row(['abzüglich Steuerabzug vom Lohn', 56], ['7.100,00', -330], ['0,00', -430]),
    row(['noch zu zahlen', 56], ['1.320,00', -330], ['0,00', -430], ['42,00', -539]),
    '',
    row(['Insgesamt zu zahlen bis 19.10.2026', 56], ['1.362,00 €', -539]),
  ],
];

/** A payslip printing its tax and SV bases between gross and deductions; `net` as printed (true: 3.120,00 − 1.033,76 = 2.086,24). */
function payslipWithBases(net: string): Line[][] {
  return [
    [
      '# Lagerlogistik Nord GmbH',
      'Hafenstraße 3 · 23568 Lübeck',
      '',
      'Herrn',
      'Tobias Brandt',
      'Moislinger Allee 40',
      '23558 Lübeck',
      '',
      '# Entgeltabrechnung Juni 2026',
      row(['Personalnummer 3318', 56], ['Steuerklasse 1', 220], ['Kinder 0', 330]),
      '',
      lv('Grundlohn 160,00 Std. x 19,50 €', '3.120,00'),
      lv('Gesamtbrutto', '3.120,00', true),
      row(['Steuer-Brutto 3.120,00', 56], ['SV-Brutto 3.120,00', 250]),
      '',
      lv('Lohnsteuer', '355,16'),
      lv('Solidaritätszuschlag', '0,00'),
      lv('Kirchensteuer', '0,00'),
      lv('Krankenversicherung', '273,00'),
      lv('Pflegeversicherung', '74,88'),
      lv('Rentenversicherung', '290,16'),
      lv('Arbeitslosenversicherung', '40,56'),
      '',
      lv('Nettoverdienst', net, true),
      lv('Auszahlungsbetrag', net, true),
    ],
  ];
}

/** A part-time payslip; `statement` is what it says about the main employment. */
function partTimePayslip(klasse: string, statement: Line[]): Line[][] {
  return [
    [
      '# Bäckerei Sonnenkorn KG',
      'Marktstraße 8 · 72764 Reutlingen',
      '',
      'Frau',
      'Petra Lindner',
      'Gartenstraße 5',
      '72764 Reutlingen',
      '',
      '# Gehaltsabrechnung Oktober 2026',
      row(['Steuerklasse', 56], [klasse, 170], ['Konfession', 300], ['--', 400]),
      ...statement,
      '',
      lv('Gehalt Verkauf', '1.800,00 €'),
      lv('Gesamtbrutto', '1.800,00 €', true),
      lv('Lohnsteuer', '68,25 €'),
      lv('Solidaritätszuschlag', '0,00 €'),
      lv('Kirchensteuer', '0,00 €'),
      lv('Krankenversicherung', '157,50 €'),
      lv('Pflegeversicherung', '43,20 €'),
      lv('Rentenversicherung', '167,40 €'),
      lv('Arbeitslosenversicherung', '23,40 €'),
      lv('Nettoverdienst', '1.340,25 €', true),
      lv('Auszahlungsbetrag', '1.340,25 €', true),
    ],
  ];
}

/** A riding stable's reminder, 14.07.2026, for an invoice whose date is a labelled field. */
function stableReminder(invoiceDate: string): Line[][] {
  return [
    [
      '# Reitstall Birkenhof',
      'Birkenweg 2 · 49080 Osnabrück',
      '',
      row(['Frau', 56], ['Datum', 360], ['14.07.2026', 450]),
      row(['Clara Otte', 56]),
      row(['Lotter Straße 71', 56]),
      row(['49078 Osnabrück', 56]),
      '',
      '# Mahnung',
      '',
      'Sehr geehrte Frau Otte,',
      'die folgende Rechnung für die Pferdepension ist noch offen:',
      '',
      row(['Rechnungsnummer', 56], ['BH-4471', 200]),
      row(['Rechnungsdatum', 56], [invoiceDate, 200]),
      '',
      row(['offener Rechnungsbetrag', 300], ['520,00 €', -539]),
      row(['Mahngebühr', 300], ['5,00 €', -539]),
      row(['Gesamtbetrag', 300], ['525,00 €', -539]),
      '',
      'Bitte überweisen Sie den Betrag bis zum 28.07.2026.',
    ],
  ];
}

/** A Lower Austrian police directorate's Anonymverfügung for a parking offence. */
const anonymverfuegung: Line[][] = [
  [
    '# Landespolizeidirektion Niederösterreich',
    'Verkehrsamt · Neue Herrengasse 15 · 3100 St. Pölten',
    '',
    row(['Frau', 56], ['Zahl', 340], ['VStV/926004418220/2026', 420]),
    row(['Laura Binder', 56], ['Datum', 340], ['08.09.2026', 420]),
    row(['Kremser Gasse 6', 56]),
    row(['3100 St. Pölten', 56]),
    '',
    '# Anonymverfügung',
    '',
    row(['Tatzeit', 56], ['27.08.2026, 16:40 Uhr', 170]),
    row(['Tatort', 56], ['St. Pölten, Rathausplatz 1, Ladezone', 170]),
    row(['Fahrzeug', 56], ['PKW, Kennzeichen P-52 LB', 170]),
    row(['Übertretung', 56], ['Halten in einer Ladezone, § 24 Abs. 1 lit. e StVO 1960', 170]),
    '',
    lv('Strafbetrag', '35,00 €', true),
    '',
    'Zahlen Sie den Strafbetrag binnen vier Wochen mit der Identifikationsnummer 926004418220 ein,',
    'so wird kein Verwaltungsstrafverfahren eingeleitet.',
    'Ein Rechtsmittel gegen diese Anonymverfügung ist nicht zulässig.',
  ],
];

describe('batch M structures', () => {
  it('an Austrian assessment fixing the income tax below zero: the refund, its settlement check, the tax, and the Einkommen as taxable income', async () => {
    const a = await analysisOf('steuerbescheid', austrianRefund);
    const v = keyValues(a);
    assert.equal(v.erstattung, '328,00');
    assert.equal(v.festgesetzte_einkommensteuer, '3.912,40 €');
    assert.equal(v.zu_versteuerndes_einkommen, '28.410,00 €');
    assert.equal(v.nachzahlung, undefined);
    assert.equal(a.checks.length, 1);
    assert.equal(a.checks[0]!.holds, true, JSON.stringify(a.checks));
  });

  it('a German notice printing `Einkommen` beside no taxable income: `Einkommen` is not read as it', async () => {
    const german = austrianRefund.map((p) => p.map((l) => (typeof l === 'string' ? l.replace('Finanzamt Österreich', 'Finanzamt Lübeck').replace(/ \(§ \d+ (?:EStG 1988|BAO)\)/u, '') : l)));
    const a = await analysisOf('steuerbescheid', german);
    assert.equal(keyValues(a).zu_versteuerndes_einkommen, undefined);
  });

  it('an Abrechnung with interest as a further column: the interest is a key number named by its header', async () => {
    const a = await analysisOf('steuerbescheid', interestColumn);
    const v = keyValues(a);
    assert.equal(v.zinsen, '42,00', JSON.stringify(v));
    assert.equal(v.festgesetzte_einkommensteuer, '8.420,00');
    assert.equal(v.nachzahlung, '1.362,00 €');
  });

  it('a payslip with its tax and SV bases between gross and deductions and a wrong net: `netto_rechnung`', async () => {
    const a = await analysisOf('lohnabrechnung', payslipWithBases('2.068,24'));
    assert.ok(flagTopics(a).includes('netto_rechnung'), JSON.stringify(a.review_flags));
  });

  it('the same payslip with the right net: no flag', async () => {
    const a = await analysisOf('lohnabrechnung', payslipWithBases('2.086,24'));
    assert.ok(!flagTopics(a).includes('netto_rechnung'), JSON.stringify(a.review_flags) + JSON.stringify(a.checks));
  });

  it('a second employment taxed in class I, the slip saying the main employment is elsewhere: `steuerklasse`', async () => {
    const a = await analysisOf('lohnabrechnung', partTimePayslip('1', ['Ihr Hauptarbeitsverhältnis besteht nach Ihren Angaben bei einem anderen Arbeitgeber.']));
    const flag = a.review_flags.find((f) => f.topic === 'steuerklasse');
    assert.ok(flag, JSON.stringify(a.review_flags));
    assert.equal(flag.severity, 'warning');
    assert.match(flag.description, /VI/u);
  });

  it('the same slip without that statement, and one in class VI with it: no warning', async () => {
    const plain = await analysisOf('lohnabrechnung', partTimePayslip('1', []));
    assert.ok(!flagTopics(plain).includes('steuerklasse'), JSON.stringify(plain.review_flags));
    const six = await analysisOf('lohnabrechnung', partTimePayslip('6', [row(['Hauptarbeitgeber', 56], ['nein', 170])]));
    assert.ok(!six.review_flags.some((f) => f.topic === 'steuerklasse' && f.severity === 'warning'), JSON.stringify(six.review_flags));
  });

  it('a reminder whose invoice date is a labelled field more than three years past the year end: `verjaehrung`', async () => {
    const a = await analysisOf('mahnung', stableReminder('03.11.2022'));
    const flag = a.review_flags.find((f) => f.topic === 'verjaehrung');
    assert.ok(flag, JSON.stringify(a.review_flags));
    assert.match(flag.description, /31\.12\.2025/u);
  });

  it('the same reminder for an invoice of 2023: not yet time-barred', async () => {
    const a = await analysisOf('mahnung', stableReminder('03.11.2023'));
    assert.ok(!flagTopics(a).includes('verjaehrung'), JSON.stringify(a.review_flags));
  });

  it('an Anonymverfügung: its Strafbetrag is the fine, and no remedy lies against it — no objection period', async () => {
    const a = await analysisOf('bussgeldbescheid', anonymverfuegung);
    const v = keyValues(a);
    assert.equal(v.geldbusse, '35,00 €');
    assert.ok(!flagTopics(a).includes('einspruchsfrist'), JSON.stringify(a.review_flags));
    assert.match(a.summary, /35,00/u);
    assert.match(a.summary, /Rechtsmittel ist nicht zulässig/u);
    assert.doesNotMatch(a.summary, /Einspruch/u);
  });
});
