import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { centsOf, lineText, pdfLines, rowCents } from './fixture-pdf-a.js';

/**
 * The swiss-bank-de fixture is consistent with itself: CHF amounts printed `2'029.25` in the
 * Belastung or Gutschrift column, dates `DD.MM.YY`, a running Saldo that follows every posting
 * from the Saldovortrag to the Schlusssaldo, Total Umsätze = the sums of both columns, the
 * ground truth in SPEC notation with currency CHF and the CH IBAN.
 */
const layout = LAYOUTS.find((l) => l.name === 'swiss-bank-de')!;
const SWISS = /^-?\d{1,3}(?:'\d{3})*\.\d{2}$/u;
const swissCents = (s: string): number => (s.startsWith('-') ? -centsOf(s.slice(1)) : centsOf(s));

describe('swiss-bank-de fixture', () => {
  for (const seed of [1, 2, 3, 4]) {
    test(`seed ${seed}: Swiss notation, running Saldo from Saldovortrag to Schlusssaldo`, async () => {
      const f = fixtureFor(layout, seed);
      const pages = await pdfLines(await textLayerPdf(f));
      const lines = pages.flat();
      const all = lines.map(lineText).join('\n');
      assert.match(all, /Währung CHF/u);
      assert.doesNotMatch(all, /\d,\d\d\b/u, 'no German decimal comma anywhere');
      const head = lines.find((l) => lineText(l).startsWith('Datum Text'))!;
      const debitHead = head.find((w) => w.text === 'Belastung' || w.text === 'Lastschrift')!;
      const creditHead = head.find((w) => w.text === 'Gutschrift')!;
      const saldoHead = head.find((w) => w.text === 'Saldo')!;

      const amountAt = (l: (typeof lines)[0], right: number): number | undefined => {
        const w = l.find((x) => SWISS.test(x.text) && Math.abs(x.right - right) < 3);
        return w ? swissCents(w.text) : undefined;
      };
      const opening = amountAt(lines.find((l) => lineText(l).includes('Saldovortrag'))!, saldoHead.right)!;
      const closingLine = lines.find((l) => lineText(l).includes('Schlusssaldo per'))!;
      const printed: { date: string; cents: number; saldo: number }[] = [];
      for (const l of lines) {
        const date = /^(\d\d)\.(\d\d)\.(\d\d)$/u.exec(l[0]?.text ?? '');
        if (!date || lineText(l).includes('Saldovortrag')) continue;
        const debit = amountAt(l, debitHead.right);
        const credit = amountAt(l, creditHead.right);
        assert.ok((debit === undefined) !== (credit === undefined), `one amount column on ${lineText(l)}`);
        assert.match(l.find((w, k) => k > 0 && /^\d\d\.\d\d\.\d\d$/u.test(w.text))?.text ?? '', /^\d\d\.\d\d\.\d\d$/u, 'a Valuta date');
        printed.push({ date: `${date[1]}.${date[2]}.20${date[3]}`, cents: debit !== undefined ? -debit : credit!, saldo: amountAt(l, saldoHead.right)! });
      }
      const rows = f.expected.tables[0]!.rows;
      assert.deepEqual(printed.map((p) => `${p.date} ${p.cents}`), rows.map((r) => `${r[0]} ${rowCents(r[3]!)}`), 'rows as printed, in order');
      let running = opening;
      for (const p of printed) {
        running += p.cents;
        assert.equal(p.saldo, running, `Saldo after ${p.date} ${p.cents}`);
      }
      assert.equal(amountAt(closingLine, saldoHead.right), running, 'Schlusssaldo = Saldovortrag + postings');
      const total = lines.find((l) => lineText(l).startsWith('Total Umsätze'))!;
      assert.equal(amountAt(total, debitHead.right), -printed.reduce((s, p) => s + Math.min(0, p.cents), 0));
      assert.equal(amountAt(total, creditHead.right), printed.reduce((s, p) => s + Math.max(0, p.cents), 0));
      for (const ubertrag of lines.filter((l) => lineText(l).startsWith('Übertrag'))) assert.ok(amountAt(ubertrag, saldoHead.right) !== undefined);

      const st = f.expected.statement as Record<string, unknown>;
      assert.equal(st['currency'], 'CHF');
      assert.equal(rowCents(String(st['opening_balance'])), opening);
      assert.equal(rowCents(String(st['closing_balance'])), running);
      assert.match(String(st['iban']), /^CH\d\d( \d{4}){4} \d$/u);
      assert.ok(all.includes(`IBAN ${String(st['iban'])}`));
      assert.equal(f.expected.tables[0]!.name, `Umsätze ${String(st['iban'])}`);
      for (const r of rows) assert.match(r[3]!, /^-?\d{1,3}(\.\d{3})*,\d\d$/u, 'row amounts in SPEC notation');
    });
  }

  test('the other families say EUR', () => {
    const other = fixtureFor(LAYOUTS.find((l) => l.name === 'sparkasse-sh')!, 1);
    assert.equal((other.expected.statement as Record<string, unknown>)['currency'], 'EUR');
  });
});
