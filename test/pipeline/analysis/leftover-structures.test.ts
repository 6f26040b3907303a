/**
 * Structures behind the letter misses left from blind batches F, I and J (issue 22,
 * docs/blind-batch-f.md, -i.md, -j.md), on letters of our own built on them. Real text-layer PDFs
 * through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Cell, type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { flagTopics, keyValues, letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

/** A bold label/value line (a total under a table). */
const total = (label: string, value: string): Cell[] => [
  { t: label, x: 56, b: true },
  { t: value, x: 539, r: true, b: true },
];

/**
 * A city's dog tax for a year, set by a tenor line and a table whose header row names its columns
 * (`Hund | Monate | Steuersatz | Steuer`), a total row, the prepayment credited and the rest to pay.
 */
const dogTax: Line[][] = [
  [
    '# Stadt Paderborn',
    'Der Bürgermeister · Steueramt · Am Abdinghof 11 · 33098 Paderborn',
    '',
    row(['Frau', 56], ['Kassenzeichen', 330], ['4.1180.22071', 440]),
    row(['Jana Westhoff', 56], ['Datum', 330], ['03.03.2026', 440]),
    row(['Riemekestraße 9', 56], ['Steuerjahr', 330], ['2026', 440]),
    row(['33102 Paderborn', 56]),
    '',
    '# Bescheid über die Hundesteuer 2026',
    '',
    'Aufgrund der Hundesteuersatzung der Stadt Paderborn wird die Hundesteuer für das Jahr 2026',
    'für die von Ihnen gehaltenen Hunde wie folgt festgesetzt:',
    '',
    row(['Hund', 56], ['Monate', -330], ['Steuersatz', -430], ['Steuer', -539]),
    row(['Ersthund (Mischling, Rufname Bruno)', 56], ['12', -330], ['120,00 €', -430], ['120,00 €', -539]),
    row(['Zweithund (Beagle, Rufname Lotte)', 56], ['10', -330], ['180,00 €', -430], ['150,00 €', -539]),
    total('Hundesteuer 2026', '270,00 €'),
    '',
    lv('abzüglich bereits gezahlt', '100,00 €'),
    total('Nachzahlung', '170,00 €'),
    '',
    'Die Nachzahlung ist am 15.04.2026 fällig. Bitte überweisen Sie sie unter Angabe des',
    'Kassenzeichens an die Stadtkasse Paderborn.',
    '',
    '# Rechtsbehelfsbelehrung',
    'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Klage beim',
    'Verwaltungsgericht Minden erhoben werden.',
  ],
];

/** An allotment association terminates a garden lease for a breach of duties, on `datum`, for 30 November. */
function allotment(datum: string): Line[][] {
  return [
    [
      '# Stadtverband Kassel der Gartenfreunde e. V.',
      'Verpächter der Kleingartenanlagen · Wilhelmshöher Allee 19 · 34117 Kassel',
      '',
      'Frau',
      'Dagmar Krüger',
      'Fuldatalstraße 12',
      '34125 Kassel',
      '',
      row([`Kassel, ${datum}`, 380]),
      '',
      '# Beendigung Ihres Pachtverhältnisses',
      '',
      'Sehr geehrte Frau Krüger,',
      'trotz unserer Abmahnung nutzen Sie den Garten weiterhin nicht kleingärtnerisch.',
      'Wir kündigen daher den Kleingartenpachtvertrag über den Garten Nr. 12 fristgerecht zum 30.11.2026.',
      'Bitte geben Sie den Garten bis zu diesem Tag geräumt zurück.',
      '',
      'Mit freundlichen Grüßen',
      'Der Vorstand',
    ],
  ];
}

describe('letter structures left from batches F, I and J', () => {
  it('an allotment lease terminated after the third Werktag of August cannot end on 30 November of that year (§ 9 Abs. 2 BKleingG)', async () => {
    const a = await analysisOf('kuendigung', allotment('17.08.2026'));
    assert.equal(keyValues(a).beendigungsdatum, '30.11.2026', JSON.stringify(keyValues(a)));
    const flag = a.review_flags.find((f) => f.topic === 'kuendigungsfrist');
    assert.match(flag?.description ?? '', /30\.11\.2027/u, JSON.stringify(a.review_flags));
  });

  it('the control: the same termination in July keeps its 30 November, no flag', async () => {
    const a = await analysisOf('kuendigung', allotment('14.07.2026'));
    assert.deepEqual(flagTopics(a), [], JSON.stringify(a.review_flags));
  });

  it("a tenor's table: its column header row is no heading, so the total it sets is read and the settlement adds up", async () => {
    const a = await analysisOf('steuerbescheid', dogTax);
    assert.equal(keyValues(a).nachzahlung, '170,00 €', JSON.stringify(keyValues(a)));
    assert.deepEqual(a.checks.map((c) => c.holds), [true], JSON.stringify(a.checks));
    assert.equal(a.checks[0]!.values.festgesetzt, '270,00 €', JSON.stringify(a.checks));
    assert.ok(flagTopics(a).includes('nachzahlung'), JSON.stringify(flagTopics(a)));
  });
});
