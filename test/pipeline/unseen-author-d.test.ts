/**
 * Author D's blind letters (issue 22) are consistent with themselves, before any engine reads
 * them: twelve letters of all five types (at least two each) with ids new to the eval; every
 * truth key a SPEC §9 name of its type, printed on the page the truth names; every amount of
 * `amounts` printed in the letter; the sender pattern found in the letterhead; each page fits A4
 * and no two cells of a line overlap or leave the page (measured with the font the text PDF
 * draws). How well the engine reads them is the eval's business (`npm run eval:analysis -- --set d`),
 * not this test's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { LETTERS_D } from '../../scripts/fixtures/analysis/unseen/author-d.js';
import { FIRST_CONTACT_C, UNSEEN_LETTERS } from '../../scripts/fixtures/analysis/unseen/index.js';
import type { Line, UnseenLetter } from '../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../scripts/fixtures/analysis/unseen/pages.js';
import { printedForm } from '../../scripts/fixtures/analysis/unseen/score.js';
import { A4, embedFonts, lineX } from '../../scripts/fixtures/text-pdf.js';

/** SPEC §9 key-number names per type. */
const KEYS: Record<UnseenLetter['type'], string[]> = {
  steuerbescheid: ['steuerjahr', 'bescheiddatum', 'zu_versteuerndes_einkommen', 'festgesetzte_einkommensteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'erstattung', 'nachzahlung'],
  lohnabrechnung: ['abrechnungszeitraum', 'steuerklasse', 'gesamtbrutto', 'lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung', 'nettoverdienst', 'auszahlungsbetrag'],
  mahnung: ['schreibdatum', 'hauptforderung', 'mahngebuehren', 'inkassokosten', 'zinsen', 'gesamtforderung', 'zahlungsfrist'],
  kuendigung: ['schreibdatum', 'beendigungsdatum', 'kuendigungsfrist'],
  bussgeldbescheid: ['bescheiddatum', 'tatdatum', 'geldbusse', 'gebuehren', 'auslagen', 'gesamtbetrag', 'punkte', 'fahrverbot'],
};
/** SPEC §9 review-flag topics per type. */
const FLAGS: Record<UnseenLetter['type'], string[]> = {
  steuerbescheid: ['einspruchsfrist', 'nachzahlung', 'vorlaeufigkeit', 'vorbehalt_der_nachpruefung', 'abweichung_von_erklaerung', 'verspaetungszuschlag'],
  lohnabrechnung: ['netto_rechnung', 'mindestlohn', 'sozialversicherung', 'steuerklasse'],
  mahnung: ['inkassokosten', 'verzugszinsen', 'verjaehrung', 'zahlungsfrist', 'mahnbescheid_angedroht'],
  kuendigung: ['klagefrist', 'kuendigungsfrist', 'schriftform', 'arbeitssuchend_melden'],
  bussgeldbescheid: ['einspruchsfrist', 'verjaehrung', 'fahrverbot', 'punkte'],
};

const lineText = (line: Line): string => (typeof line === 'string' ? line.replace(/^# /u, '') : line.map((c) => c.t).join(' '));
const pageText = (letter: UnseenLetter, page: number): string => printedForm(letter.pages[page - 1]!.map(lineText).join('\n'));
const letterText = (letter: UnseenLetter): string => letter.pages.map((_, i) => pageText(letter, i + 1)).join('\n');
/** A key's pattern without its anchors, to find it inside a page. */
const unanchored = (re: RegExp): RegExp => new RegExp(re.source.replace(/^\^/u, '').replace(/\$$/u, ''), re.flags);

describe('author D letters (issue 22, second blind batch)', () => {
  it('are twelve of all five types, at least two each, with new ids', () => {
    assert.equal(LETTERS_D.length, 12);
    const ids = LETTERS_D.map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^D-[SLMKB]\d+-/u);
    const earlier = new Set([...UNSEEN_LETTERS, ...FIRST_CONTACT_C].map((l) => l.id));
    for (const id of ids) assert.ok(!earlier.has(id), id);
    for (const type of Object.keys(KEYS)) assert.ok(LETTERS_D.filter((l) => l.type === type).length >= 2, type);
    for (const l of LETTERS_D) assert.notEqual(l.wrongType, l.type, l.id);
  });

  for (const letter of LETTERS_D) {
    it(`${letter.id}: truth names SPEC keys and topics, printed where it says`, () => {
      for (const [name, expected] of Object.entries(letter.keys)) {
        assert.ok(KEYS[letter.type].includes(name), `${name} is no ${letter.type} key`);
        for (let e: typeof expected | undefined = expected; e; e = e.alt) {
          assert.ok(e.page >= 1 && e.page <= letter.pages.length, `${name}: page ${e.page}`);
          const text = pageText(letter, e.page);
          if (typeof e.value === 'string') assert.ok(text.includes(printedForm(e.value)), `${name} "${e.value}" not printed on p${e.page}`);
          else assert.match(text, unanchored(e.value), `${name} ${e.value} not printed on p${e.page}`);
        }
      }
      for (const name of [...(letter.toleratedKeys ?? []), ...(letter.absentKeys ?? [])]) assert.ok(KEYS[letter.type].includes(name), name);
      for (const t of [...letter.flags.expected, ...(letter.flags.tolerated ?? [])]) assert.ok(FLAGS[letter.type].includes(t), `${t} is no ${letter.type} topic`);
      const all = letterText(letter);
      for (const a of letter.amounts ?? []) assert.ok(all.includes(printedForm(a)), `amount ${a} not printed`);
      assert.ok(letter.summary, 'summary facts written');
      assert.match(pageText(letter, 1), letter.summary!.sender);
      if (letter.summary!.amount) assert.match(all, letter.summary!.amount);
    });

    it(`${letter.id}: every page fits A4 and no cell overlaps the next or leaves the page`, async () => {
      const pages = letterPageSpecs(letter.pages); // throws when a page overflows
      const fonts = await embedFonts(await PDFDocument.create());
      for (const [p, spec] of pages.entries()) {
        const rows = new Map<number, { x0: number; x1: number; text: string }[]>();
        for (const line of spec) {
          const font = line.bold ? fonts.bold : fonts.regular;
          const x0 = lineX(line, fonts);
          const box = { x0, x1: x0 + font.widthOfTextAtSize(line.text, line.size ?? 9.5), text: line.text };
          assert.ok(box.x0 >= 40 && box.x1 <= A4.width - 40, `p${p + 1} "${line.text}" leaves the page (${box.x0.toFixed(0)}–${box.x1.toFixed(0)})`);
          rows.set(line.y, [...(rows.get(line.y) ?? []), box]);
        }
        for (const cells of rows.values()) {
          cells.sort((a, b) => a.x0 - b.x0);
          for (let i = 1; i < cells.length; i++) assert.ok(cells[i]!.x0 - cells[i - 1]!.x1 >= 6, `p${p + 1} "${cells[i - 1]!.text}" runs into "${cells[i]!.text}"`);
        }
      }
    });
  }
});
