/**
 * Amounts a letter sets or demands (issue 22), on real text-layer PDFs read by the real reader
 * and the real pipeline: a Festsetzung with the taxes as columns gives the Nachzahlung /
 * Erstattung printed below it only where its rows add up to it; amounts a letter sets or demands
 * without a SPEC name are key numbers named from its own label; a payslip whose amounts are all
 * illegible says so in its summary.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { labelKeyName } from '../../../src/pipeline/stages/analysis/common/labelled-amounts.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

async function analysisOf(type: keyof typeof registry, pages: Line[][]): Promise<Analysis> {
  const r = await runPipeline(registry[type], { bytes: await makeTextPdf(letterPageSpecs(pages)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
  assert.equal(r.status, 'success');
  assert.ok(r.status === 'success' && r.output.kind === 'analysis');
  return r.output.analysis;
}

const key = (a: Analysis, name: string) => (a.key_numbers as Record<string, { value: string } | undefined>)[name]?.value;

/** A tax assessment whose Festsetzung has the taxes as columns; `result` is the prose line below. */
function taxesAsColumns(rows: [string, string, string, string][], heading: string, result: string): Line[][] {
  return [
    [
      'Finanzamt Karlsruhe-Durlach · Prinzessenstraße 2 · 76227 Karlsruhe',
      '',
      row(['Herrn', 56], ['Steuernummer', 340], ['34/118/40772', 440]),
      row(['Oliver Kienzler', 56], ['Datum', 340], ['27.10.2025', 440]),
      row(['Grötzinger Straße 22', 56]),
      row(['76227 Karlsruhe', 56]),
      '',
      '# Bescheid für 2024 über Einkommensteuer,',
      '# Solidaritätszuschlag und Kirchensteuer',
      '',
      '# Festsetzung',
      row(['', 56], ['Einkommensteuer', -330], ['Solidaritätszuschl.', -440], ['Kirchensteuer rk', -539]),
      row(['', 56], ['EUR', -330], ['EUR', -440], ['EUR', -539]),
      ...rows.map(([label, a, b, c]) => row([label, 56], [a, -330], [b, -440], [c, -539])),
      '',
      `# ${heading}`,
      result,
      '',
      '# Rechtsbehelfsbelehrung',
      'Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist für die Einlegung des Einspruchs beträgt einen Monat.',
    ],
  ];
}

describe('a Festsetzung with the taxes as columns', () => {
  const rows: [string, string, string, string][] = [
    ['Festgesetzt werden', '9.850,00', '0,00', '788,00'],
    ['abzüglich Steuerabzug vom Lohn', '8.522,00', '0,00', '681,76'],
    ['verbleibende Beträge', '1.328,00', '0,00', '106,24'],
  ];

  it('the amount to pay printed in prose below it is the Nachzahlung, with its check and flag', async () => {
    const a = await analysisOf('steuerbescheid', taxesAsColumns(rows, 'Nachzahlung', 'Insgesamt zu zahlen: 1.434,24 €. Fällig am 01.12.2025.'));
    assert.equal(key(a, 'nachzahlung'), '1.434,24');
    assert.equal(key(a, 'erstattung'), undefined);
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
    assert.ok(a.review_flags.some((f) => f.topic === 'nachzahlung'));
    assert.match(a.summary, /1\.434,24/);
  });

  it('an amount below the table that the rows do not add up to is not reported as the Nachzahlung', async () => {
    const a = await analysisOf('steuerbescheid', taxesAsColumns(rows, 'Nachzahlung', 'Insgesamt zu zahlen: 1.434,00 €. Fällig am 01.12.2025.'));
    assert.equal(key(a, 'nachzahlung'), undefined);
    assert.equal(key(a, 'erstattung'), undefined);
  });

  it('a last column that totals the others on every row (insgesamt) is counted once', async () => {
    // Umsatzsteuer | Verspätungszuschlag | insgesamt: the rows' sums would double every amount.
    const withTotal: [string, string, string, string][] = [
      ['Festgesetzt werden', '7.837,80', '40,00', '7.877,80'],
      ['abzüglich Vorauszahlungen', '7.215,00', '0,00', '7.215,00'],
      ['verbleibende Beträge', '622,80', '40,00', '662,80'],
    ];
    const a = await analysisOf('steuerbescheid', taxesAsColumns(withTotal, 'Abrechnung', 'Bis zum 12.01.2026 sind zu zahlen: 662,80 €.'));
    assert.match(key(a, 'nachzahlung') ?? '', /^662,80/);
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
    // Its due date is the one on its own line, though that line starts with a capital `Bis`.
    assert.match(a.review_flags.find((f) => f.topic === 'nachzahlung')?.description ?? '', /bis zum 12\.01\.2026/);
  });

  it('more credited than fixed: the amount below is the Erstattung', async () => {
    const refund: [string, string, string, string][] = [
      ['Festgesetzt werden', '9.850,00', '0,00', '788,00'],
      ['abzüglich Steuerabzug vom Lohn', '10.100,00', '0,00', '808,00'],
      ['verbleibende Beträge', '-250,00', '0,00', '-20,00'],
    ];
    const a = await analysisOf('steuerbescheid', taxesAsColumns(refund, 'Erstattung', 'Sie erhalten 270,00 € auf Ihr Konto zurück.'));
    assert.match(key(a, 'erstattung') ?? '', /^270,00/);
    assert.equal(key(a, 'nachzahlung'), undefined);
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });
});

describe('amounts without a SPEC name, named from their label', () => {
  it('the naming rule: brackets, item and tariff numbers, dates, amounts and capital abbreviations go; umlauts as SPEC spells them', () => {
    assert.equal(labelKeyName('9005 Entschädigung einer Zeugin (JVEG)'), 'entschaedigung_einer_zeugin');
    assert.equal(labelKeyName('Auslagenpauschale Inkasso (Nr. 7002 VV RVG)'), 'auslagenpauschale_inkasso');
    assert.equal(labelKeyName('für die Zeit ab 14.04.2026 auf jährlich ........'), 'fuer_die_zeit_ab_auf_jaehrlich');
    assert.equal(labelKeyName('01.07.2026 - 31.12.2026'), null);
  });

  it('cost rows of a claim table that adds up are key numbers under their labels; SPEC keys keep their values', async () => {
    const a = await analysisOf('mahnung', [
      [
        'Nordstern Forderungsmanagement GmbH · Faulenstraße 23 · 28195 Bremen',
        '',
        row(['Herrn', 56], ['Datum', 340], ['14.09.2026', 430]),
        row(['Timo Albrecht', 56]),
        row(['Lindenallee 5', 56]),
        row(['27749 Delmenhorst', 56]),
        '',
        '# Zahlungsaufforderung',
        '',
        'Sehr geehrter Herr Albrecht,',
        '',
        'die Vitalia Versand GmbH hat uns mit der Einziehung ihrer Forderung beauftragt. Trotz Mahnung ist die Forderung offen.',
        '',
        row(['Position', 56], ['Betrag EUR', -539]),
        row(['Rechnung 2026-118834 vom 03.02.2026', 56], ['189,90', -539]),
        row(['Gebühr nach RVG (1,3 Geschäftsgebühr Nr. 2300 VV)', 56], ['66,95', -539]),
        row(['Auslagenpauschale Inkasso (Nr. 7002 VV RVG)', 56], ['13,39', -539]),
        row(['Summe der offenen Forderung', 56], ['270,24', -539]),
        '',
        'Bitte überweisen Sie den Betrag von 270,24 EUR bis spätestens 28.09.2026 auf unser Konto.',
      ],
    ]);
    assert.equal(key(a, 'hauptforderung'), '189,90');
    assert.equal(key(a, 'gesamtforderung'), '270,24');
    assert.equal(key(a, 'auslagenpauschale_inkasso'), '13,39');
  });

  it('a tax the Festsetzung sets behind a dotted leader is a key number, and the summary names it', async () => {
    const a = await analysisOf('steuerbescheid', [
      [
        '# Hauptzollamt Saarbrücken',
        'Hauptzollamt Saarbrücken · Postfach 10 11 62 · 66011 Saarbrücken',
        '',
        row(['Herrn', 56], ['Datum', 340], ['16.04.2026', 445]),
        row(['Dragan Petrovic', 56], ['Steuernummer', 340], ['2160 4417 8823', 445]),
        row(['66111 Saarbrücken', 56]),
        '',
        '# Bescheid über Kraftfahrzeugsteuer',
        '',
        '# Festsetzung',
        'Für das oben bezeichnete Fahrzeug wird die Kraftfahrzeugsteuer festgesetzt',
        [
          { t: `für die Zeit ab 14.04.2026 auf jährlich ${'.'.repeat(100)}`, x: 56 },
          { t: '141,00 EUR', x: 539, r: true },
        ],
        '',
        '# Rechtsbehelfsbelehrung',
        'Gegen diesen Bescheid ist der Einspruch gegeben. Die Frist für die Einlegung des Einspruchs beträgt einen Monat.',
      ],
    ]);
    assert.equal(key(a, 'fuer_die_zeit_ab_auf_jaehrlich'), '141,00 EUR');
    assert.match(a.summary, /141,00 EUR/);
  });
});

describe('a payslip whose amounts are blacked out', () => {
  it('reads what is printed and says the amounts are not legible, not that the arithmetic is unremarkable', async () => {
    const a = await analysisOf('lohnabrechnung', [
      [
        'Kommunaler Versorgungsverband · Bezügestelle · XXXXXXXXXXXXXXXXX',
        '',
        '# Bezügemitteilung für Juni 2026',
        '',
        row(['Personalnummer', 56], ['XXXXXXXX', 170], ['Arbeitgeber', 300], ['Stadt XXXXXXXXX', 400]),
        row(['Steuerklasse', 56], ['3', 170], ['Krankenkasse', 300], ['XXXXXXXX', 400]),
        '',
        '# Bezüge',
        row(['Bezeichnung', 56], ['Zeitraum', 300], ['Betrag EUR', -539]),
        row(['Tabellenentgelt E 9a / 4', 56], ['06/2026', 300], ['X.XXX,XX', -539]),
        row(['Summe Bezüge', 56], ['X.XXX,XX', -539]),
        '',
        '# Gesetzliche Abzüge',
        row(['Lohnsteuer', 56], ['XXX,XX', -260], ['Krankenversicherung', 300], ['XXX,XX', -539]),
        row(['Solidaritätszuschlag', 56], ['X,XX', -260], ['Pflegeversicherung', 300], ['XX,XX', -539]),
        row(['Kirchensteuer', 56], ['XX,XX', -260], ['Rentenversicherung', 300], ['XXX,XX', -539]),
        '',
        '# Auszahlung',
        lv('Nettobezüge', 'X.XXX,XX'),
        lv('Zahlbetrag', 'X.XXX,XX'),
      ],
    ]);
    assert.equal(key(a, 'steuerklasse'), '3');
    assert.equal(key(a, 'gesamtbrutto'), undefined);
    assert.match(a.summary, /nicht lesbar/);
    assert.doesNotMatch(a.summary, /ohne Auffälligkeit/);
  });
});
