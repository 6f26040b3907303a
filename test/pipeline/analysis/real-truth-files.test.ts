/**
 * The hand-written truth of real letters (test/fixtures/real-truth, issue 22) is consistent in
 * itself: SPEC key names of its type, values that read as what they are (amounts, dates), pages
 * of the document, a place for every value, flags of SPEC's topics, and — for fine notices —
 * the printed costs adding up to the printed total, so a misread figure in the truth shows here.
 * Needs no corpus: the truth holds values only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAmount, SPEC_KEYS } from '../../../scripts/fixtures/analysis/letter-facts.js';
import { loadRealTruths } from '../../../scripts/fixtures/analysis/real-truth.js';
import { normalizeValue } from '../../../scripts/fixtures/analysis/score.js';

const TOPICS: Record<string, string[]> = {
  bussgeldbescheid: ['einspruchsfrist', 'verjaehrung', 'fahrverbot', 'punkte'],
};
const DATE_KEYS = new Set(['bescheiddatum', 'tatdatum', 'schreibdatum', 'zahlungsfrist', 'beendigungsdatum']);
const cents = (v: string) => Number(normalizeValue(v).replace(/^money:/u, ''));

describe('real-letter truth files', () => {
  const truths = loadRealTruths('bussgeldbescheid');

  it('has the three real fine notices', () => {
    for (const f of ['BB_V-O-AV_7.JPG', 'BB_D-U-V-AV_1.JPG', 'BB_D-U-V-B-O-AV-X_3.jpg']) assert.ok(truths.some((t) => t.file.endsWith(f)), f);
  });

  for (const t of truths) {
    it(`${t.file}: names, values, pages and places`, () => {
      assert.equal(t.type, 'bussgeldbescheid');
      for (const [name, v] of Object.entries(t.keys)) {
        assert.ok(SPEC_KEYS[t.type].includes(name), `${name} is a SPEC key`);
        for (const p of [v, ...(v.also ?? [])]) {
          assert.ok(p.page >= 1 && p.page <= t.pages, `${name} page`);
          assert.ok(p.where.length > 10, `${name} says where it stands`);
          if (DATE_KEYS.has(name)) assert.match(normalizeValue(p.value), /^date:/u, name);
          if (['geldbusse', 'gebuehren', 'auslagen', 'gesamtbetrag'].includes(name)) assert.ok(isAmount(p.value), name);
          if (p !== v) assert.equal(normalizeValue(p.value), normalizeValue(v.value), `${name}: another printing of the same figure`);
        }
      }
      for (const [name, v] of Object.entries(t.other_amounts ?? {})) {
        assert.ok(!SPEC_KEYS[t.type].includes(name), `${name} is not a SPEC key (those go to keys)`);
        assert.ok(isAmount(v.value) && v.where.length > 10, name);
      }
      const allowed = new Set([...t.flags.expected, ...(t.flags.tolerated ?? [])]);
      for (const f of allowed) assert.ok(TOPICS[t.type]!.includes(f), f);
      for (const d of t.deadlines) assert.ok(!d.flag || allowed.has(d.flag), `deadline flag ${d.flag} is expected or tolerated`);
    });

    const k = t.keys;
    if (k.gesamtbetrag && k.geldbusse) {
      it(`${t.file}: Geldbuße + Gebühren + Auslagen (+ other costs) = Gesamtbetrag as printed`, () => {
        const parts = [k.geldbusse, k.gebuehren, k.auslagen, ...Object.values(t.other_amounts ?? {})].filter((v) => v !== undefined);
        assert.equal(parts.reduce((s, v) => s + cents(v!.value), 0), cents(k.gesamtbetrag!.value));
      });
    }
  }
});
