import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { confusions, fillUnread, repairMisreads, type RepairItem } from '../../../src/pipeline/stages/kontoauszug/repair.js';
import type { SignedPosting } from '../../../src/pipeline/stages/kontoauszug/posting.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/** Balance-led repair of OCR misreadings (repair.ts), on constructed postings and pages. */
const item = (signed: number, o: { ocr?: boolean; confidence?: number; balance?: number | null; certain?: boolean; read?: string; alternative?: number } = {}): RepairItem => ({
  posting: { cents: Math.abs(signed), sign: signed < 0 ? -1 : 1, certain: o.certain ?? true },
  ocr: o.ocr ?? true,
  confidence: o.confidence ?? 0.97,
  balance: o.balance ?? null,
  ...(o.read !== undefined ? { read: o.read } : {}),
  ...(o.alternative !== undefined ? { alternative: o.alternative } : {}),
});
const values = (items: RepairItem[]): number[] => items.map((i) => i.posting.sign * i.posting.cents);
const sure = { openingUnsure: false, closingUnsure: false };

describe('confusable digits', () => {
  test('one digit replaced by a glyph OCR confuses it with', () => {
    const c = confusions(119751); // 1.197,51
    assert.ok(c.includes(119791)); // 5 → 9
    assert.ok(c.includes(419751)); // 1 → 4
    assert.ok(!c.includes(119752)); // 1 → 2 is no confusion
    assert.ok(!c.includes(119791 + 4)); // two digits changed
    assert.ok(!c.includes(119751));
  });
  test('amounts below one euro keep their printed 0', () => {
    assert.ok(confusions(5).includes(305)); // 0,05 → 3,05
    assert.ok(confusions(5).includes(3)); // 0,05 → 0,03
  });
});

describe('repair by the totals', () => {
  test('one misread digit in one unsure OCR amount is corrected', () => {
    // Printed -1.197,51, read -1.197,91; opening 5.028,70 + Σ must give 4.301,40.
    const items = [item(-119791, { confidence: 0.4 }), item(39221), item(-2000)];
    const closing = 502870 - 119751 + 39221 - 2000;
    assert.equal(repairMisreads(items, { opening: 502870, closing, ...sure }), true);
    assert.deepEqual(values(items), [-119751, 39221, -2000]);
  });

  test('a misread sign is corrected the same way', () => {
    const items = [item(-4500, { confidence: 0.5 }), item(10000)];
    assert.equal(repairMisreads(items, { opening: 0, closing: 14500, ...sure }), true);
    assert.deepEqual(values(items), [4500, 10000]);
  });

  test('two amounts that could explain the gap: nothing is changed', () => {
    // A gap of 0,40 is 9 → 5 in the cents of either debit.
    const items = [item(-119791, { confidence: 0.4 }), item(-2390, { confidence: 0.5 })];
    const closing = 100000 - 119791 - 2390 + 40;
    assert.equal(repairMisreads(items, { opening: 100000, closing, ...sure }), false);
    assert.deepEqual(values(items), [-119791, -2390]);
  });

  test('two candidates, one a reading the engine rejected and one it nearly trusted: the rejected one', () => {
    // Printed -75,51, read -15,51 at confidence 0; -119,47 read at 0.88. A gap of -60,00 is
    // 1 → 7 in the tens of either.
    const closing = 100000 - 7551 - 11947;
    const items = [item(-1551, { confidence: 0 }), item(-11947, { confidence: 0.88 })];
    assert.equal(repairMisreads(items, { opening: 100000, closing, ...sure }), true);
    assert.deepEqual(values(items), [-7551, -11947]);
    // Both doubtful (0.4 and 0.6): nothing singles one out.
    const doubtful = [item(-1551, { confidence: 0.4 }), item(-11947, { confidence: 0.6 })];
    assert.equal(repairMisreads(doubtful, { opening: 100000, closing, ...sure }), false);
    assert.deepEqual(values(doubtful), [-1551, -11947]);
  });

  test("the figure's other reading is taken where it closes the gap", () => {
    // Printed -71,70, kept as -13,10 (0.62); the second look read 71,70: no confusable digit
    // leads from one to the other, the balances choose the other reading.
    const closing = 100000 - 7170 - 2000;
    const items = [item(-1310, { confidence: 0.62, alternative: 7170 }), item(-2000, { confidence: 0.8 })];
    assert.equal(repairMisreads(items, { opening: 100000, closing, ...sure }), true);
    assert.deepEqual(values(items), [-7170, -2000]);
    // An other reading that does not close the gap changes nothing.
    const wrong = [item(-1310, { confidence: 0.62, alternative: 7171 }), item(-2000, { confidence: 0.8 })];
    assert.equal(repairMisreads(wrong, { opening: 100000, closing, ...sure }), false);
    assert.deepEqual(values(wrong), [-1310, -2000]);
  });

  test('an unsure OCR opening balance that explains the gap as well: nothing is changed', () => {
    const items = [item(-119791, { confidence: 0.4 })];
    // A gap of 0,40: the debit's 9 → 5, or the opening 1.000,50 misread for 1.000,90 (5 ↔ 9).
    const closing = 100050 - 119791 + 40;
    assert.equal(repairMisreads(items, { opening: 100050, closing, openingUnsure: true, closingUnsure: false }), false);
    assert.deepEqual(values(items), [-119791]);
    // The same opening read confidently: the posting is the one candidate.
    assert.equal(repairMisreads(items, { opening: 100050, closing, ...sure }), true);
    assert.deepEqual(values(items), [-119751]);
  });

  test('amounts read confidently, and text-layer amounts, are never changed', () => {
    const closing = 502870 - 119751;
    const confident = [item(-119791, { confidence: 0.97 })];
    assert.equal(repairMisreads(confident, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(confident), [-119791]);
    const textLayer = [item(-119791, { ocr: false, confidence: 1 })];
    assert.equal(repairMisreads(textLayer, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(textLayer), [-119791]);
  });

  test('a gap no single confusion explains (a posting missed) is left open', () => {
    const items = [item(-119791, { confidence: 0.4 }), item(39221, { confidence: 0.5 })];
    const closing = 502870 - 119791 + 39221 - 7703; // a -77,03 posting was not read at all
    assert.equal(repairMisreads(items, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(items), [-119791, 39221]);
  });
});

describe('amounts that did not read', () => {
  const p = (signed: number, certain = true): SignedPosting => ({ cents: Math.abs(signed), sign: signed < 0 ? -1 : 1, certain });
  const values = (ps: SignedPosting[]): number[] => ps.map((x) => x.sign * x.cents);

  test('the one posting without an amount takes the gap when its digits are the digits read', () => {
    // 3.712,97 + 4.307,83 − 32,02 = 7.988,78; `32.028` read for `32,02 S`: 3202 plus one digit.
    const ps = [p(430783), p(0, false)];
    assert.equal(fillUnread(ps, [null, ['32028']], 371297, 798878), true);
    assert.deepEqual(values(ps), [430783, -3202]);
    assert.equal(ps[1]!.certain, true);
    // `5,1` read for `5,11` (a digit lost), `855S` for `8,55 S` (the comma lost).
    const lost = [p(0, false)];
    assert.equal(fillUnread(lost, [['51']], 1000, 1511), true);
    assert.deepEqual(values(lost), [511]);
    const comma = [p(0, false)];
    assert.equal(fillUnread(comma, [['855']], 1000, 145), true);
    assert.deepEqual(values(comma), [-855]);
  });

  test('a gap whose digits are not the digits read is no amount for it', () => {
    const ps = [p(430783), p(0, false)];
    assert.equal(fillUnread(ps, [null, ['32028']], 371297, 798878 - 10000), false);
    assert.deepEqual(values(ps), [430783, 0]);
  });

  test('a column that states the sign must agree with the gap', () => {
    const credit = [p(0, true)]; // in the Haben column: a credit
    assert.equal(fillUnread(credit, [['855']], 1000, 145), false);
    assert.deepEqual(values(credit), [0]);
  });

  test('the others reconcile without it: the line was no posting', () => {
    const ps = [p(-855), p(0, false)];
    assert.equal(fillUnread(ps, [null, ['11']], 1000, 145), true);
    assert.deepEqual(values(ps), [-855, 0]);
  });

  test('several postings without an amount: the one combination of their readings that closes the gap', () => {
    // `152.145` for `152,14 S`, `8505` for `8,50 S`, `51:22:` for `51,22 S`, all debits.
    const ps = [p(-22805), p(0, false), p(0, false), p(0, false)].map((x, i) => (i > 0 ? { ...x, sign: -1 as const } : x));
    const opening = 302069;
    const closing = opening - 22805 - 15214 - 850 - 5122;
    assert.equal(fillUnread(ps, [null, ['152145'], ['8505'], ['5122']], opening, closing), true);
    assert.deepEqual(values(ps), [-22805, -15214, -850, -5122]);
  });

  test('several postings without an amount and no combination, or two, that closes the gap: none is guessed', () => {
    const debits = (): SignedPosting[] => [p(0, false), p(0, false)].map((x) => ({ ...x, sign: -1 as const }));
    const none = debits();
    assert.equal(fillUnread(none, [['855'], ['51']], 1000, 145), false);
    assert.deepEqual(none.map((x) => x.cents), [0, 0]);
    // `1100` twice: 11,00 + 1,10 and 1,10 + 11,00 both close a gap of 12,10.
    const two = debits();
    assert.equal(fillUnread(two, [['1100'], ['1100']], 10000, 10000 - 1210), false);
    assert.deepEqual(two.map((x) => x.cents), [0, 0]);
  });
});

describe('repair by the running balance', () => {
  test('an amount that lost a digit is pinned by two confirmed balances', () => {
    // 1.000,00 → -50,00 → 950,00 → -1.197,51 (read 197,51) → -247,51 → +300,00 → 52,49
    const items = [
      item(-5000, { balance: 95000 }),
      item(-19751, { balance: -24751, confidence: 0.99 }),
      item(30000, { balance: 5249 }),
    ];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -119751, 30000]);
  });

  test('an amount whose digits as read are the balance change: the decimal comma was lost', () => {
    // `1,53 €` read as `153€` (an app amount, 153,00): 244,15 → 242,62 says 1,53.
    const items = [item(-5000, { balance: 24415 }), item(-15300, { balance: 24262, read: '153' }), item(1000, { balance: 25262 })];
    assert.equal(repairMisreads(items, { opening: 29415, closing: 25262, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -153, 1000]);
  });

  test('the digits as read, with the decimal comma lost, close the gap', () => {
    // `-1,55 €` read as `=155€`: the app form makes it -155,00; its digits say -1,55.
    const closing = 591780 - 155 - 7463;
    const items = [item(-15500, { confidence: 0.7, read: '155' }), item(-7463)];
    assert.equal(repairMisreads(items, { opening: 591780, closing, ...sure }), true);
    assert.deepEqual(values(items), [-155, -7463]);
  });

  test("a running balance's change that is the figure's other reading", () => {
    const items = [item(-5000, { balance: 95000 }), item(-1310, { balance: 87830, confidence: 0.62, alternative: 7170 }), item(1000, { balance: 88830 })];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 88830, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -7170, 1000]);
  });

  test('a balance that disagrees with both its postings is the misread one: amounts stay', () => {
    // The middle balance is misread (-247,51 → -241,51): both steps around it disagree.
    const items = [item(-5000, { balance: 95000 }), item(-119751, { balance: -24151 }), item(30000, { balance: 5249 })];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -119751, 30000]);
  });

  test('text-layer amounts are not pinned either', () => {
    const items = [item(-5000, { balance: 95000, ocr: false }), item(-19751, { balance: -24751, ocr: false }), item(30000, { balance: 5249, ocr: false })];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), false);
    assert.deepEqual(values(items), [-5000, -19751, 30000]);
  });
});

describe('repair in the engine', () => {
  // Opening 1.000,00; postings -1.197,51 (misread -1.197,91) and +500,00; closing 302,49.
  const lines: SynthLine[] = [
    [50, 100, 'Buchungstag Vorgang Betrag EUR'],
    [120, 115, 'Alter Kontostand 1.000,00'],
    [50, 130, '03.03. Dauerauftrag'],
    [400, 130, '-1.197,91', true],
    [120, 142, 'Miete März'],
    [50, 157, '05.03. Gutschrift'],
    [400, 157, '+500,00', true],
    [120, 169, 'Erstattung'],
    [120, 190, 'Neuer Kontostand 302,49'],
  ];
  const ocr = (doc: LoadedDocument, confidenceOf: (text: string) => number): LoadedDocument => ({
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: confidenceOf(c.text) })) })),
  });
  const amounts = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r[3]!));

  test('an OCR page with an unsure misread amount is corrected and reconciles', () => {
    const doc = ocr(synthDoc(lines), (t) => (t === '-1.197,91' ? 0.42 : 0.96));
    assert.deepEqual(amounts(doc), ['-1.197,51', '500,00']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, true);
  });

  test('the same figures in a text layer stay as printed, unreconciled', () => {
    const doc = synthDoc(lines);
    assert.deepEqual(amounts(doc), ['-1.197,91', '500,00']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, false);
  });
});

describe('an amount that did not read, in the engine', () => {
  // Sparkasse-like: Betrag with S/H. The second posting's `32,02 S` came out as `32.028`. (The
  // standing order names a payee: `Sparrate` alone on a line is a type since session 11, no name.)
  const lines = (read: string, closing: string): SynthLine[] => [
    [50, 100, 'Buchungstag Wert Vorgang Betrag EUR'],
    [120, 115, 'Alter Kontostand 3.712,97 H'],
    [50, 130, '03.11.2026 03.11. Lohn, Gehalt, Rente'],
    [400, 130, '4.307,83 H', true],
    [120, 142, 'Deutsche Rentenversicherung'],
    [50, 157, '19.11.2026 19.11. Kartenzahlung'],
    [400, 157, read, true],
    [120, 169, 'Shell Deutschland'],
    [50, 184, '24.11.2026 24.11. Dauerauftrag'],
    [400, 184, '144,56 S', true],
    [120, 196, 'Lena Weiß'],
    [120, 216, `Neuer Kontostand ${closing}`],
  ];
  const ocr = (doc: LoadedDocument): LoadedDocument => ({
    ...doc,
    pages: doc.pages.map((pg) => ({ ...pg, source: 'ocr', cells: pg.cells.map((c) => ({ ...c, source: 'ocr', confidence: c.text === '32.028' ? 0.6 : 0.95 })) })),
  });
  const table = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[2]} ${r[3]}`));

  test('a posting line whose amount is unreadable is a posting, and the balances give its amount', () => {
    const doc = ocr(synthDoc(lines('32.028', '7.844,22 H')));
    assert.deepEqual(table(doc), ['03.11.2026 Deutsche Rentenversicherung 4.307,83', '19.11.2026 Shell Deutschland -32,02', '24.11.2026 Lena Weiß -144,56']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, true);
  });

  test('a dated line with a number in the amount column that the balances do not need is no posting', () => {
    const withFooter: SynthLine[] = [...lines('32,02 S', '7.844,22 H'), [50, 240, '28.11.2026 Blatt'], [400, 240, '1/1', true]];
    const doc = ocr(synthDoc(withFooter));
    assert.equal(table(doc).length, 3);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, true);
  });

  test('balances that do not fit the digits read: the posting is not reported, and nothing reconciles', () => {
    const doc = ocr(synthDoc(lines('32.028', '7.744,22 H')));
    const rows = table(doc);
    assert.deepEqual(rows.map((r) => r.split(' ')[0]), ['03.11.2026', '24.11.2026']);
    const texts = toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r.join(' ')));
    assert.ok(!texts.some((r) => r.includes('Shell') || r.includes('32.028')), 'its lines join no other posting');
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, false);
  });

  test('next to a running balance, the balance change is the amount when its digits were read', () => {
    // `104,43` read as `10443`: the balance column still reads 9.105,79 after 9.210,22.
    const running = (read: string): SynthLine[] => [
      [50, 100, 'Buchungstag Vorgang Betrag Kontostand'],
      [120, 115, 'Alter Kontostand 9.356,42'],
      [50, 130, '02.09.2026 Kartenzahlung Pizzeria'],
      [400, 130, '-146,20', true],
      [480, 130, '9.210,22', true],
      [50, 145, '05.09.2026 Kartenzahlung Apotheke'],
      [400, 145, read, true],
      [480, 145, '9.105,79', true],
      [50, 160, '06.09.2026 Kartenzahlung Apotheke'],
      [400, 160, '-96,13', true],
      [480, 160, '9.009,66', true],
      [120, 180, 'Neuer Kontostand 9.009,66'],
    ];
    const got = (read: string) => toTables(extractAccounts(ocr(synthDoc(running(read))))).flatMap((t) => t.rows.map((r) => r[3]));
    assert.deepEqual(got('10443'), ['-146,20', '-104,43', '-96,13']);
    assert.equal(extractAccounts(ocr(synthDoc(running('10443'))))[0]!.info.reconciled, true);
    // Digits that are not the balance's change: the posting is not reported (the balance is
    // never taken for its amount).
    assert.deepEqual(got('12345'), ['-146,20', '-96,13']);
  });

  test('amount before the text: numbers of the text after it are passed over', () => {
    const amountFirst: SynthLine[] = [
      [50, 100, 'Buchung Wert Betrag Vorgang'],
      [50, 115, 'ALTER SALDO'],
      [200, 115, '1.000,00', true],
      [50, 130, '01.12. 01.12.'],
      [200, 130, '-50,00', true],
      [210, 130, 'LASTSCHRIFT STROM 2025'],
      [50, 145, '03.12. 03.12.'],
      [200, 145, '-30,00', true],
      [210, 145, 'LASTSCHRIFT WASSER 2025'],
      [50, 160, '05.12. 05.12.'],
      [200, 160, '2000', true],
      [210, 160, 'GUTSCHRIFT BONUS 4711'],
      [50, 180, 'NEUER SALDO'],
      [200, 180, '940,00', true],
    ];
    const doc = ocr(synthDoc(amountFirst));
    assert.deepEqual(toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r[3])), ['-50,00', '-30,00', '20,00']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, true);
  });

  test("an unreadable amount whose other reading fits the balances", () => {
    // `75,77 -` kept as `19,11.=` (a date-like junk), read again as `75,77-`.
    const card: SynthLine[] = [
      [50, 80, 'Kreditkartenabrechnung vom 23.06.2025 bis 26.07.2025'],
      [50, 100, 'Datum Datum Angabe des Unternehmens Betrag in EUR'],
      [50, 112, '23.06.25 Saldo letzte Abrechnung'],
      [540, 112, '443,83+', true],
      [50, 124, '24.06.25 25.06.25 Bäckerei Korn'],
      [540, 124, '10,00 -', true],
      [50, 136, '27.06.25 30.06.25 Gasthaus zur Linde'],
      [540, 136, '19,11.=', true],
      [50, 148, '28.06.25 01.07.25 Apotheke am Markt'],
      [540, 148, '20,00 -', true],
      [50, 170, 'Neuer Saldo'],
      [540, 170, '338,06+', true],
    ];
    const doc = (alternative: string | null): LoadedDocument => {
      const d = synthDoc(card);
      return { ...d, pages: d.pages.map((pg) => ({ ...pg, source: 'ocr', cells: pg.cells.map((c) => ({ ...c, source: 'ocr', confidence: c.text === '19,11.=' ? 0.29 : 0.95, ...(c.text === '19,11.=' && alternative ? { alternative } : {}) })) })) };
    };
    const amounts = (d: LoadedDocument) => toTables(extractAccounts(d)).flatMap((t) => t.rows.map((r) => r[3]));
    assert.deepEqual(amounts(doc('75,77-')), ['-10,00', '-75,77', '-20,00']);
    assert.equal(extractAccounts(doc('75,77-'))[0]!.info.reconciled, true);
    // Without the other reading, the digits read (1911) are not the gap's.
    assert.deepEqual(amounts(doc(null)), ['-10,00', '-20,00']);
  });

  test('a text layer prints what it prints: no amount is inferred', () => {
    const rows = table(synthDoc(lines('32.028', '7.844,22 H')));
    assert.ok(!rows.some((r) => r.includes('-32,02')));
  });
});

describe('booking dates out of order', () => {
  const statement = (middle: string): SynthLine[] => [
    [50, 80, 'Kontoauszug vom 15.12.2025 bis 14.01.2026'],
    [50, 100, 'Buchungstag Vorgang Betrag EUR'],
    [120, 115, 'Alter Kontostand 1.000,00'],
    [50, 130, '25.12. Lastschrift'],
    [400, 130, '-10,00', true],
    [50, 145, `${middle} Lastschrift`],
    [400, 145, '-20,00', true],
    [50, 160, '28.12. Lastschrift'],
    [400, 160, '-30,00', true],
    [120, 180, 'Neuer Kontostand 940,00'],
  ];
  /** OCR'd, every word read confidently but the misread date on the line at `y`. */
  const ocr = (doc: LoadedDocument, y: number): LoadedDocument => ({
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: c.bbox.y + 9 === y && c.bbox.x === 50 ? 0.7 : 0.95 })) })),
  });
  const dates = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r[0]!));

  test('an OCR date between ascending neighbours takes the one confusable reading that fits', () => {
    assert.deepEqual(dates(ocr(synthDoc(statement('21.12.')), 145)), ['25.12.2025', '27.12.2025', '28.12.2025']);
  });

  test('a date read confidently is not changed, even where a misread neighbour makes it look out of order', () => {
    // 21.12. 24.12. 21.12.(27.12. misread, unsure) 27.12.: the 24.12. must stay.
    const lines: SynthLine[] = [
      [50, 80, 'Kontoauszug vom 15.12.2025 bis 14.01.2026'],
      [50, 100, 'Buchungstag Vorgang Betrag EUR'],
      [120, 115, 'Alter Kontostand 1.000,00'],
      [50, 130, '21.12. Lastschrift'],
      [400, 130, '-10,00', true],
      [50, 145, '24.12. Lastschrift'],
      [400, 145, '-20,00', true],
      [50, 160, '21.12. Entgelt'],
      [400, 160, '-4,00', true],
      [50, 175, '27.12. Lastschrift'],
      [400, 175, '-30,00', true],
      [120, 195, 'Neuer Kontostand 936,00'],
    ];
    assert.deepEqual(dates(ocr(synthDoc(lines), 160)).slice(0, 2), ['21.12.2025', '24.12.2025']);
    // The same page with the 24.12. itself unsure: it is the one out of order, and is changed.
    assert.deepEqual(dates(ocr(synthDoc(lines), 145)).slice(0, 2), ['21.12.2025', '21.12.2025']);
  });
  test('several readings that fit: the date stays as read', () => {
    // 29 → 25, 26 or 28 (9 ↔ 5, 6, 8): all between 25.12. and 28.12.
    assert.deepEqual(dates(ocr(synthDoc(statement('29.12.')), 145)), ['25.12.2025', '29.12.2025', '28.12.2025']);
  });
  test('a text layer keeps its dates', () => {
    assert.deepEqual(dates(synthDoc(statement('21.12.'))), ['25.12.2025', '21.12.2025', '28.12.2025']);
  });
});
