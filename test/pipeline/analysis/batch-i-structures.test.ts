/**
 * Structures behind blind batch I's misses (issue 22, docs/blind-batch-i.md), on letters of our
 * own built on them: a training relationship terminated in probation (§ 22 Abs. 1 BBiG: no
 * notice period), with an ordinary employment in probation as the control that still has one;
 * a provider's termination that names its own lease as the reason (the contract ended is the
 * reader's, not a tenancy); a non-traffic fine notice with every amount in prose, a fee whose
 * legal citation breaks the line before its amount, parts and total on one line, the offence a
 * period; premium arrears ("Beitragsrückstand") with a Säumniszuschlag below them. Real
 * text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterRuns, keyValues, flagTopics } from './letter-runs.js';

const analysisOf = letterRuns();

const values = keyValues;
const topics = flagTopics;

/** A bakery ends a trainee's or an employee's relationship in probation, four days after the letter. */
function probationLetter(relationship: string, heading: string): Line[][] {
  return [
    [
      '# Bäckerei Lindner KG',
      'Hauptstraße 21 · 34117 Kassel',
      '',
      'Frau',
      'Jana Krämer',
      'Wilhelmshöher Allee 90',
      '34119 Kassel',
      '',
      row(['Kassel, 02.03.2026', 380]),
      '',
      `# ${heading}`,
      '',
      'Sehr geehrte Frau Krämer,',
      `wir kündigen das am 01.02.2026 begonnene ${relationship} in der Probezeit.`,
      'Es endet am 06.03.2026. Ihre Vergütung erhalten Sie anteilig bis zu diesem Tag.',
      'Mit freundlichen Grüßen',
      'Paul Lindner',
    ],
  ];
}

/** A music school closes a branch because its own lease ends and terminates the reader's tuition contract with one month. */
const musicSchool: Line[][] = [
  [
    '# Musikschule Klangwerk GmbH',
    'Lindenstraße 7 · 48143 Münster',
    '',
    row(['Herrn', 56], ['Schülernummer', 360], ['MS-4471', 460]),
    row(['Tobias Rehm', 56], ['Datum', 360], ['02.11.2026', 460]),
    row(['Hammer Straße 12', 56]),
    row(['48153 Münster', 56]),
    '',
    '# Kündigung Ihres Unterrichtsvertrags',
    '',
    'Sehr geehrter Herr Rehm,',
    'der Mietvertrag für unsere Räume in der Hammer Straße läuft aus, und wir geben die Zweigstelle',
    'zum Jahresende auf. Deshalb kündigen wir Ihren Unterrichtsvertrag fristgerecht zum 31.12.2026.',
    'Der Vertrag kann von beiden Seiten mit einer Frist von einem Monat gekündigt werden.',
    'Mit freundlichen Grüßen',
    'Ihre Musikschule Klangwerk',
  ],
];

/** A district fines keeping an unregistered dog for a period; all amounts in running text, the fee's citation wraps before its amount. */
const dogFine: Line[][] = [
  [
    '# Landkreis Vechta',
    'Ordnungsamt · Ravensberger Straße 20 · 49377 Vechta',
    '',
    row(['Frau', 56], ['Aktenzeichen', 340], ['32.1-OWi-7781/26', 440]),
    row(['Miriam Focke', 56], ['Datum', 340], ['14.10.2026', 440]),
    row(['Am Lohweg 5', 56]),
    row(['49377 Vechta', 56]),
    '',
    '# Bußgeldbescheid',
    '',
    'Sehr geehrte Frau Focke,',
    'Sie haben in der Zeit vom 02.05.2026 bis 31.07.2026 einen Hund gehalten, ohne ihn im Register',
    'anzumelden (Ordnungswidrigkeit nach § 18 Abs. 1 Nr. 6 des Niedersächsischen Hundegesetzes).',
    'Gegen Sie wird deshalb eine Geldbuße von 75,00 Euro festgesetzt. Die Kosten des Verfahrens',
    'tragen Sie: eine Gebühr nach § 107 Abs. 1 OWiG von',
    '28,50 Euro und Auslagen von 4,11 Euro. Zu zahlen sind damit insgesamt 107,61 Euro.',
    '',
    '# Rechtsbehelfsbelehrung',
    'Gegen diesen Bescheid können Sie innerhalb von zwei Wochen nach Zustellung Einspruch einlegen.',
    'Im Auftrag',
    'Brand',
  ],
];

/** A statutory health insurer's reminder for a voluntary member: arrears named by what fell behind, the surcharge below them, the total. */
const insurerArrears: Line[][] = [
  [
    '# BKK Weserland',
    'Beitragseinzug · Am Markt 2 · 28195 Bremen',
    '',
    row(['Frau', 56], ['Mitgliedsnummer', 330], ['W 771 204 55', 440]),
    row(['Heike Brandt', 56], ['Datum', 330], ['09.03.2026', 440]),
    row(['Osterdeich 30', 56]),
    row(['28203 Bremen', 56]),
    '',
    '# Zahlungserinnerung Beiträge Januar und Februar 2026',
    '',
    'Sehr geehrte Frau Brandt,',
    'Ihre Beiträge zur freiwilligen Versicherung sind noch nicht eingegangen.',
    '',
    row(['Beitragsrückstand', 56], ['486,20 €', -539]),
    row(['Säumniszuschlag (§ 24 SGB IV)', 56], ['4,50 €', -539]),
    [
      { t: 'Offener Gesamtbetrag', x: 56, b: true },
      { t: '490,70 €', x: 539, r: true, b: true },
    ],
    '',
    'Bitte überweisen Sie den offenen Gesamtbetrag bis zum 23.03.2026.',
    'Mit freundlichen Grüßen',
  ],
];

describe('batch I structures', () => {
  it('arrears named by what fell behind are the claim; a Säumniszuschlag below them is a cost, not part of a subtotal', async () => {
    const a = await analysisOf('mahnung', insurerArrears);
    const v = values(a);
    assert.equal(v.hauptforderung, '486,20 €', JSON.stringify(v));
    assert.equal(v.gesamtforderung, '490,70 €', JSON.stringify(v));
    assert.deepEqual(a.checks.map((c) => c.holds), [true], JSON.stringify(a.checks));
  });

  it('a training relationship terminated in probation has no notice period (§ 22 BBiG); Klagefrist still runs', async () => {
    const a = await analysisOf('kuendigung', probationLetter('Berufsausbildungsverhältnis', 'Kündigung Ihres Ausbildungsverhältnisses'));
    assert.ok(topics(a).includes('klagefrist'), JSON.stringify(topics(a)));
    assert.ok(!topics(a).includes('kuendigungsfrist'), JSON.stringify(a.review_flags));
  });

  it('an employment in probation keeps the two weeks of § 622 Abs. 3 BGB: four days are short', async () => {
    const a = await analysisOf('kuendigung', probationLetter('Arbeitsverhältnis', 'Kündigung Ihres Arbeitsverhältnisses'));
    assert.ok(topics(a).includes('kuendigungsfrist'), JSON.stringify(topics(a)));
  });

  it('a provider naming its own lease terminates a contract, not a tenancy: no § 573c flag', async () => {
    const a = await analysisOf('kuendigung', musicSchool);
    assert.match(a.summary, /Kündigung eines Vertrags/u);
    assert.ok(!topics(a).includes('kuendigungsfrist'), JSON.stringify(a.review_flags));
    assert.equal(values(a).beendigungsdatum, '31.12.2026');
  });

  it('a prose fine notice: the fee after its citation, parts and total on one line add up; a period offence has its first day; no traffic limitation', async () => {
    const a = await analysisOf('bussgeldbescheid', dogFine);
    const v = values(a);
    assert.equal(v.geldbusse, '75,00 Euro', JSON.stringify(v));
    assert.equal(v.gebuehren, '28,50 Euro', JSON.stringify(v));
    assert.equal(v.auslagen, '4,11 Euro', JSON.stringify(v));
    assert.equal(v.gesamtbetrag, '107,61 Euro', JSON.stringify(v));
    assert.equal(v.tatdatum, '02.05.2026', JSON.stringify(v));
    assert.deepEqual(a.checks.map((c) => c.holds), [true], JSON.stringify(a.checks));
    assert.ok(!topics(a).includes('verjaehrung'), JSON.stringify(a.review_flags));
  });
});
