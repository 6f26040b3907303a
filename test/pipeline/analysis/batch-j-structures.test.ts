/**
 * Structures behind blind batch J's misses (issue 22, docs/blind-batch-j.md), on letters of our
 * own built on them: a Kirchgeld notice that prints the church tax on the member's own income as
 * a comparison row above the Kirchgeld set, and settles it in a grid festgesetzt / bereits gezahlt
 * / noch zu zahlen with a currency sign after every amount; an employer and a landlord confirming
 * the reader's own termination ("Ihre Kündigung vom …", "Eingang Ihrer Kündigung"), with an
 * employer's own termination as the control that keeps its Klagefrist. Real text-layer PDFs
 * through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterRuns, keyValues, flagTopics } from './letter-runs.js';

const analysisOf = letterRuns();

const values = keyValues;
const topics = flagTopics;

/** Kirchgeld 2024 of a member with a small income of her own; 120,00 € already paid. */
const kirchgeld: Line[][] = [
  [
    '# Finanzamt Fulda',
    'Königstraße 2 · 36037 Fulda',
    '',
    row(['Frau', 56], ['Steuernummer', 330], ['018 244 10923', 430]),
    row(['Katrin Hohmann', 56], ['Datum', 330], ['14.09.2026', 430]),
    row(['Leipziger Straße 14', 56]),
    row(['36037 Fulda', 56]),
    '',
    '# Bescheid für 2024 über besonderes Kirchgeld',
    '',
    'Sehr geehrte Frau Hohmann,',
    'für Sie wird nach dem Kirchensteuergesetz ein besonderes Kirchgeld festgesetzt.',
    '',
    lv('gemeinsames zu versteuerndes Einkommen 2024', '66.310 €'),
    lv('Kirchensteuer nach Ihrem eigenen Einkommen (Vergleichsberechnung)', '48,00 €'),
    lv('besonderes Kirchgeld (Stufe 3)', '300,00 €'),
    '',
    '# Abrechnung',
    row(['', 56], ['festgesetzt', -330], ['bereits gezahlt', -430], ['noch zu zahlen', -539]),
    row(['besonderes Kirchgeld 2024', 56], ['300,00 €', -330], ['120,00 €', -430], ['180,00 €', -539]),
    '',
    'Bitte zahlen Sie 180,00 € bis zum 19.10.2026 an die Finanzkasse Fulda.',
  ],
];

/** A payslip whose head pairs tax class, child allowances and confession by slashes. */
const slashHead: Line[][] = [
  [
    row(['Tischlerei Maas OHG · Mühlenweg 4 · 49074 Osnabrück', 56]),
    row(['Frau', 56], ['Abrechnung', 340], ['Oktober 2026', 440]),
    row(['Lea Sommer', 56], ['StKl / Kfb / Konf.', 340], ['4 / 1,0 / ev', 440]),
    row(['Goethering 7', 56]),
    row(['49074 Osnabrück', 56]),
    '',
    '# Entgeltabrechnung Oktober 2026',
    lv('Gehalt', '3.100,00'),
    lv('Gesamtbrutto', '3.100,00'),
    lv('Lohnsteuer', '298,16'),
    lv('Kirchensteuer', '23,85'),
    lv('Nettoverdienst', '2.778,00'),
    lv('Auszahlungsbetrag', '2.778,00'),
  ],
];

/** A short-term harvest job: flat tax borne by the employer, the employee's wage-tax row 0,00. */
const flatTax: Line[][] = [
  [
    row(['Obsthof Lenz · Feldweg 2 · 88045 Friedrichshafen', 56]),
    'Herrn',
    'Piotr Nowak',
    '88045 Friedrichshafen',
    '',
    '# Lohnabrechnung September 2026',
    lv('Gesamtbrutto', '1.668,00'),
    lv('Lohnsteuer (pauschal, vom Arbeitgeber getragen)', '0,00'),
    lv('Nettoverdienst', '1.668,00'),
    lv('Auszahlungsbetrag', '1.668,00'),
    '',
    '# Arbeitgeberanteile',
    lv('Pauschale Lohnsteuer 25 %', '417,00'),
  ],
];

/** An employer (or, with `tenancy`, a landlord) writes about a termination; `body` says whose it is. */
function confirmation(heading: string, body: string[]): Line[][] {
  return [
    [
      '# Spedition Albers GmbH',
      'Hafenstraße 3 · 26789 Leer',
      '',
      'Frau',
      'Nina Brandt',
      'Ringstraße 8',
      '26789 Leer',
      '',
      row(['Leer, 04.05.2026', 380]),
      '',
      `# ${heading}`,
      '',
      'Sehr geehrte Frau Brandt,',
      ...body,
      'Mit freundlichen Grüßen',
      'Spedition Albers GmbH',
    ],
  ];
}

describe('batch J structures', () => {
  it('a Kirchgeld notice: the church tax is the Kirchgeld set, not the comparison row; the settlement grid with currency signs adds up', async () => {
    const a = await analysisOf('steuerbescheid', kirchgeld);
    const v = values(a);
    assert.equal(v.kirchensteuer, '300,00 €', JSON.stringify(v));
    assert.equal(v.nachzahlung, '180,00 €', JSON.stringify(v));
    assert.deepEqual(a.checks.map((c) => c.holds), [true], JSON.stringify(a.checks));
  });

  it("the employer confirms the employee's own termination: no Klagefrist (§ 4 KSchG is against a dismissal)", async () => {
    const a = await analysisOf('kuendigung', confirmation('Ihre Kündigung vom 30.04.2026', [
      'wir haben Ihre Kündigung Ihres Arbeitsverhältnisses am 30.04.2026 erhalten und bestätigen sie.',
      'Es gilt die gesetzliche Kündigungsfrist von vier Wochen zum Monatsende. Ihr Arbeitsverhältnis endet am 31.05.2026.',
    ]));
    assert.ok(!topics(a).includes('klagefrist'), JSON.stringify(a.review_flags));
    assert.equal(values(a).beendigungsdatum, '31.05.2026');
  });

  it('the control: the employer terminates the employment itself, and the Klagefrist runs', async () => {
    const a = await analysisOf('kuendigung', confirmation('Kündigung Ihres Arbeitsverhältnisses', [
      'hiermit kündigen wir das mit Ihnen bestehende Arbeitsverhältnis fristgerecht zum 30.06.2026.',
      'Die Kündigungsfrist beträgt einen Monat zum Monatsende.',
    ]));
    assert.ok(topics(a).includes('klagefrist'), JSON.stringify(topics(a)));
  });

  it("a landlord confirms the tenant's own termination: the period qualified by whose it is is read, no flag", async () => {
    const a = await analysisOf('kuendigung', confirmation('Bestätigung', [
      'wir bestätigen den Zugang Ihrer Kündigung des Mietverhältnisses über die Wohnung Ringstraße 8 am 02.05.2026.',
      'Die gesetzliche Kündigungsfrist für Mieter beträgt drei Monate. Das Mietverhältnis endet daher am 31.07.2026.',
    ]));
    assert.match(values(a).kuendigungsfrist ?? '', /drei Monate/u, JSON.stringify(values(a)));
    assert.deepEqual(topics(a), [], JSON.stringify(a.review_flags));
  });

  it('a head pairing labels and values by slashes: the tax class is the value at its label\'s place', async () => {
    const a = await analysisOf('lohnabrechnung', slashHead);
    assert.equal(values(a).steuerklasse, '4', JSON.stringify(values(a)));
  });

  it('a flat tax borne by the employer: the employee\'s Lohnsteuer is the 0,00 row, never the employer\'s flat tax', async () => {
    const a = await analysisOf('lohnabrechnung', flatTax);
    assert.equal(values(a).lohnsteuer, '0,00', JSON.stringify(values(a)));
  });
});
