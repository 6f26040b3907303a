import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLines } from '../../../src/pipeline/layout/lines.js';
import type { Line } from '../../../src/pipeline/layout/lines.js';
import { synthDoc, type SynthLine } from '../kontoauszug/synthetic.js';

/**
 * The document's date notation (layout/date-notation.ts, issue 21): decided once by a vote over
 * the rows that carry an amount, then every valid date of that notation is a date token of its
 * line, whatever the separator; month names (German, and the English of apps) are read anyway.
 * Month-first is never a reading. Statement lines through the real layout pass.
 */
const dates = (l: Line | undefined): string[] => (l?.dates ?? []).map((d) => `${d.date.day}.${d.date.month}.${d.date.year ?? ''}`);
const lineOf = (lines: Line[], start: string): Line | undefined => lines.find((l) => l.text.startsWith(start));

describe('date notations on statement lines', () => {
  test('DD/MM/YYYY in the date column: both dates of a posting line are tokens; a month/year or a reference is not', () => {
    const lines = documentLines(
      synthDoc([
        [56, 60, 'Kontoauszug / Estratto conto vom/dal 01/07/2025 bis/al 30/09/2025'],
        [56, 100, '09/07/2025 10/07/2025 Dauerauftrag'], [520, 100, '1.284,01', true],
        [120, 112, 'Spesen 07/2025 CRO 12/34/567890'],
        [56, 130, '13/07/2025 13/07/2025 Überweisung'], [520, 130, '471,19', true],
      ]),
    );
    assert.deepEqual(dates(lineOf(lines, '09.07.2025')), ['9.7.2025', '10.7.2025']);
    assert.deepEqual(dates(lineOf(lines, '13.07.2025')), ['13.7.2025', '13.7.2025']);
    assert.deepEqual(dates(lineOf(lines, 'Kontoauszug')), ['1.7.2025', '30.9.2025'], 'the period in the same notation');
    assert.deepEqual(dates(lineOf(lines, 'Spesen')), [], '`07/2025` and `12/34/567890` are no dates');
    assert.equal(lineOf(lines, 'Spesen')!.text, 'Spesen 07/2025 CRO 12/34/567890', 'left as printed');
  });

  test('two-digit years, dash separators and ISO dates are read in their own documents', () => {
    const slash = documentLines(synthDoc([[56, 100, '09/07/25 Lastschrift'], [520, 100, '12,00', true], [56, 120, '10/07/25 Gutschrift'], [520, 120, '3,00', true]]));
    assert.deepEqual(dates(slash[0]), ['9.7.2025']);
    const dash = documentLines(synthDoc([[56, 100, '09-07-2025 Lastschrift'], [520, 100, '-12,00', true], [56, 120, '31-07-2025 Gutschrift'], [520, 120, '3,00', true]]));
    assert.deepEqual(dates(dash[0]), ['9.7.2025']);
    assert.deepEqual(dates(dash[1]), ['31.7.2025']);
    const iso = documentLines(synthDoc([[56, 100, '2025-07-09 Lastschrift'], [520, 100, '-12,00', true], [56, 120, '2025-07-31 Gutschrift'], [520, 120, '3,00', true]]));
    assert.deepEqual(dates(iso[0]), ['9.7.2025']);
    assert.deepEqual(dates(iso[1]), ['31.7.2025']);
  });

  test('a notation seen only outside the date column is not adopted (an ISO date in a purpose line stays text)', () => {
    const lines = documentLines(
      synthDoc([
        [56, 100, '09.07.2025 Kartenzahlung'], [520, 100, '-12,00', true],
        [120, 112, '2025-07-08 Debitk.3 VISA Debit'],
        [56, 130, '10.07.2025 Kartenzahlung'], [520, 130, '-8,00', true],
        [120, 142, '2025-07-09 Debitk.3 VISA Debit'],
      ]),
    );
    assert.deepEqual(dates(lineOf(lines, '2025-07-08')), []);
    assert.deepEqual(dates(lineOf(lines, '09.07.2025')), ['9.7.2025']);
  });

  test('month first is never read: a document with 06/25/2025 keeps its slash words as text', () => {
    const lines = documentLines(synthDoc([[56, 100, '06/05/2025 Payment'], [520, 100, '-12,00', true], [56, 120, '06/25/2025 Payment'], [520, 120, '-3,00', true], [56, 140, '07/01/2025 Payment'], [520, 140, '-3,00', true]]));
    assert.ok(lines.every((l) => l.dates.length === 0));
  });

  test('an invalid calendar date is no date: 31/06/2025 stays text in a slash document', () => {
    const lines = documentLines(synthDoc([[56, 100, '30/06/2025 Lastschrift'], [520, 100, '-12,00', true], [56, 120, '31/06/2025 Lastschrift'], [520, 120, '-3,00', true], [56, 140, '01/07/2025 Gutschrift'], [520, 140, '3,00', true]]));
    assert.deepEqual(dates(lines[0]), ['30.6.2025']);
    assert.deepEqual(dates(lines[1]), []);
  });

  test('a time, an IBAN group and an amount are no dates', () => {
    const lines = documentLines(synthDoc([[56, 100, '09/07/2025 POS 20:41 IT49 K083 6601 4367'], [520, 100, '-12,00', true], [56, 120, '10/07/2025 Gutschrift 12.07'], [520, 120, '1.207,25', true]]));
    assert.deepEqual(dates(lines[0]), ['9.7.2025']);
    assert.deepEqual(dates(lines[1]), ['10.7.2025']);
  });

  test('day and month name: German (3. Okt. 2025, 03 OKT, 2. Jänner 2026) and the English of apps (03 Oct 2025, 2 May, 12 December 2025)', () => {
    const lines = documentLines(
      synthDoc([
        [56, 100, '3. Okt. 2025 Kartenzahlung'], [520, 100, '-12,00', true],
        [56, 120, '03 OKT Lastschrift'], [520, 120, '-3,00', true],
        [56, 140, '2. Jänner 2026 Gutschrift'], [520, 140, '3,00', true],
        [56, 160, '03 Oct 2025 Card payment'], [520, 160, '-3,00', true],
        [56, 180, '2 May Top up'], [520, 180, '30,00', true],
        [56, 200, '12 December 2025 Transfer'], [520, 200, '30,00', true],
      ]),
    );
    assert.deepEqual(lines.map(dates), [['3.10.2025'], ['3.10.'], ['2.1.2026'], ['3.10.2025'], ['2.5.'], ['12.12.2025']]);
  });

  test('a weekday-prefixed day heading carries its date (Montag, 2. März 2026; Friday, 3 Oct 2025)', () => {
    const lines = documentLines(synthDoc([[56, 100, 'Montag, 2. März 2026'], [56, 120, 'Friday, 3 Oct 2025']]));
    assert.deepEqual(lines.map(dates), [['2.3.2026'], ['3.10.2025']]);
  });
});
