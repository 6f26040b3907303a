import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from '../kontoauszug/synthetic.js';

/**
 * Issue 21, the real corpus: a posting whose amount stands on the line below its dates and type
 * (`27.12.2019 27.12.2019 Lastschrift` over `. 6,60-Lotto24 AG`, an S Broker statement) lost
 * that amount because the text extraction glued the counterparty's name to the amount's
 * trailing sign. A line that starts with a signed amount glued to a capitalised word is the
 * amount cell and the name: the word is split after the sign. Inside a line (`EUR 8,46-KapSt per
 * 29.12.2023`, a tax note in a purpose) nothing is split.
 */
describe('a signed amount glued to the name after it, at the start of a line (issue 21)', () => {
  const page: SynthLine[] = [
    [40, 40, 'Kontoauszug 12/2019'],
    [40, 60, 'Kontostand am 29.11.2019, Auszug Nr. 11 500,00+'],
    [40, 75, '02.12.2019 02.12.2019 Lastschrift 34,50-'],
    [40, 87, 'IGM Schweinfurt'],
    [40, 99, '20.12.2019 20.12.2019 Lastschrift 6,60-'],
    [40, 111, 'Lotto24 AG'],
    [40, 123, '27.12.2019 27.12.2019 Lastschrift'],
    [40, 135, '. 6,60-Lotto24 AG'],
    [40, 147, 'C99685998 T322517640417 Spieleinsatz'],
    [40, 159, '27.12.2019 27.12.2019 Lohn, Gehalt, Rente 291,48+'],
    [40, 171, 'Kapitalertrag EUR 8,46-KapSt per 29.12.2019'],
    [40, 186, 'Kontostand am 30.12.2019, Auszug Nr. 12 743,78+'],
  ];

  test('the amount and the name become two words; inside a line they stay one', () => {
    const lines = toLines(synthDoc(page).pages);
    const cell = lines.find((l) => l.text.includes('Lotto24 AG') && l.text.startsWith('.'))!;
    assert.equal(cell.text, '. 6,60- Lotto24 AG');
    assert.deepEqual(cell.amounts.map((a) => [a.cents, a.sign]), [[660, -1]]);
    const note = lines.find((l) => l.text.includes('KapSt'))!;
    assert.ok(note.text.includes('8,46-KapSt'));
  });

  test('the posting is read with that amount and the statement reconciles', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`),
      ['02.12.2019 -34,50', '20.12.2019 -6,60', '27.12.2019 -6,60', '27.12.2019 291,48'],
    );
    assert.equal(accounts[0]!.info.reconciled, true);
  });
});
