/**
 * Self-consistency of author C's first-contact letters (issue 22), without the analysis engine:
 * names are SPEC §9 names of the letter's type, every key value is printed on its page, every
 * declared check is recomputed from the figures the letter prints (listed here per letter) and
 * holds or fails as declared, further sums and products inside the letters add up, a redacted
 * letter prints no legible amount, pages neither overflow nor run over the margins nor let cells
 * touch, the text is WinAnsi, and each letter renders as a text PDF.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { LETTERS_C } from '../../../scripts/fixtures/analysis/unseen/author-c.js';
import { type CheckId, type LetterType, dateIn } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { assertPrinted, cents, letterText, sumHolds, winAnsi, type Sum } from './unseen-truth.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { embedFonts, lineX, makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';

/** SPEC §9 key-number names and review-flag topics per type. */
const KEYS: Record<LetterType, string[]> = {
  steuerbescheid: ['steuerjahr', 'bescheiddatum', 'zu_versteuerndes_einkommen', 'festgesetzte_einkommensteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'erstattung', 'nachzahlung'],
  lohnabrechnung: ['abrechnungszeitraum', 'steuerklasse', 'gesamtbrutto', 'lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung', 'nettoverdienst', 'auszahlungsbetrag'],
  mahnung: ['schreibdatum', 'hauptforderung', 'mahngebuehren', 'inkassokosten', 'zinsen', 'gesamtforderung', 'zahlungsfrist'],
  kuendigung: ['schreibdatum', 'beendigungsdatum', 'kuendigungsfrist'],
  bussgeldbescheid: ['bescheiddatum', 'tatdatum', 'geldbusse', 'gebuehren', 'auslagen', 'gesamtbetrag', 'punkte', 'fahrverbot'],
};
const TOPICS: Record<LetterType, string[]> = {
  steuerbescheid: ['einspruchsfrist', 'nachzahlung', 'vorlaeufigkeit', 'vorbehalt_der_nachpruefung', 'abweichung_von_erklaerung', 'verspaetungszuschlag'],
  lohnabrechnung: ['netto_rechnung', 'mindestlohn', 'sozialversicherung', 'steuerklasse'],
  mahnung: ['inkassokosten', 'verzugszinsen', 'verjaehrung', 'zahlungsfrist', 'mahnbescheid_angedroht'],
  kuendigung: ['klagefrist', 'kuendigungsfrist', 'schriftform', 'arbeitssuchend_melden'],
  bussgeldbescheid: ['einspruchsfrist', 'verjaehrung', 'fahrverbot', 'punkte'],
};
const CHECK_TYPE: Record<CheckId, LetterType> = { netto: 'lohnabrechnung', auszahlung: 'lohnabrechnung', gesamtforderung: 'mahnung', gesamtbetrag: 'bussgeldbescheid', saldo: 'steuerbescheid' };

/** A sum as printed: terms (a leading '-' subtracts) and the printed result (negated when `negative`). */
/** The declared checks, recomputed from the printed figures. */
const CHECKS: Record<string, Partial<Record<CheckId, Sum>>> = {
  // festgesetzt 127,02 − entrichtet 268,00 = −140,98 (Erstattung)
  'C-S3-kfz-aenderung-abmeldung-erstattung': { saldo: { terms: ['127,02', '-268,00'], total: '140,98', negative: true } },
  // ESt + SolZ + KiSt festgesetzt − Steuerabzug vom Lohn = Nachzahlung
  'C-S4-est-steuern-als-spalten-prosa': { saldo: { terms: ['9.850,00', '0,00', '788,00', '-8.522,00', '-0,00', '-681,76'], total: '1.434,24' } },
  'C-L1-kastenraster-lfd-kumuliert': {
    netto: { terms: ['4.000,00', '-531,08', '-0,00', '-42,48', '-345,80', '-96,00', '-372,00', '-52,00'], total: '2.560,64' },
    auszahlung: { terms: ['2.560,64', '-40,00'], total: '2.520,64' },
  },
  'C-L2-hotel-zwei-kaesten-unter-mindestlohn': {
    netto: { terms: ['2.083,20', '-148,91', '-0,00', '-0,00', '-182,28', '-37,50', '-193,74', '-27,08'], total: '1.493,69' },
    auszahlung: { terms: ['1.493,69', '-100,00'], total: '1.393,69' },
  },
  // offene Hauptforderung + Mahngebühr
  'C-M2-stadt-erzwingungshaft-restbetrag': { gesamtforderung: { terms: ['78,50', '5,00'], total: '83,50' } },
  // Hauptforderung + Zinsen + Mahnkosten + Gebühr nach RVG + Auslagenpauschale
  'C-M3-inkasso-rvg-gebuehr-ueber-grenze': { gesamtforderung: { terms: ['189,90', '6,26', '2,50', '66,95', '13,39'], total: '279,00' } },
  'C-B2-stadt-sperrmuell-krwg': { gesamtbetrag: { terms: ['300,00', '25,00', '3,50'], total: '328,50' } },
};

/** Further sums inside the letters (tables, instalments, computations) — all hold. */
const INNER: Record<string, Sum[]> = {
  'C-S1-hundesteuer-stadt-quartale': [
    { terms: ['30,00', '30,00'], total: '60,00' },
    { terms: ['30,00', '30,00', '30,00', '30,00'], total: '120,00' },
  ],
  'C-S2-kfz-erstbescheid-punktleiter': [
    { terms: ['40,00', '40,00', '44,00', '17,50'], total: '141,50' },
    { terms: ['141,00', '-0,00'], total: '141,00' },
  ],
  'C-S4-est-steuern-als-spalten-prosa': [
    { terms: ['9.850,00', '-8.522,00'], total: '1.328,00' },
    { terms: ['788,00', '-681,76'], total: '106,24' },
    { terms: ['1.328,00', '0,00', '106,24'], total: '1.434,24' },
    { terms: ['56.400', '-1.230'], total: '55.170' },
    { terms: ['55.170', '-7.920', '-236'], total: '47.014' },
  ],
  'C-L1-kastenraster-lfd-kumuliert': [
    { terms: ['3.720,00', '280,00'], total: '4.000,00' },
    { terms: ['531,08', '0,00', '42,48'], total: '573,56' },
    { terms: ['5.204,58', '0,00', '416,36'], total: '5.620,94' },
    { terms: ['345,80', '96,00', '372,00', '52,00'], total: '865,80' },
    { terms: ['3.388,84', '940,80', '3.645,60', '509,60'], total: '8.484,84' },
    { terms: ['4.000,00', '-573,56', '-865,80'], total: '2.560,64' },
  ],
  'C-L2-hotel-zwei-kaesten-unter-mindestlohn': [
    { terms: ['182,28', '37,50', '193,74', '27,08'], total: '440,60' },
    { terms: ['2.083,20', '-148,91', '-440,60'], total: '1.493,69' },
  ],
  'C-M1-gericht-kostenrechnung': [{ terms: ['357,00', '7,00', '38,60'], total: '402,60' }],
  'C-M2-stadt-erzwingungshaft-restbetrag': [
    { terms: ['100,00', '25,00', '3,50'], total: '128,50' },
    { terms: ['128,50', '-50,00'], total: '78,50' },
  ],
};

/** Products printed in the letters: factor × rate = result, rounded to cents (`floor` where the law cuts). */
const PRODUCTS: Record<string, { a: string; b: number; total: string; floor?: boolean }[]> = {
  'C-S1-hundesteuer-stadt-quartale': [{ a: '120,00', b: 6 / 12, total: '60,00' }],
  'C-S2-kfz-erstbescheid-punktleiter': [{ a: '2,20', b: 20, total: '44,00' }, { a: '2,50', b: 7, total: '17,50' }],
  'C-S3-kfz-aenderung-abmeldung-erstattung': [{ a: '268,00', b: 173 / 365, total: '127,02' }],
  'C-S4-est-steuern-als-spalten-prosa': [{ a: '9.850,00', b: 0.08, total: '788,00' }, { a: '8.522,00', b: 0.08, total: '681,76' }],
  'C-L1-kastenraster-lfd-kumuliert': [
    { a: '4.000,00', b: 0.08645, total: '345,80' },
    { a: '4.000,00', b: 0.024, total: '96,00' },
    { a: '4.000,00', b: 0.093, total: '372,00' },
    { a: '4.000,00', b: 0.013, total: '52,00' },
    { a: '531,08', b: 0.08, total: '42,48', floor: true },
    { a: '14,00', b: 20, total: '280,00' },
  ],
  'C-L2-hotel-zwei-kaesten-unter-mindestlohn': [
    { a: '12,40', b: 168, total: '2.083,20' },
    { a: '2.083,20', b: 0.0875, total: '182,28' },
    { a: '2.083,20', b: 0.018, total: '37,50' },
    { a: '2.083,20', b: 0.093, total: '193,74' },
    { a: '2.083,20', b: 0.013, total: '27,08' },
  ],
  'C-M3-inkasso-rvg-gebuehr-ueber-grenze': [
    { a: '66,95', b: 0.2, total: '13,39' },
    // 6,27 % a year on 189,90 for the 192 days from 06.03. to 14.09.2026
    { a: '189,90', b: (0.0627 * 192) / 365, total: '6,26' },
  ],
};


describe('unseen letters, author C (first contact, issue 22)', () => {
  it('has at least 12 letters with unique ids covering all five types', () => {
    assert.ok(LETTERS_C.length >= 12);
    assert.equal(new Set(LETTERS_C.map((l) => l.id)).size, LETTERS_C.length);
    assert.deepEqual(new Set(LETTERS_C.map((l) => l.type)), new Set(Object.keys(KEYS)));
  });

  it('reads a summary date in both spellings, and no other day', () => {
    assert.match('fällig am 01.12.2025', dateIn('01.12.2025'));
    assert.match('bis zum 1. Dezember 2025 zahlen', dateIn('30.11.2025', '01.12.2025'));
    assert.doesNotMatch('am 11.12.2025, 11. Dezember 2025 und 01.12.2024', dateIn('01.12.2025'));
  });

  for (const letter of LETTERS_C) {
    describe(letter.id, () => {
      it('has summary truth whose sender and amount the letter prints', () => {
        assert.ok(letter.summary, 'summary truth');
        assert.match(letterText(letter), letter.summary.sender);
        if (letter.summary.amount && !letter.absentKeys) assert.match(letterText(letter), letter.summary.amount);
      });

      it('prints every amount it sets or demands', () => {
        const text = letterText(letter);
        for (const amount of letter.amounts ?? []) assert.ok(text.includes(amount), `${letter.id}: '${amount}' is not printed`);
      });

      it('names only SPEC §9 keys and topics of its type, and a different wrong type', () => {
        assert.notEqual(letter.wrongType, letter.type);
        const named = [...Object.keys(letter.keys), ...(letter.toleratedKeys ?? []), ...(letter.absentKeys ?? [])];
        for (const name of named) assert.ok(KEYS[letter.type].includes(name), `${name} is not a ${letter.type} key`);
        assert.equal(new Set(named).size, named.length, 'a key is expected, tolerated or absent, not two of these');
        for (const topic of [...letter.flags.expected, ...(letter.flags.tolerated ?? [])]) {
          assert.ok(TOPICS[letter.type].includes(topic), `${topic} is not a ${letter.type} topic`);
        }
        for (const topic of letter.flags.tolerated ?? []) assert.ok(!letter.flags.expected.includes(topic), `${topic} both expected and tolerated`);
        for (const check of letter.checks) assert.equal(CHECK_TYPE[check.rule], letter.type);
      });

      it('prints every key value on its page', () => {
        for (const [name, expected] of Object.entries(letter.keys)) assertPrinted(letter, name, expected);
      });

      it('declares exactly the checks recomputed here, and each holds or fails as declared', () => {
        const sums = CHECKS[letter.id] ?? {};
        assert.deepEqual(letter.checks.map((c) => c.rule).sort(), Object.keys(sums).sort());
        for (const check of letter.checks) assert.equal(sumHolds(letter, sums[check.rule]!), check.holds, `${letter.id}: ${check.rule}`);
      });

      it('adds up inside (tables, instalments, computations)', () => {
        for (const sum of INNER[letter.id] ?? []) assert.ok(sumHolds(letter, sum), `${letter.id}: ${sum.terms.join(' + ')} ≠ ${sum.total}`);
        const text = letterText(letter);
        for (const p of PRODUCTS[letter.id] ?? []) {
          assert.ok(text.includes(p.a) && text.includes(p.total), `${letter.id}: ${p.a} / ${p.total} not printed`);
          const exact = cents(p.a) * p.b;
          assert.equal(p.floor ? Math.floor(exact + 1e-9) : Math.round(exact), cents(p.total), `${letter.id}: ${p.a} x ${p.b}`);
        }
      });

      if (letter.absentKeys?.length) {
        it('prints no legible amount where its values are redacted', () => {
          assert.doesNotMatch(letterText(letter), /\d+,\d\d/u);
        });
      }

      it('uses WinAnsi characters only', () => {
        for (const ch of letterText(letter).replaceAll('\n', '')) assert.ok(winAnsi(ch), `${letter.id}: '${ch}' (U+${ch.codePointAt(0)!.toString(16)}) is not WinAnsi`);
      });

      it('lays out without overflow, inside the margins, cells of a row apart', async () => {
        const specs = letterPageSpecs(letter.pages);
        const fonts = await embedFonts(await PDFDocument.create());
        specs.forEach((spec, p) => {
          const rows = new Map<number, { left: number; right: number; text: string }[]>();
          for (const line of spec) {
            const left = lineX(line, fonts);
            const width = (line.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(line.text, line.size ?? 10);
            assert.ok(left >= 20 && left + width <= 555, `${letter.id} p.${p + 1}: '${line.text}' runs over the margin (${Math.round(left)}..${Math.round(left + width)})`);
            rows.set(line.y, [...(rows.get(line.y) ?? []), { left, right: left + width, text: line.text }]);
          }
          for (const cells of rows.values()) {
            cells.sort((a, b) => a.left - b.left);
            for (let i = 1; i < cells.length; i++) {
              assert.ok(cells[i - 1]!.right + 3 <= cells[i]!.left, `${letter.id} p.${p + 1}: '${cells[i - 1]!.text}' (to ${Math.round(cells[i - 1]!.right)}) touches '${cells[i]!.text}' (from ${Math.round(cells[i]!.left)})`);
            }
          }
        });
      });

      it('renders as a text PDF', async () => {
        const pdf = await makeTextPdf(letterPageSpecs(letter.pages));
        assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
        assert.equal((await PDFDocument.load(pdf)).getPageCount(), letter.pages.length);
      });
    });
  }
});
