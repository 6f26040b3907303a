/**
 * Structures behind blind batch K's leftovers (issue 22, docs/blind-batch-k.md "Session 18"), on
 * letters of our own wording built on them, never author K's: a landlord's termination under
 * § 573a BGB (own two-flat house), whose notice period grows by three months; an Austrian
 * Strafverfügung that imposes a Geldstrafe in a sentence with the currency sign before the amount
 * and lists the offence under `Zeit:` / `Ort:`; a tax notice whose taxable income is `0 €`; a
 * reminder whose fee parts, claim and late fee stand behind dotted leaders as running lines (their
 * amounts in no column); a municipal tax notice that sets an annual amount and collects it in a
 * schedule of instalments. Real text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { flagTopics, keyValues, letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

/**
 * A landlord living in the ground floor terminates the upper flat of the two-flat house, relying
 * on § 573a BGB. Tenancy since 01.06.2023 (three years at receipt: § 573c gives three months);
 * handed over on Mon 14.09.2026, after the third Werktag of September, so October is the first
 * month counted: 3 months → 31.12.2026, 3 + 3 → 31.03.2027.
 */
function ownHouseTermination(end: string, ground: Line[] = ['Da wir das Haus mit nur zwei Wohnungen selbst bewohnen, stützen wir die Kündigung auf', '§ 573a Abs. 1 BGB.']): Line[][] {
  return [
    [
      'Dieter und Monika Brandt · Lindenweg 12 · 34117 Kassel',
      '',
      'Herrn',
      'Sven Albers',
      'Lindenweg 12 (1. OG)',
      '34117 Kassel',
      '',
      row(['Durch Boten zugestellt am 14.09.2026', 56], ['Kassel, 14.09.2026', 380]),
      '',
      '# Kündigung Ihrer Wohnung im ersten Obergeschoss',
      '',
      'Sehr geehrter Herr Albers,',
      '',
      `wir kündigen das seit dem 01.06.2023 bestehende Mietverhältnis über die Wohnung im ersten`,
      `Obergeschoss zum ${end}.`,
      '',
      ...ground,
      'Bitte geben Sie die Schlüssel bei Auszug persönlich bei uns ab.',
      '',
      'Mit freundlichen Grüßen',
      '',
      row(['Dieter Brandt', 56], ['Monika Brandt', 250]),
    ],
  ];
}

/**
 * A Salzburg city authority's Strafverfügung for speeding on Fri 03.07.2026: the fine
 * stands in a sentence that wraps before the amount, `€` before the figure; no costs.
 */
const strafverfuegung: Line[][] = [
  [
    '# Magistrat der Stadt Salzburg',
    'Strafamt · Schwarzstraße 44 · 5020 Salzburg · Österreich',
    '',
    row(['Frau', 56], ['Zahl', 340], ['S-VERK-2026-30177', 430]),
    row(['Hanna Vogt', 56], ['Datum', 340], ['21.07.2026', 430]),
    row(['Rosenstraße 3', 56]),
    row(['83395 Freilassing', 56]),
    '',
    '# Strafverfügung',
    '',
    'Die Behörde legt Ihnen folgende Verwaltungsübertretung zur Last:',
    row(['1.', 56], ['Zeit:', 80], ['03.07.2026, 08:15 Uhr', 160]),
    row(['2.', 56], ['Ort:', 80], ['Salzburg, Sterneckstraße Höhe Nr. 20', 160]),
    row(['3.', 56], ['Fahrzeug:', 80], ['PKW, Kennzeichen BGL-HV 318 (D)', 160]),
    row(['4.', 56], ['Tat:', 80], ['Sie haben die zulässige Höchstgeschwindigkeit von 50 km/h um 31 km/h', 160]),
    row(['', 56], ['', 80], ['überschritten (Messtoleranz abgezogen).', 160]),
    '',
    'Wegen dieser Übertretung wird gemäß § 99 Abs. 3 lit. a StVO über Sie eine Geldstrafe',
    'von € 150,00 verhängt, falls diese uneinbringlich ist, eine Ersatzfreiheitsstrafe',
    'von 30 Stunden.',
    'Geldstrafen ab € 70,00 können auch in Deutschland vollstreckt werden.',
    '',
    '# Rechtsmittelbelehrung',
    'Sie können gegen diese Strafverfügung binnen zwei Wochen nach Zustellung Einspruch erheben.',
  ],
];

/** ESt 2025 of a trainee with a loss: taxable income 0 €, the wage tax withheld refunded. */
const zeroIncome: Line[][] = [
  [
    '# Finanzamt Kiel',
    'Rathausplatz 4 · 24103 Kiel',
    '',
    row(['Frau', 56], ['Steuernummer', 330], ['19/277/41820', 430]),
    row(['Merle Thiessen', 56], ['Datum', 330], ['02.09.2026', 430]),
    row(['Holtenauer Straße 80', 56]),
    row(['24105 Kiel', 56]),
    '',
    '# Bescheid für 2025 über Einkommensteuer',
    '',
    lv('Einkünfte aus nichtselbständiger Arbeit', '- 640 €'),
    lv('Summe der Einkünfte', '- 640 €'),
    lv('zu versteuerndes Einkommen', '0 €'),
    lv('festgesetzte Einkommensteuer', '0,00 €'),
    lv('Steuerabzug vom Lohn', '412,00 €'),
    lv('Erstattung', '412,00 €'),
  ],
];

/** A music school's reminder: fee parts, their subtotal and a late fee behind dotted leaders. */
const leaderReminder: Line[][] = [
  [
    '# Musikschule am Dom',
    'Domplatz 3 · 99084 Erfurt',
    '',
    'Herrn',
    'Paul Kessler',
    'Anger 17',
    '99084 Erfurt',
    '',
    row(['Schülernummer 4471', 56], ['Erfurt, 12.10.2026', 380]),
    '',
    '# Zahlungserinnerung: Unterrichtsentgelt Herbst 2026',
    '',
    'Sehr geehrter Herr Kessler,',
    'das Unterrichtsentgelt für das Herbstquartal ist bis heute nicht bei uns eingegangen.',
    '',
    'Klavierunterricht (12 x 21,00 €) ........................................ 252,00 €',
    'Leihgebühr Instrument .................................................... 30,00 €',
    'Unterrichtsentgelt ........................................................... 282,00 €',
    'Säumnisgebühr ................................................................ 8,00 €',
    row(['Gesamtbetrag', 56], ['290,00 €', -430]),
    '',
    'Bitte überweisen Sie 290,00 € bis spätestens 26.10.2026.',
  ],
];

/**
 * A city's Zweitwohnungsteuer 2026 (rent 8.000 € × 12 % = 960,00 €), due in two half-year
 * instalments of 480,00 €; `second` replaces the second instalment (a schedule that no longer adds
 * up to the annual amount).
 */
function secondHomeTax(second = '480,00 €'): Line[][] {
  return [
    [
      '# Stadt Warnemünde-Land',
      'Steueramt · Seestraße 1 · 18119 Rostock',
      '',
      row(['Frau', 56], ['Kassenzeichen', 330], ['71.220.4418', 440]),
      row(['Ines Pahl', 56], ['Datum', 330], ['10.02.2026', 440]),
      row(['Mühlenstraße 9', 56]),
      row(['10178 Berlin', 56]),
      '',
      '# Zweitwohnungsteuerbescheid 2026',
      '',
      'Für Ihre Wohnung Am Strom 44 wird die Zweitwohnungsteuer wie folgt berechnet:',
      row(['Jahresnettokaltmiete', 56], ['Steuersatz', -380], ['Steuer jährlich', -539]),
      row(['8.000,00 €', 56], ['12 %', -380], ['960,00 €', -539]),
      '',
      '# Fälligkeiten',
      row(['Rate', 56], ['fällig am', 200], ['Betrag', -539]),
      row(['1. Halbjahr', 56], ['15.04.2026', 200], ['480,00 €', -539]),
      row(['2. Halbjahr', 56], ['15.10.2026', 200], [second, -539]),
      '',
      '# Rechtsbehelfsbelehrung',
      'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
    ],
  ];
}

describe('batch K structures', () => {
  it('§ 573a BGB: a landlord terminating in the own two-flat house has three months more than § 573c gives', async () => {
    const a = await analysisOf('kuendigung', ownHouseTermination('31.12.2026'));
    assert.equal(keyValues(a).beendigungsdatum, '31.12.2026');
    const flag = a.review_flags.find((f) => f.topic === 'kuendigungsfrist');
    assert.ok(flag, JSON.stringify(a.review_flags));
    assert.match(flag.description, /573a/u);
    assert.match(flag.description, /31\.03\.2027/u);
  });

  it('§ 573a BGB with the extended period kept: no flag', async () => {
    const a = await analysisOf('kuendigung', ownHouseTermination('31.03.2027'));
    assert.ok(!flagTopics(a).includes('kuendigungsfrist'), JSON.stringify(a.review_flags));
  });

  it('the control: the same end date on a ground of § 573 BGB (own use) keeps the plain § 573c period, no flag', async () => {
    const a = await analysisOf('kuendigung', ownHouseTermination('31.12.2026', [
      'Wir benötigen die Wohnung für unsere Tochter (§ 573 Abs. 2 Nr. 2 BGB); ein Sonderkündigungsrecht',
      'nach § 573a BGB nehmen wir nicht in Anspruch, sondern kündigen wegen Eigenbedarfs.',
    ]));
    assert.ok(!flagTopics(a).includes('kuendigungsfrist'), JSON.stringify(a.review_flags));
  });

  it('an Austrian Strafverfügung: the Geldstrafe imposed in a sentence, € before the amount, is the fine; `Zeit:` is the offence date', async () => {
    const a = await analysisOf('bussgeldbescheid', strafverfuegung);
    const v = keyValues(a);
    assert.equal(v.geldbusse, '€ 150,00');
    assert.equal(v.tatdatum, '03.07.2026');
    assert.equal(v.bescheiddatum, '21.07.2026');
    assert.match(a.summary, /150,00/u);
  });

  it('taxable income of 0 € is read: whole euros below a thousand with the currency after them', async () => {
    const a = await analysisOf('steuerbescheid', zeroIncome);
    assert.equal(keyValues(a).zu_versteuerndes_einkommen, '0 €');
    assert.equal(keyValues(a).erstattung, '412,00 €');
  });

  it('a claim behind a dotted leader: the row the late fee is added to is the main claim, the sum holds', async () => {
    const a = await analysisOf('mahnung', leaderReminder);
    const v = keyValues(a);
    assert.equal(v.hauptforderung, '282,00 €');
    assert.equal(v.gesamtforderung, '290,00 €');
    assert.deepEqual(a.checks.map((c) => c.holds), [true]);
    // The parts of the claim, named by their labels (the amount inside a label's brackets is no column).
    assert.equal(v.klavierunterricht, '252,00 €');
    assert.equal(v.leihgebuehr_instrument, '30,00 €');
  });

  it('an annual tax collected in instalments: the annual amount and the instalment are key numbers, tied by their sum', async () => {
    const a = await analysisOf('steuerbescheid', secondHomeTax());
    const v = keyValues(a);
    assert.equal(v.steuer, '960,00 €', JSON.stringify(v));
    assert.equal(v.rate_halbjahr, '480,00 €');
    assert.match(a.summary, /960,00 €/u);
  });

  it('the control: a schedule that does not add up to a printed amount names no annual amount', async () => {
    const a = await analysisOf('steuerbescheid', secondHomeTax('500,00 €'));
    const v = keyValues(a);
    assert.equal(v.steuer, undefined);
    assert.equal(v.rate_halbjahr, undefined);
  });
});
