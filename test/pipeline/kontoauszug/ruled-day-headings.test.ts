import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageRule } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, random layouts at first contact (seed 822's structure, written here by hand): day
 * headings (`Sonntag, 06.07.2025`) over rows ruled underneath, so a day's heading lies in the band
 * between the rule under the row above and the next posting's amount row. The rows' rules
 * (ruled-rows.ts) moved the heading into that posting as its first line: the heading became its
 * text and, as the line above the type, its counterparty. A heading bounds the row from above.
 */
const days: [heading: string, valuta: string, type: string, amount: string, party: string, purpose: string][] = [
  ['Mittwoch, 02.07.2025', '02.07.', 'Kartenzahlung', '-241,53', 'Shell Deutschland', 'Debitkarte Zahlung Juli 2025'],
  ['Sonntag, 06.07.2025', '06.07.', 'Dauerauftrag', '-638,83', 'Sparkonto Anna Schulz', 'Miete Juli 2025'],
  ['Dienstag, 08.07.2025', '08.07.', 'Kartenzahlung', '-32,57', 'REWE Markt GmbH', 'Debitkarte Zahlung Juli 2025'],
  ['Freitag, 11.07.2025', '11.07.', 'Zahlungseingang', '214,45', 'Versicherungskammer Bayern', 'Schadenregulierung Juli 2025'],
];
const lines: SynthLine[] = [
  [50, 30, 'Direktbank Beispiel AG'],
  [50, 42, 'Anna Schulz Girokonto IBAN DE62 9312 8474 0204 9939 31'],
  [50, 54, 'Kontoauszug Nr. 9/2025 vom 01.07.2025 bis 28.07.2025'],
  [60, 70, 'Kontostand am 30.06.2025 1.390,21 EUR'],
  [60, 82, 'Kontostand am 28.07.2025 691,73 EUR'],
  [50, 100, 'Wertstellung'],
  [114, 100, 'Erläuterung'],
  [545, 100, 'Betrag', true],
  ...days.flatMap(([heading, valuta, type, amount, party, purpose], i): SynthLine[] => {
    const y = 116 + 50 * i;
    return [[50, y, heading], [50, y + 12, valuta], [114, y + 12, type], [545, y + 12, amount, true], [114, y + 24, party], [114, y + 36, purpose]];
  }),
];
/** A rule under every row: below each day's last line, above the next day's heading. */
const rules: PageRule[] = days.map((_, i) => ({ kind: 'horizontal', x0: 45, x1: 550, y0: 116 + 50 * i + 40, y1: 116 + 50 * i + 40 }));

describe('ruled rows under day headings (issue 21)', () => {
  test("a day's heading is no line of the row below it: type, counterparty and text stay the posting's own", () => {
    const doc = synthDoc(lines);
    doc.pages[0]!.rules = rules;
    const accounts = extractAccounts(doc);
    const rows = toTables(accounts)[0]!.rows;
    assert.deepEqual(
      rows.map((r) => [r[0], r[2], r[3]]),
      days.map(([heading, , , amount, party]) => [heading.split(' ')[1], party, amount]),
    );
    for (const r of rows) assert.doesNotMatch(r[1]!, /tag,|woch,/u, `no heading in the text: ${r[1]}`);
    assert.equal(accounts[0]!.info.reconciled, true);
  });
});
