/**
 * Self-consistency of author A's unseen letters (issue 12), without the analysis engine: every
 * key value is printed on its page, every declared arithmetic check is recomputed from the
 * figures the letter prints (listed here by hand per letter) and holds or fails as declared,
 * further sums inside the letters add up, ids are unique, names are SPEC §9 names, pages neither
 * overflow nor run over the margins, the text is WinAnsi, and each letter renders as a PDF.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { LETTERS_A } from '../../../scripts/fixtures/analysis/unseen/author-a.js';
import type { CheckId, LetterType } from '../../../scripts/fixtures/analysis/unseen/model.js';
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
const CHECK_TYPE: Record<CheckId, LetterType> = {
  netto: 'lohnabrechnung',
  auszahlung: 'lohnabrechnung',
  gesamtforderung: 'mahnung',
  gesamtbetrag: 'bussgeldbescheid',
  saldo: 'steuerbescheid',
};

/** A sum as printed: terms (a leading '-' subtracts) and the printed result (negated when `negative`). */
/** The declared checks, recomputed from the printed figures. */
const CHECKS: Record<string, Partial<Record<CheckId, Sum>>> = {
  // festgesetzt ESt + SolZ − Lohnsteuerabzug = Nachzahlung
  'A-S1-est-nachzahlung-standardtexte': { saldo: { terms: ['11.757,00', '0,00', '-10.912,00', '-0,00'], total: '845,00' } },
  // festgesetzt ESt/SolZ/KiSt − Vorauszahlungen − Lohnabzug = −Erstattung
  'A-S2-est-abweichung-erstattung': {
    saldo: { terms: ['21.268,00', '0,00', '1.914,12', '-1.600,00', '-0,00', '-144,00', '-20.540,00', '-0,00', '-1.848,60'], total: '950,48', negative: true },
  },
  'A-S5-gewerbesteuer-abschluss': { saldo: { terms: ['8.500,80', '-8.000,00'], total: '500,80' } },
  'A-S7-est-verspaetung-vorlaeufig-dicht': { saldo: { terms: ['9.790,00', '0,00', '881,10', '175,00', '-7.650,00', '-0,00', '-688,50', '-0,00'], total: '2.507,60' } },
  'A-S8-est-einzelveranlagung-3seiten': {
    saldo: { terms: ['28.988,00', '1.075,52', '2.608,92', '-29.850,00', '-1.210,40', '-2.686,50'], total: '1.074,46', negative: true },
  },
  'A-B1-zbs-sachsen-fahrverbot': { gesamtbetrag: { terms: ['320,00', '28,50', '3,50'], total: '352,00' } },
  'A-B2-stadt-rotlicht-fahrverbot': { gesamtbetrag: { terms: ['200,00', '28,50', '3,50'], total: '232,00' } },
  'A-B3-landratsamt-geschwindigkeit': { gesamtbetrag: { terms: ['150,00', '28,50', '3,50'], total: '182,00' } },
  'A-B4-parken-nach-verwarnung': { gesamtbetrag: { terms: ['55,00', '28,50', '3,50'], total: '87,00' } },
  'A-B5-landkreis-handy-verjaehrt': { gesamtbetrag: { terms: ['100,00', '28,50', '3,50'], total: '132,00' } },
  // planted: 70,00 + 28,50 + 3,50 = 102,00, printed 105,50
  'A-B6-stadt-summenfehler': { gesamtbetrag: { terms: ['70,00', '28,50', '3,50'], total: '105,50' } },
  'A-B7-kreis-rotlicht-anhoerungstext': { gesamtbetrag: { terms: ['90,00', '28,50', '3,50'], total: '122,00' } },
  'A-B8-rp-kassel-dreispaltig': { gesamtbetrag: { terms: ['260,00', '28,50', '3,50'], total: '292,00' } },
};

/** Further sums inside the letters (tables, computations) that must add up — all hold. */
const INNER: Record<string, Sum[]> = {
  'A-S1-est-nachzahlung-standardtexte': [
    { terms: ['58.400', '-1.230'], total: '57.170' },
    { terms: ['57.170', '3.310'], total: '60.480' },
    { terms: ['60.480', '-7.940', '-200'], total: '52.340' },
  ],
  'A-S2-est-abweichung-erstattung': [
    { terms: ['21.268,00', '-1.600,00', '-20.540,00'], total: '872,00', negative: true },
    { terms: ['1.914,12', '-144,00', '-1.848,60'], total: '78,48', negative: true },
    { terms: ['872,00', '78,48'], total: '950,48' },
    { terms: ['71.800', '-3.264'], total: '68.536' },
    { terms: ['38.900', '-1.230'], total: '37.670' },
    { terms: ['68.536', '37.670'], total: '106.206' },
    { terms: ['106.206', '4.210'], total: '110.416' },
    { terms: ['110.416', '-9.640', '-1.800', '-500'], total: '98.476' },
    { terms: ['2.825', '439'], total: '3.264' },
  ],
  'A-S3-kfz-steuer-hza': [{ terms: ['30,00', '40,00', '28,60'], total: '98,60' }],
  'A-S4-grundsteuer-gemeinde': [{ terms: ['120,57', '120,57', '120,57', '120,57'], total: '482,28' }],
  'A-S5-gewerbesteuer-abschluss': [
    { terms: ['2.000,00', '2.000,00', '2.000,00', '2.000,00'], total: '8.000,00' },
    { terms: ['2.125,20', '-2.000,00'], total: '125,20' },
  ],
  'A-S6-est-vorauszahlungen': [
    { terms: ['1.150,00', '92,00'], total: '1.242,00' },
    { terms: ['600,00', '600,00', '1.150,00', '1.150,00'], total: '3.500,00' },
    { terms: ['48,00', '48,00', '92,00', '92,00'], total: '280,00' },
  ],
  'A-S7-est-verspaetung-vorlaeufig-dicht': [
    { terms: ['9.790,00', '881,10', '175,00'], total: '10.846,10' },
    { terms: ['7.650,00', '688,50'], total: '8.338,50' },
    { terms: ['2.140,00', '192,60', '175,00'], total: '2.507,60' },
    { terms: ['51.960', '-1.230'], total: '50.730' },
    { terms: ['50.730', '-4.614', '-36', '-364'], total: '45.716' },
  ],
  'A-S8-est-einzelveranlagung-3seiten': [
    { terms: ['862,00', '134,88', '77,58'], total: '1.074,46' },
    { terms: ['112.300', '-2.140'], total: '110.160' },
    { terms: ['110.160', '-14.460', '-700'], total: '95.000' },
    { terms: ['28.988,00', '-19.950,00'], total: '9.038,00' },
  ],
};

/** Products printed in the letters: factor × factor (percent given as a number) = result, rounded to cents. */
const PRODUCTS: Record<string, { a: string; b: number; total: string }[]> = {
  'A-S4-grundsteuer-gemeinde': [{ a: '97,43', b: 4.95, total: '482,28' }],
  'A-S5-gewerbesteuer-abschluss': [{ a: '1.848,00', b: 4.6, total: '8.500,80' }],
  'A-S7-est-verspaetung-vorlaeufig-dicht': [{ a: '881,10', b: 1, total: '881,10' }, { a: '9.790,00', b: 0.09, total: '881,10' }],
  'A-S8-est-einzelveranlagung-3seiten': [
    { a: '9.038,00', b: 0.119, total: '1.075,52' },
    { a: '28.988,00', b: 0.055, total: '1.594,34' },
    { a: '28.988,00', b: 0.09, total: '2.608,92' },
  ],
  'A-S2-est-abweichung-erstattung': [{ a: '21.268,00', b: 0.09, total: '1.914,12' }],
  'A-K2-arbeitgeber-frist-zu-kurz': [{ a: '3.850,00', b: 4, total: '15.400,00' }],
};


describe('unseen letters, author A', () => {
  it('has 20 letters with unique ids: 8 Steuerbescheide, 8 Bußgeldbescheide, 4 Kündigungen', () => {
    assert.equal(LETTERS_A.length, 20);
    assert.equal(new Set(LETTERS_A.map((l) => l.id)).size, LETTERS_A.length);
    const count = (t: LetterType) => LETTERS_A.filter((l) => l.type === t).length;
    assert.deepEqual([count('steuerbescheid'), count('bussgeldbescheid'), count('kuendigung')], [8, 8, 4]);
  });

  for (const letter of LETTERS_A) {
    describe(letter.id, () => {
      it('names only SPEC §9 keys and topics of its type, and a different wrong type', () => {
        assert.notEqual(letter.wrongType, letter.type);
        for (const name of [...Object.keys(letter.keys), ...(letter.toleratedKeys ?? [])]) {
          assert.ok(KEYS[letter.type].includes(name), `${name} is not a ${letter.type} key`);
        }
        for (const name of letter.toleratedKeys ?? []) assert.ok(!(name in letter.keys), `${name} both expected and tolerated`);
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
        for (const check of letter.checks) {
          assert.equal(sumHolds(letter, sums[check.rule]!), check.holds, `${letter.id}: ${check.rule}`);
        }
      });

      it('adds up inside (tables and computations)', () => {
        for (const sum of INNER[letter.id] ?? []) assert.ok(sumHolds(letter, sum), `${letter.id}: ${sum.terms.join(' + ')} ≠ ${sum.total}`);
        const text = letterText(letter);
        for (const p of PRODUCTS[letter.id] ?? []) {
          assert.ok(text.includes(p.a) && text.includes(p.total), `${letter.id}: ${p.a} / ${p.total} not printed`);
          assert.equal(Math.round(cents(p.a) * p.b), cents(p.total), `${letter.id}: ${p.a} x ${p.b}`);
        }
      });

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
            assert.ok(left >= 20 && left + width <= 555, `${letter.id} p.${p + 1}: '${line.text}' runs over the margin`);
            rows.set(line.y, [...(rows.get(line.y) ?? []), { left, right: left + width, text: line.text }]);
          }
          for (const cells of rows.values()) {
            cells.sort((a, b) => a.left - b.left);
            for (let i = 1; i < cells.length; i++) {
              assert.ok(cells[i - 1]!.right + 3 <= cells[i]!.left, `${letter.id} p.${p + 1}: '${cells[i - 1]!.text}' touches '${cells[i]!.text}'`);
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
