import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entryFault, foldSource, foldText, writtenSource } from '../../../src/pipeline/layout/lexicon/entry.js';
import { forms } from '../../../src/pipeline/layout/lexicon/compile.js';
import { LEXICON_DOMAINS } from '../../../src/pipeline/layout/lexicon/index.js';

describe('lexicon', () => {
  for (const domain of LEXICON_DOMAINS) {
    test(`${domain.name}: no word carries one meaning twice`, () => {
      const seen = new Set<string>();
      const dupes: string[] = [];
      for (const e of domain.entries) {
        for (const m of e.means) {
          const key = `${e.word.toLowerCase()} · ${m}`;
          if (seen.has(key)) dupes.push(key);
          seen.add(key);
        }
        assert.equal(new Set(e.means).size, e.means.length, `${e.word}: a meaning listed twice`);
      }
      assert.deepEqual(dupes, []);
    });

    test(`${domain.name}: every meaning is declared and used`, () => {
      const used = new Set(domain.entries.flatMap((e) => e.means));
      assert.deepEqual([...used].filter((m) => !(m in domain.meanings)), [], 'meanings without a declaration');
      assert.deepEqual(Object.keys(domain.meanings).filter((m) => !used.has(m)), [], 'declared meanings without a word');
    });

    test(`${domain.name}: every pattern compiles and matches its printed word after folding`, () => {
      const faults: string[] = [];
      for (const e of domain.entries) {
        const fault = entryFault(e);
        if (fault) faults.push(fault);
        const kinds = [...domain.folds, ...(e.means.some((m) => domain.printed.has(m)) ? (['printed'] as const) : [])];
        for (const kind of kinds) {
          const re = new RegExp(foldSource(writtenSource(e), kind), 'u');
          if (!re.test(foldText(e.word, kind))) faults.push(`${e.word} (${kind} fold): /${re.source}/`);
        }
      }
      assert.deepEqual(faults, []);
    });
  }

  test('a hand-folded spelling is refused', () => {
    assert.match(entryFault({ word: 'Steuer', pattern: 'steur', means: [] }) ?? '', /does not match its printed word/);
    assert.match(entryFault({ word: 'Gebühr', pattern: 'gebuhr', means: [] }) ?? '', /does not match its printed word/);
    assert.equal(entryFault({ word: 'Gebühr', pattern: 'geb(ü|ue|u)hr', means: [] }), null);
    assert.throws(() => forms([{ word: 'Steuer', pattern: 'steur', means: ['tax'] }], 'tax', 'letter'), /hand-folded/);
    assert.deepEqual(forms([{ word: 'Steuer', means: ['tax'] }], 'tax', 'letter'), ['steur']);
  });

  test('the fold reaches literal text only, never an escape', () => {
    assert.equal(foldSource(String.raw`\S+Äu\p{Lu}ß\bÜber`, 'letter'), String.raw`\S+au\p{Lu}ss\buber`);
    assert.equal(foldSource(String.raw`Saldo\D`, 'statement'), String.raw`saldo\D`);
    assert.equal(foldSource(String.raw`EREF\+`, 'printed'), String.raw`EREF\+`);
  });
});
