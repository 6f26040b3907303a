import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { centsOf, lineText, pdfLines, rowCents } from './fixture-pdf-a.js';

/**
 * The austrian-bank fixture is consistent with itself: Alter Saldo + the postings as printed =
 * Neuer Saldo (and each Zwischensaldo/Übertrag the running balance where it stands), every row's
 * date and signed amount printed in the order of the rows, the AT IBAN in the table name, the
 * counterparty labels (Auftraggeber:/Empfänger:) printed but not part of the ground truth.
 */
const layout = LAYOUTS.find((l) => l.name === 'austrian-bank')!;
const AMOUNT = /^(-?)(\d{1,3}(?:\.\d{3})*,\d\d)([-+]?)$/u;
const signedCents = (s: string): number => {
  const m = AMOUNT.exec(s)!;
  return (m[1] === '-' || m[3] === '-' ? -1 : 1) * centsOf(m[2]!);
};

describe('austrian-bank fixture', () => {
  for (const seed of [1, 2, 3, 4]) {
    test(`seed ${seed}: Alter Saldo + postings = Neuer Saldo, rows as printed`, async () => {
      const f = fixtureFor(layout, seed);
      const lines = (await pdfLines(await textLayerPdf(f))).flat();
      const all = lines.map(lineText).join('\n');
      assert.match(all, /Kontoauszug Nr\. \d+\/\d{4}|Umsatzliste/u);
      const head = lines.find((l) => lineText(l).startsWith('Buchungstag Valutadatum Buchungstext'))!;
      const right = head.at(-1)!.right;
      const amountOf = (l: (typeof lines)[0]): number | undefined => {
        const w = l.at(-1);
        return w && AMOUNT.test(w.text) && Math.abs(w.right - right) < 3 ? signedCents(w.text) : undefined;
      };
      const year = String(f.statement.end.year);
      let running: number | undefined;
      let closing: number | undefined;
      const printed: string[] = [];
      for (const l of lines) {
        const text = lineText(l);
        if (text.includes('Alter Saldo per')) running = amountOf(l);
        else if (text.includes('Neuer Saldo per')) closing = amountOf(l);
        else if (/^(Zwischensaldo|Übertrag)/u.test(text)) assert.equal(amountOf(l), running, `${text} is the running balance`);
        else {
          const d = /^(\d\d\.\d\d\.)(\d{4})?$/u.exec(l[0]?.text ?? '');
          const cents = amountOf(l);
          if (!d || cents === undefined) continue;
          assert.match(l[1]?.text ?? '', /^\d\d\.\d\d\./u, 'a Valutadatum');
          running = running! + cents;
          printed.push(`${d[1]}${d[2] ?? year} ${cents}`);
        }
      }
      const rows = f.expected.tables[0]!.rows;
      assert.deepEqual(printed, rows.map((r) => `${r[0]} ${rowCents(r[3]!)}`), 'rows as printed, in order');
      assert.equal(closing, running, 'Neuer Saldo = Alter Saldo + postings');
      const st = f.expected.statement as Record<string, unknown>;
      assert.equal(rowCents(String(st['closing_balance'])), closing);
      assert.equal(st['currency'], 'EUR');
      assert.match(String(st['iban']), /^AT\d\d( \d{4}){4}$/u);
      assert.equal(f.expected.tables[0]!.name, `Umsätze ${String(st['iban'])}`);

      // Labels name the field; the Empfänger is the name after them.
      const labelled = lines.map(lineText).filter((t) => /^(Auftraggeber|Empfänger): /u.test(t));
      for (const r of rows) assert.doesNotMatch(`${r[1]} ${r[2]}`, /Auftraggeber:|Empfänger:/u);
      if (labelled.length > 0) {
        const named = rows.filter((r) => r[2] !== '');
        assert.equal(labelled.length, named.length, 'every counterparty labelled');
        named.forEach((r, i) => assert.equal(labelled[i]!.replace(/^\S+ /u, ''), r[2], 'label then the Empfänger'));
      }
    });
  }

  test('seeds 1–4 print both titles, both sign styles and labelled counterparties', async () => {
    const texts = await Promise.all([1, 2, 3, 4].map(async (s) => (await pdfLines(await textLayerPdf(fixtureFor(layout, s)))).flat().map(lineText).join('\n')));
    assert.ok(texts.some((t) => t.includes('Kontoauszug Nr.')) && texts.some((t) => t.includes('Umsatzliste')));
    assert.ok(texts.some((t) => /\d,\d\d-$/mu.test(t)) && texts.some((t) => /-\d[\d.]*,\d\d$/mu.test(t)));
    assert.ok(texts.some((t) => /^Auftraggeber: /mu.test(t) || /^Empfänger: /mu.test(t)));
  });
});
