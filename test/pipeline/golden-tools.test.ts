import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { asciiStem } from '../support/golden/documents.js';
import { GOLDEN_DIR } from '../support/golden/golden-set.js';
import { formatDifferences, jsonDifferences } from '../support/golden/json-diff.js';
import { isFigure, redact, shortHash } from '../support/golden/redact.js';
import { stableJson } from '../support/golden/stable-json.js';

/** The golden files' tools (issue 21): serialisation, diff, and the real corpus kept out of the repository. */
describe('golden file tools', () => {
  test('stableJson: keys sorted at every depth, number arrays on one line, strings untouched, same bytes for the same value', () => {
    const a = stableJson({ b: { y: 1, x: [0.5, 2] }, a: ['[1,2]', [3, 4]] });
    assert.equal(a, '{\n  "a": [\n    "[1,2]",\n    [3, 4]\n  ],\n  "b": {\n    "x": [0.5, 2],\n    "y": 1\n  }\n}\n');
    assert.equal(stableJson({ a: ['[1,2]', [3, 4]], b: { x: [0.5, 2], y: 1 } }), a);
  });

  test('jsonDifferences: the path of each differing leaf, expected and actual, in document order', () => {
    const diffs = jsonDifferences(
      { answer: { tables: [{ rows: [['01.02.2026', 'Miete', '-700,00']] }], reconciled: true } },
      { answer: { tables: [{ rows: [['01.02.2026', 'Miete', '-70,00'], ['x']] }], reconciled: true, extra: 1 } },
    );
    assert.deepEqual(diffs, [
      { path: 'answer.tables[0].rows[0][2]', expected: '-700,00', actual: '-70,00' },
      { path: 'answer.tables[0].rows[1]', expected: undefined, actual: ['x'] },
      { path: 'answer.extra', expected: undefined, actual: 1 },
    ]);
    assert.match(formatDifferences(diffs, 1), /answer\.tables\[0\]\.rows\[0\]\[2\]\n {4}expected "-700,00"\n {4}actual {3}"-70,00"\n {2}… and 2 more/u);
    assert.deepEqual(jsonDifferences({ a: [1, { b: null }] }, { a: [1, { b: null }] }), []);
  });

  test('redact: free text hashed, figures, dates, types and engine names in clear', () => {
    const out = redact({
      summary: 'Bußgeldbescheid für Max Mustermann',
      tables: [{ name: 'Umsätze DE89 3704 0044 0532 0130 00', headers: ['Datum', 'Buchungstext'], rows: [['02.01.2026', 'Miete Oktober', 'Hans Meier', '-1.234,56']] }],
      postings: [{ id: 'c1faf82a053d53b2c9e4', amount: '-1234.56', booking_date: '2026-01-02', type: 'transfer', type_text: 'Überweisung', counterparty: { name: 'Hans Meier', iban: 'DE89370400440532013000' } }],
      checks: [{ rule: 'a + b = c', holds: true, values: { 'bereits gezahlt': '17.995,17 €', nachzahlung: '1.351,02 €' } }],
      pages: 2,
    }) as Record<string, any>;
    assert.equal(out.summary, shortHash('Bußgeldbescheid für Max Mustermann'));
    assert.match(out.summary, /^sha256:[0-9a-f]{8}$/u);
    assert.deepEqual(out.tables[0].headers, ['Datum', 'Buchungstext']);
    assert.deepEqual(out.tables[0].rows[0], ['02.01.2026', shortHash('Miete Oktober'), shortHash('Hans Meier'), '-1.234,56']);
    assert.equal(out.tables[0].name, shortHash('Umsätze DE89 3704 0044 0532 0130 00'));
    const p = out.postings[0];
    assert.deepEqual([p.amount, p.booking_date, p.type, p.type_text], ['-1234.56', '2026-01-02', 'transfer', 'Überweisung']);
    assert.deepEqual(p.counterparty, { name: shortHash('Hans Meier'), iban: shortHash('DE89370400440532013000') });
    assert.equal(p.id, shortHash('c1faf82a053d53b2c9e4'));
    assert.deepEqual(out.checks[0].values, { [shortHash('bereits gezahlt')]: '17.995,17 €', nachzahlung: '1.351,02 €' });
    assert.equal(out.pages, 2);
    assert.ok(isFigure('17.995,17 €') && isFigure('18.06.19') && isFigure('2024') && !isFigure('Hans 12'));
  });

  test('asciiStem: corpus names become ASCII file stems', () => {
    assert.equal(asciiStem('BußgeldbescheidMünsterTest'), 'BussgeldbescheidMuensterTest');
    assert.equal(asciiStem('Bussgeld Vorlage - 2019'), 'Bussgeld_Vorlage_-_2019');
  });

  // Guards the committed files, not only the redactor: a file written by hand or by a broken
  // redactor would carry the corpus into the repository.
  const VOCABULARY_KEYS = new Set(['document_type', 'project_slug', 'currency', 'type', 'type_text', 'source', 'verified', 'topic', 'severity', 'rule', 'code', 'kind', 'stage', 'set', 'id', 'origin', 'read', 'headers']);
  /** Where a value holds a string that is neither a hash, a figure nor engine vocabulary. */
  function freeText(v: unknown, key = '', at = ''): string[] {
    if (typeof v === 'string') return v.startsWith('sha256:') || isFigure(v) || VOCABULARY_KEYS.has(key) ? [] : [at];
    if (Array.isArray(v)) return v.flatMap((x, i) => freeText(x, key, `${at}[${i}]`));
    if (v === null || typeof v !== 'object') return [];
    return Object.entries(v).flatMap(([k, x]) => [...(/^[a-z][a-z0-9_]*$/u.test(k) || k.startsWith('sha256:') ? [] : [`${at} key`]), ...freeText(x, k, `${at}.${k}`)]);
  }

  test('the free-text guard finds a name, a purpose and a printed label left in clear', () => {
    assert.deepEqual(freeText({ summary: 'Max Mustermann', rows: [['01.02.2026', 'Miete', '-1,00']], values: { 'bereits gezahlt': '1,00' }, type: 'transfer' }), ['.summary', '.rows[0][1]', '.values key']);
  });

  const realDir = path.join(GOLDEN_DIR, 'real');
  test('real-corpus golden files carry no free text: every string is a hash, a figure or engine vocabulary', { skip: existsSync(realDir) ? false : 'no test/golden/real' }, () => {
    const files = readdirSync(realDir).filter((f) => f.endsWith('.expected.json'));
    assert.ok(files.length > 0);
    const leaks = files.flatMap((f) => freeText(JSON.parse(readFileSync(path.join(realDir, f), 'utf8'))).map((at) => `${f}${at}`));
    assert.deepEqual(leaks.slice(0, 10), []);
  });
});
