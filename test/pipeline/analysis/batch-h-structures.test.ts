/**
 * Structures behind blind batch H's misses (issue 22, docs/blind-batch-h.md), on letters of our
 * own built on them: a claim table whose total is labelled like a claim ("Offener Betrag") and
 * whose claim row names no claim, judged by its arithmetic; a data block's date with a time of
 * day that is not the letter's date; a first-person termination ("kündige ich das … zwischen uns
 * bestehende Arbeitsverhältnis") declared to the reader, whose notice falls short of § 622 BGB
 * for the years of employment. Real text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterRuns, keyValues } from './letter-runs.js';

const analysisOf = letterRuns();

const values = keyValues;

/** A dentist's reminder: the fee row names no claim, the total is labelled "Offener Betrag". */
const dentist: Line[][] = [
  [
    '# Zahnarztpraxis Dr. Meinhardt',
    'Bahnhofstraße 12 · 31134 Hildesheim',
    '',
    row(['Frau', 56], ['Rechnungsnummer', 340], ['R-2026-0771', 440]),
    row(['Petra Kolbe', 56], ['Datum', 340], ['12.05.2026', 440]),
    row(['Almsstraße 3', 56]),
    row(['31134 Hildesheim', 56]),
    '',
    '# 1. Mahnung',
    '',
    'Sehr geehrte Frau Kolbe,',
    'unsere Rechnung ist bisher unbezahlt geblieben.',
    '',
    row(['Leistung', 56], ['Anzahl', -390], ['je', -460], ['Betrag', -539]),
    row(['Professionelle Zahnreinigung', 56], ['2', -390], ['95,00', -460], ['190,00 €', -539]),
    row(['Mahngebühr', 56], ['7,50 €', -539]),
    [
      { t: 'Offener Betrag', x: 56, b: true },
      { t: '197,50 €', x: 539, r: true, b: true },
    ],
    '',
    'Bitte überweisen Sie den offenen Betrag bis spätestens 26.05.2026.',
    'Mit freundlichen Grüßen',
  ],
];

/** A towing firm's reminder: the date of the towing in a data block, the letter's date on the "Ort, Datum" line. */
const towing: Line[][] = [
  [
    '# Abschleppdienst Krüger GmbH',
    'Industriering 4 · 41199 Mönchengladbach',
    '',
    'Herrn',
    'Daniel Sommer',
    'Gartenstraße 8',
    '41061 Mönchengladbach',
    '',
    row(['Mönchengladbach,', 340], ['09.06.2026', 430]),
    '',
    '# Zahlungserinnerung Abschleppkosten',
    '',
    row(['Auftrag', 56], ['AK-26-1187', 200]),
    row(['Datum / Uhrzeit', 56], ['22.05.2026, 21:40 Uhr', 200]),
    row(['Kennzeichen', 56], ['MG-DS 118', 200]),
    '',
    'Sehr geehrter Herr Sommer,',
    'für das Abschleppen Ihres Fahrzeugs berechnen wir:',
    row(['Abschleppkosten lt. Auftrag', 56], ['180,00 €', -539]),
    row(['Mahngebühr', 56], ['5,00 €', -539]),
    [
      { t: 'Zu zahlender Betrag', x: 56, b: true },
      { t: '185,00 €', x: 539, r: true, b: true },
    ],
    'Bitte zahlen Sie bis zum 23.06.2026.',
    'Mit freundlichen Grüßen',
  ],
];

/** A baker terminates an employee of nine years with one month (§ 622 Abs. 2 Nr. 3 BGB: three months). */
const bakery: Line[][] = [
  [
    row(['', 56], ['Bäckerei Hofmann', 340]),
    row(['', 56], ['Marktplatz 3', 340]),
    row(['', 56], ['97070 Würzburg', 340]),
    '',
    'Frau',
    'Sandra Beck',
    'Zeller Straße 40',
    '97082 Würzburg',
    '',
    row(['Würzburg, 15.06.2026', 340]),
    '',
    '# Kündigung des Arbeitsverhältnisses',
    '',
    'Sehr geehrte Frau Beck,',
    'hiermit kündige ich das seit dem 01.03.2017 zwischen uns bestehende Arbeitsverhältnis',
    'ordentlich unter Einhaltung der Kündigungsfrist von einem Monat zum 31.07.2026.',
    'Mit freundlichen Grüßen',
    'Martin Hofmann',
  ],
];

describe('batch H structures', () => {
  it('a claim table judged by its arithmetic: the sum row is the total, the row above the costs the claim', async () => {
    const a = await analysisOf('mahnung', dentist);
    const v = values(a);
    assert.equal(v.hauptforderung, '190,00 €', JSON.stringify(v));
    assert.equal(v.gesamtforderung, '197,50 €', JSON.stringify(v));
    assert.ok(a.checks.some((c) => c.holds), JSON.stringify(a.checks));
  });

  it('a date with a time of day in a data block is not the letter date; the first row over costs is the claim', async () => {
    const a = await analysisOf('mahnung', towing);
    const v = values(a);
    assert.equal(v.schreibdatum, '09.06.2026', JSON.stringify(v));
    assert.equal(v.hauptforderung, '180,00 €', JSON.stringify(v));
    assert.equal(v.gesamtforderung, '185,00 €', JSON.stringify(v));
  });

  it('"kündige ich das … zwischen uns bestehende Arbeitsverhältnis" is the employer\'s termination: Klagefrist and the short notice flagged', async () => {
    const a = await analysisOf('kuendigung', bakery);
    const topics = a.review_flags.map((f) => f.topic);
    assert.ok(topics.includes('klagefrist'), JSON.stringify(topics));
    assert.ok(topics.includes('kuendigungsfrist'), JSON.stringify(topics));
  });
});

/** A city's dog-licence refund notice: titled kind, months as rows, a total; declared beside found dogs. */
const refund: Line[][] = [
  [
    '# Stadt Göttingen',
    'Fachdienst Steuern · Hiroshimaplatz 1 · 37083 Göttingen',
    '',
    row(['Herrn', 56], ['Kassenzeichen', 340], ['4.1187.22', 440]),
    row(['Lars Otten', 56], ['Datum', 340], ['02.06.2026', 440]),
    row(['Weender Straße 9', 56]),
    row(['37073 Göttingen', 56]),
    '',
    '# Bescheid über die Rückforderung von Hundesteuerermäßigung',
    '',
    'Sehr geehrter Herr Otten,',
    'die Steuerermäßigung für Ihren Hund wird nach § 12 der Hundesteuersatzung aufgehoben. Die Hundesteuer',
    'wird für die folgenden Monate neu festgesetzt; der Unterschied wird zurückgefordert:',
    row(['Monat', 56], ['Hund', 200], ['erklärt', -390], ['festgestellt', -470], ['Betrag', -539]),
    row(['01/2026', 56], ['Bruno', 200], ['1,00', -390], ['2,00', -470], ['12,00', -539]),
    row(['02/2026', 56], ['Bruno', 200], ['1,00', -390], ['2,00', -470], ['12,00', -539]),
    row(['03/2026', 56], ['Bruno', 200], ['1,00', -390], ['2,00', -470], ['12,00', -539]),
    [
      { t: 'Rückforderung gesamt', x: 56, b: true },
      { t: '36,00 €', x: 539, r: true, b: true },
    ],
    'Bitte zahlen Sie den Betrag bis zum 02.07.2026.',
    '# Rechtsbehelfsbelehrung',
    'Gegen diesen Steuerbescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
  ],
];

/** A town's levy notice: a tax row prints its base and rate before the amount, fees beside it, a total. */
const levies: Line[][] = [
  [
    '# Stadt Lohmar',
    'Steueramt · Rathausstraße 4 · 53797 Lohmar',
    '',
    row(['Frau', 56], ['Kassenzeichen', 340], ['7.2201.05', 440]),
    row(['Ida Kern', 56], ['Datum', 340], ['15.01.2026', 440]),
    row(['Am Hang 3', 56]),
    row(['53797 Lohmar', 56]),
    '',
    '# Grundbesitzabgabenbescheid für 2026',
    '',
    row(['Abgabe', 56], ['Grundlage', 200], ['Satz', -400], ['Jahresbetrag', -539]),
    row(['Grundsteuer B', 56], ['Messbetrag', 200], ['40,00 €', 270], ['500 %', -400], ['200,00 €', -539]),
    row(['Abfallgebühr', 56], ['1 Behälter', 200], ['80,00 €', -400], ['80,00 €', -539]),
    [
      { t: 'Jahresbetrag insgesamt', x: 56, b: true },
      { t: '280,00 €', x: 539, r: true, b: true },
    ],
    'Die Beträge sind zu je einem Viertel am 15.02., 15.05., 15.08. und 15.11. fällig.',
    '# Rechtsbehelfsbelehrung',
    'Gegen diesen Steuerbescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
  ],
];

/** A landlord terminates a parking space by § 580a BGB, the period as the rule in words. */
const parking: Line[][] = [
  [
    'Erika Brandt · Lindenallee 4 · 24105 Kiel',
    '',
    'Herrn',
    'Ole Jessen',
    'Holtenauer Straße 80',
    '24105 Kiel',
    '',
    row(['Kiel, den 02.03.2026', 340]),
    '',
    '# Kündigung des Stellplatzes Nr. 2',
    '',
    'Sehr geehrter Herr Jessen,',
    'hiermit kündige ich den mit Ihnen geschlossenen Mietvertrag über den Stellplatz Nr. 2 zum 31.05.2026.',
    'Nach § 580a Abs. 1 Nr. 3 BGB ist die Kündigung spätestens am dritten Werktag eines Kalendermonats',
    'zum Ablauf des übernächsten Monats zulässig.',
    'Mit freundlichen Grüßen',
    'Erika Brandt',
  ],
];

describe('batch H structures of notices and terminations', () => {
  it('a row that prints its base before its amount is named by its own label, not by the base', async () => {
    const a = await analysisOf('steuerbescheid', levies);
    const names = Object.keys(a.key_numbers);
    assert.equal(a.key_numbers['grundsteuer_b']?.value, '200,00 €', JSON.stringify(a.key_numbers));
    assert.ok(!names.some((n) => n.includes('messbetrag')), names.join(', '));
  });

  it('a notice named by its title, its total read by the rows above it, a deviation by declared/found columns', async () => {
    const a = await analysisOf('steuerbescheid', refund);
    assert.match(a.summary, /^Bescheid über die Rückforderung von Hundesteuerermäßigung/u, a.summary);
    assert.match(a.summary, /36,00/u, a.summary);
    assert.ok(Object.values(a.key_numbers).some((k) => k?.value === '36,00 €'), JSON.stringify(a.key_numbers));
    assert.ok(a.review_flags.some((f) => f.topic === 'abweichung_von_erklaerung'), JSON.stringify(a.review_flags.map((f) => f.topic)));
  });

  it('the § 580a rule in words is the notice period', async () => {
    const a = await analysisOf('kuendigung', parking);
    assert.match(a.key_numbers.kuendigungsfrist?.value ?? '', /dritten Werktag/u, JSON.stringify(a.key_numbers));
  });
});
