/**
 * Self-consistency of author B's unseen letters (scripts/fixtures/analysis/unseen/author-b.ts),
 * without the analysis engine: every key value is printed on its page, every declared check is
 * recomputed here from the letter's printed figures (listed per letter below) and holds or fails
 * as declared, the letters lay out without overflow or overlapping cells, use only characters
 * WinAnsi can draw, and render as a text PDF.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { LETTERS_B } from '../../../scripts/fixtures/analysis/unseen/author-b.js';
import type { CheckId, Line, UnseenLetter } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { LEFT } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { embedFonts, makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';

/** The printed figures of each identity, as printed (sign included where the letter prints one). */
interface Sums {
  netto?: { gross: string; minus: string[]; net: string };
  auszahlung?: { net: string; items: string[]; payout: string };
  gesamtforderung?: { parts: string[]; total: string };
}

const SUMS: Record<string, Sums> = {
  'LB1-datev-jahreswerte': {
    netto: { gross: '4.624,09', minus: ['418,66', '24,17', '0,00', '397,08', '424,46', '59,33', '70,74'], net: '3.229,65' },
    auszahlung: { net: '3.229,65', items: ['-53,18'], payout: '3.176,47' },
  },
  'LB2-sap-entgeltnachweis': {
    netto: { gross: '5.399,20', minus: ['899,41', '0,00', '451,20', '485,39', '67,85', '125,26'], net: '3.370,09' },
    auszahlung: { net: '3.370,09', items: ['48,40-', '29,00-'], payout: '3.292,69' },
  },
  'LB3-lexware-an-ag': {
    netto: { gross: '3.890,00', minus: ['512,08', '0,00', '46,09', '337,54', '92,16', '357,12', '49,92'], net: '2.495,09' },
    auszahlung: { net: '2.495,09', items: ['-50,00'], payout: '2.445,09' },
  },
  'LB4-adp-dienstwagen': {
    netto: { gross: '7.053,06', minus: ['1.012,83', '79,12', '0,00', '469,94', '99,23', '641,98', '89,74'], net: '4.660,22' },
    auszahlung: { net: '4.660,22', items: ['-489,00', '-264,06', '-40,00', '-25,00'], payout: '3.842,16' },
  },
  'LB5-satz-basis-betrag-av-falsch': {
    netto: { gross: '4.013,00', minus: ['558,91', '0,00', '50,30', '335,16', '94,08', '364,56', '58,80'], net: '2.551,19' },
    auszahlung: { net: '2.551,19', items: ['-300,00'], payout: '2.251,19' },
  },
  'LB6-zweispaltig-netto-falsch': {
    netto: { gross: '3.520,00', minus: ['431,08', '0,00', '316,80', '63,36', '327,36', '45,76'], net: '2.353,64' },
    auszahlung: { net: '2.353,64', items: ['-19,99'], payout: '2.333,65' },
  },
  'LB7-minijob-stundenzettel': {
    netto: { gross: '553,60', minus: ['0,00'], net: '553,60' },
    auszahlung: { net: '553,60', items: [], payout: '553,60' },
  },
  'LB8-vormonat-stkl6': {
    netto: { gross: '3.596,80', minus: ['884,91', '0,00', '79,64', '314,72', '86,32', '334,50', '46,76'], net: '1.849,95' },
    auszahlung: { net: '1.849,95', items: ['-32,50'], payout: '1.817,45' },
  },
  'MB1-inkasso-kostentabelle': { gesamtforderung: { parts: ['1.486,30', '32,93', '5,00', '121,05', '20,00', '-200,00'], total: '1.465,28' } },
  'MB2-zinsen-halbjahre': { gesamtforderung: { parts: ['2.340,00', '140,38', '5,00'], total: '2.485,38' } },
  'MB3-stadtkasse-bussgeld': { gesamtforderung: { parts: ['102,00', '5,00'], total: '107,00' } },
  'MB4-zahlungserinnerung-offene-posten': {},
  'MB5-autohaus-b2b-zins-mahnbescheid': { gesamtforderung: { parts: ['1.118,45', '24,23', '7,50'], total: '1.150,18' } },
  'MB6-inkasso-kleinforderung': { gesamtforderung: { parts: ['35,98', '0,48', '2,50', '66,95', '13,39'], total: '119,30' } },
  'MB7-forderungskauf-verjaehrt': { gesamtforderung: { parts: ['312,40', '78,45', '46,35', '9,27'], total: '446,47' } },
  'MB8-stadtwerke-sperrandrohung': { gesamtforderung: { parts: ['354,45', '2,30'], total: '356,75' } },
  'KB1-probezeit': {},
  'KB2-email-kuendigung': {},
  'KB3-sparkasse-girokonto': {},
  'KB4-mieter-kuendigt': {},
};

/** Further sums the letters print (sub-totals, interest rows, hours): [parts, total]. */
const SUBTOTALS: Record<string, [string[], string][]> = {
  'LB1-datev-jahreswerte': [
    [['4.350,00', '187,50', '60,00', '26,59'], '4.624,09'],
    [['418,66', '24,17', '0,00'], '442,83'],
    [['397,08', '424,46', '59,33', '70,74'], '951,61'],
    [['4.092,41', '236,02', '0,00'], '4.328,43'],
    [['3.899,98', '4.168,94', '582,76', '694,83'], '9.346,51'],
  ],
  'LB2-sap-entgeltnachweis': [[['5.120,00', '86,80', '12,40', '180,00'], '5.399,20'], [['25.600,00', '421,60', '12,40', '900,00'], '26.934,00']],
  'LB3-lexware-an-ag': [
    [['3.240,00', '600,00', '50,00'], '3.890,00'],
    [['337,54', '92,16', '357,12', '49,92'], '836,74'],
    [['337,54', '69,12', '357,12', '49,92', '42,24', '8,45', '5,76'], '870,15'],
    [['512,08', '0,00', '46,09', '836,74'], '1.394,91'],
  ],
  'LB4-adp-dienstwagen': [
    [['6.150,00', '489,00', '264,06', '150,00'], '7.053,06'],
    [['1.012,83', '79,12', '0,00'], '1.091,95'],
    [['469,94', '99,23', '641,98', '89,74'], '1.300,89'],
    [['-489,00', '-264,06', '-40,00', '-25,00'], '-818,06'],
  ],
  'LB5-satz-basis-betrag-av-falsch': [
    [['3.720,00', '200,00', '93,00'], '4.013,00'],
    [['558,91', '0,00', '50,30'], '609,21'],
    [['335,16', '94,08', '364,56', '58,80'], '852,60'],
  ],
  'LB6-zweispaltig-netto-falsch': [
    [['3.400,00', '120,00'], '3.520,00'],
    [['431,08', '0,00', '316,80', '63,36', '327,36', '45,76'], '1.184,36'],
  ],
  'LB7-minijob-stundenzettel': [
    [['4,00', '4,25', '4,50', '4,00', '3,50', '4,50', '4,00', '4,00', '4,75', '3,75', '2,00'], '43,25'],
    [['71,97', '83,04', '11,07', '6,48'], '172,56'],
  ],
  'LB8-vormonat-stkl6': [
    [['3.500,00', '96,80'], '3.596,80'],
    [['3.500,00', '-509,66', '-45,87', '-306,25', '-84,00', '-325,50', '-45,50'], '2.183,22'],
    [['2.183,22', '-30,00'], '2.153,22'],
  ],
  'MB1-inkasso-kostentabelle': [[['4,85', '28,08'], '32,93']],
  'MB2-zinsen-halbjahre': [[['50,34', '73,96', '16,08'], '140,38']],
  'MB3-stadtkasse-bussgeld': [[['70,00', '28,50', '3,50'], '102,00']],
  'MB4-zahlungserinnerung-offene-posten': [[['89,97', '100,00'], '189,97'], [['154,00', '-54,00'], '100,00']],
  'MB8-stadtwerke-sperrandrohung': [[['236,45', '118,00'], '354,45']],
};

/** Products the letters print: [a, b, result] with result = a × b (rates in percent when `pct`). */
const PRODUCTS: Record<string, [string, string, string, 'pct' | 'x'][]> = {
  'LB1-datev-jahreswerte': [['6,00', '31,25', '187,50', 'x'], ['4.564,09', '8,70', '397,08', 'pct'], ['4.564,09', '9,30', '424,46', 'pct'], ['4.564,09', '1,30', '59,33', 'pct'], ['4.564,09', '1,55', '70,74', 'pct']],
  'LB2-sap-entgeltnachweis': [['14,00', '6,20', '86,80', 'x'], ['22,50', '8,00', '180,00', 'x'], ['5.219,20', '8,645', '451,20', 'pct'], ['5.219,20', '9,300', '485,39', 'pct'], ['5.219,20', '1,300', '67,85', 'pct'], ['5.219,20', '2,400', '125,26', 'pct'], ['5.219,20', '1,800', '93,95', 'pct'], ['22,00', '2,20', '48,40', 'x']],
  'LB3-lexware-an-ag': [['3.840,00', '8,79', '337,54', 'pct'], ['3.840,00', '2,40', '92,16', 'pct'], ['3.840,00', '1,80', '69,12', 'pct'], ['3.840,00', '9,30', '357,12', 'pct'], ['3.840,00', '1,30', '49,92', 'pct'], ['3.840,00', '1,10', '42,24', 'pct'], ['3.840,00', '0,22', '8,45', 'pct'], ['3.840,00', '0,15', '5,76', 'pct'], ['512,08', '9,00', '46,09', 'pct']],
  'LB4-adp-dienstwagen': [['48.900,00', '1,00', '489,00', 'pct'], ['48.900,00', '0,54', '264,06', 'pct'], ['879,11', '9,00', '79,12', 'pct'], ['5.512,50', '8,525', '469,94', 'pct'], ['5.512,50', '1,800', '99,23', 'pct'], ['6.903,06', '9,300', '641,98', 'pct'], ['6.903,06', '1,300', '89,74', 'pct']],
  'LB5-satz-basis-betrag-av-falsch': [['160,00', '23,25', '3.720,00', 'x'], ['8,00', '11,625', '93,00', 'x'], ['558,91', '9,00', '50,30', 'pct'], ['3.920,00', '8,55', '335,16', 'pct'], ['3.920,00', '2,40', '94,08', 'pct'], ['3.920,00', '9,30', '364,56', 'pct'], ['3.920,00', '1,50', '58,80', 'pct']],
  'LB6-zweispaltig-netto-falsch': [['3.520,00', '9,00', '316,80', 'pct'], ['3.520,00', '1,80', '63,36', 'pct'], ['3.520,00', '9,30', '327,36', 'pct'], ['3.520,00', '1,30', '45,76', 'pct']],
  'LB7-minijob-stundenzettel': [['43,25', '12,80', '553,60', 'x'], ['553,60', '13,00', '71,97', 'pct'], ['553,60', '15,00', '83,04', 'pct'], ['553,60', '2,00', '11,07', 'pct'], ['553,60', '1,17', '6,48', 'pct']],
  'LB8-vormonat-stkl6': [['4,00', '24,20', '96,80', 'x'], ['3.596,80', '8,75', '314,72', 'pct'], ['3.596,80', '2,40', '86,32', 'pct'], ['3.596,80', '0,60', '21,58', 'pct'], ['3.596,80', '9,30', '334,50', 'pct'], ['3.596,80', '1,30', '46,76', 'pct'], ['884,91', '9,00', '79,64', 'pct'], ['3.500,00', '8,75', '306,25', 'pct'], ['509,66', '9,00', '45,87', 'pct']],
};

/** Interest rows: [capital, rate %, from, to, printed interest] — taggenau, days / 365. */
const INTEREST: Record<string, [string, string, string, string, string][]> = {
  'MB1-inkasso-kostentabelle': [['1.486,30', '6,27', '13.12.2025', '31.12.2025', '4,85'], ['1.486,30', '6,27', '01.01.2026', '20.04.2026', '28,08']],
  'MB2-zinsen-halbjahre': [['2.340,00', '7,27', '15.03.2025', '30.06.2025', '50,34'], ['2.340,00', '6,27', '01.07.2025', '31.12.2025', '73,96'], ['2.340,00', '6,27', '01.01.2026', '09.02.2026', '16,08']],
  'MB5-autohaus-b2b-zins-mahnbescheid': [['1.118,45', '10,27', '19.12.2025', '05.03.2026', '24,23']],
  'MB6-inkasso-kleinforderung': [['35,98', '6,27', '16.02.2026', '04.05.2026', '0,48']],
};

/** German amount as printed → cents: "1.234,56", "-53,18", "48,40-", "312,40 EUR". */
function cents(printed: string): number {
  let s = printed.replace(/\s*(EUR|€)\s*$/u, '').trim();
  let sign = 1;
  if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    sign = -1;
    s = s.slice(0, -1);
  }
  const m = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{2,3})$/u.exec(s);
  assert.ok(m, `not a German amount: ${printed}`);
  const [whole, frac] = [m[1]!.replace(/\./gu, ''), m[2]!];
  // three decimals only for rates (8,645): scale to thousandths
  return sign * (frac.length === 3 ? Number(whole) * 1000 + Number(frac) : Number(whole) * 100 + Number(frac));
}
const milli = (printed: string): number => (/,\d{3}$/u.test(printed) ? cents(printed) : cents(printed) * 10);
const roundHalfUp = (x: number): number => Math.sign(x) * Math.round(Math.abs(x) + 1e-9);

function pageTexts(letter: UnseenLetter): string[] {
  return letter.pages.map((lines) =>
    lines
      .map((line) => (typeof line === 'string' ? line.replace(/^# /u, '') : line.map((c) => c.t).join(' ')))
      .join('\n')
      .replace(/[ \t]+/gu, ' '),
  );
}
const allText = (letter: UnseenLetter): string => pageTexts(letter).join('\n');

function assertPrinted(letter: UnseenLetter, value: string): void {
  assert.ok(allText(letter).includes(value), `${letter.id}: ${value} is not printed`);
}

function recompute(letter: UnseenLetter, rule: CheckId): boolean {
  const sums = SUMS[letter.id]!;
  if (rule === 'netto') {
    const s = sums.netto!;
    [s.gross, ...s.minus, s.net].forEach((v) => assertPrinted(letter, v));
    return cents(s.gross) - s.minus.reduce((a, v) => a + cents(v), 0) === cents(s.net);
  }
  if (rule === 'auszahlung') {
    const s = sums.auszahlung!;
    [s.net, ...s.items, s.payout].forEach((v) => assertPrinted(letter, v));
    return cents(s.net) + s.items.reduce((a, v) => a + cents(v), 0) === cents(s.payout);
  }
  if (rule === 'gesamtforderung') {
    const s = sums.gesamtforderung!;
    [...s.parts, s.total].forEach((v) => assertPrinted(letter, v));
    return s.parts.reduce((a, v) => a + cents(v), 0) === cents(s.total);
  }
  throw new Error(`${letter.id}: no recomputation for ${rule}`);
}

function date(ddmmyyyy: string): number {
  const [d, m, y] = ddmmyyyy.split('.').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

const TOPICS: Record<UnseenLetter['type'], string[]> = {
  steuerbescheid: ['einspruchsfrist', 'nachzahlung', 'vorlaeufigkeit', 'vorbehalt_der_nachpruefung', 'abweichung_von_erklaerung', 'verspaetungszuschlag'],
  lohnabrechnung: ['netto_rechnung', 'mindestlohn', 'sozialversicherung', 'steuerklasse'],
  mahnung: ['inkassokosten', 'verzugszinsen', 'verjaehrung', 'zahlungsfrist', 'mahnbescheid_angedroht'],
  kuendigung: ['klagefrist', 'kuendigungsfrist', 'schriftform', 'arbeitssuchend_melden'],
  bussgeldbescheid: ['einspruchsfrist', 'verjaehrung', 'fahrverbot', 'punkte'],
};
const KEYS: Record<UnseenLetter['type'], string[]> = {
  steuerbescheid: ['steuerjahr', 'bescheiddatum', 'zu_versteuerndes_einkommen', 'festgesetzte_einkommensteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'erstattung', 'nachzahlung'],
  lohnabrechnung: ['abrechnungszeitraum', 'steuerklasse', 'gesamtbrutto', 'lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung', 'nettoverdienst', 'auszahlungsbetrag'],
  mahnung: ['schreibdatum', 'hauptforderung', 'mahngebuehren', 'inkassokosten', 'zinsen', 'gesamtforderung', 'zahlungsfrist'],
  kuendigung: ['schreibdatum', 'beendigungsdatum', 'kuendigungsfrist'],
  bussgeldbescheid: ['bescheiddatum', 'tatdatum', 'geldbusse', 'gebuehren', 'auslagen', 'gesamtbetrag', 'punkte', 'fahrverbot'],
};

describe('unseen letters of author B: self-consistent without the engine', () => {
  it('twenty letters with unique ids: 8 payslips, 8 dunning letters, 4 terminations', () => {
    assert.equal(LETTERS_B.length, 20);
    assert.equal(new Set(LETTERS_B.map((l) => l.id)).size, 20);
    const count = (t: string) => LETTERS_B.filter((l) => l.type === t).length;
    assert.deepEqual([count('lohnabrechnung'), count('mahnung'), count('kuendigung')], [8, 8, 4]);
    for (const l of LETTERS_B) {
      assert.notEqual(l.wrongType, l.type, l.id);
      assert.ok(l.id in SUMS, `${l.id}: no sums listed in the test`);
    }
  });

  for (const letter of LETTERS_B) {
    describe(letter.id, () => {
      it('every key is a SPEC key of its type and printed on its page', () => {
        const texts = pageTexts(letter);
        const check = (name: string, key: { value: string | RegExp; page: number }) => {
          assert.ok(key.page >= 1 && key.page <= texts.length, `${name}: page ${key.page}`);
          const text = texts[key.page - 1]!;
          if (typeof key.value === 'string') assert.ok(text.includes(key.value.replace(/\s+/gu, ' ')), `${name}: "${key.value}" not on page ${key.page}`);
          else assert.match(text, key.value, name);
        };
        for (const [name, key] of Object.entries(letter.keys)) {
          assert.ok(KEYS[letter.type].includes(name), `${name} is not a ${letter.type} key`);
          check(name, key);
          if (key.alt) check(`${name} (alt)`, key.alt);
        }
        for (const name of letter.toleratedKeys ?? []) assert.ok(KEYS[letter.type].includes(name), name);
      });

      it('flags are topics of its type, expected and tolerated do not overlap', () => {
        const topics = [...letter.flags.expected, ...(letter.flags.tolerated ?? [])];
        for (const t of topics) assert.ok(TOPICS[letter.type].includes(t), `${t} is not a ${letter.type} topic`);
        assert.equal(new Set(topics).size, topics.length);
        // a failed arithmetic check and netto_rechnung go together
        const nettoFails = letter.checks.some((c) => c.rule === 'netto' && !c.holds);
        assert.equal(letter.flags.expected.includes('netto_rechnung'), nettoFails);
      });

      it('every declared check recomputes from the printed figures as declared', () => {
        const sums = SUMS[letter.id]!;
        const declared = letter.checks.map((c) => c.rule).sort();
        assert.deepEqual(declared, (Object.keys(sums) as CheckId[]).sort(), 'declared checks = recomputed checks');
        for (const c of letter.checks) assert.equal(recompute(letter, c.rule), c.holds, `${c.rule} holds: ${c.holds}`);
      });

      it('sub-totals, rate × base products and interest rows add up', () => {
        for (const [parts, total] of SUBTOTALS[letter.id] ?? []) {
          [...parts, total].forEach((v) => assertPrinted(letter, v.replace(/^-/u, '')));
          assert.equal(parts.reduce((a, v) => a + cents(v), 0), cents(total), `${parts.join(' + ')} = ${total}`);
        }
        for (const [a, b, result, kind] of PRODUCTS[letter.id] ?? []) {
          // the base and the result are printed; the rate may be the legal one the letter does not print
          [a, result].forEach((v) => assertPrinted(letter, v));
          // both in thousandths: a (×1000) × b (×1000) → result in cents
          const product = (milli(a) * milli(b)) / (kind === 'pct' ? 1e6 * 100 : 1e6);
          assert.equal(roundHalfUp(product * 100), cents(result), `${a} × ${b}${kind === 'pct' ? ' %' : ''} = ${result}`);
        }
        for (const [capital, rate, from, to, printed] of INTEREST[letter.id] ?? []) {
          [capital, from, to, printed].forEach((v) => assertPrinted(letter, v));
          const days = (date(to) - date(from)) / 86_400_000 + 1;
          const interest = (cents(capital) * (milli(rate) / 1000 / 100) * days) / 365;
          assert.equal(roundHalfUp(interest), cents(printed), `${rate} % aus ${capital} vom ${from} bis ${to} (${days} Tage) = ${printed}`);
        }
      });

      it('lays out on A4 without overflow or overlapping cells, in WinAnsi, and renders', async () => {
        const specs = letterPageSpecs(letter.pages); // throws on overflow
        const winAnsi = new Set(new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, i) => i)));
        const fonts = await embedFonts(await PDFDocument.create());
        const width = (t: string, bold: boolean, size: number) => (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(t, size);
        letter.pages.forEach((lines: Line[], p) => {
          for (const line of lines) {
            const cells = typeof line === 'string' ? [{ t: line.replace(/^# /u, ''), x: LEFT, b: line.startsWith('# '), size: line.startsWith('# ') ? 11 : 9.5 }] : line.map((c) => ({ ...c, size: 9.5 }));
            for (const ch of cells.flatMap((c) => [...c.t])) assert.ok(winAnsi.has(ch), `page ${p + 1}: '${ch}' (U+${ch.codePointAt(0)!.toString(16)}) is not WinAnsi`);
            const boxes = cells
              .filter((c) => c.t.length > 0)
              .map((c) => {
                const w = width(c.t, !!c.b, c.size);
                const left = 'r' in c && c.r ? c.x - w : c.x;
                return { t: c.t, left, right: left + w };
              })
              .sort((a, b) => a.left - b.left);
            for (const b of boxes) assert.ok(b.left >= 30 && b.right <= 565, `page ${p + 1}: "${b.t}" runs off the page (${b.left.toFixed(0)}-${b.right.toFixed(0)})`);
            for (let i = 1; i < boxes.length; i++) {
              assert.ok(boxes[i]!.left - boxes[i - 1]!.right >= 4, `page ${p + 1}: "${boxes[i - 1]!.t}" overlaps "${boxes[i]!.t}"`);
            }
          }
        });
        const pdf = await makeTextPdf(specs);
        assert.ok(pdf.length > 1000);
      });
    });
  }
});
