/**
 * Zero rows of a cost list (issue 22): a fine notice that prints `Auslagen der Polizei: 0,00 EUR`
 * and `sonstige Auslagen: 0,00 EUR` in a cost list that adds up reports each under its own label
 * (SPEC §9: each amount the document prints); what is subtracted (`bereits gezahlt`) is not
 * demanded and is left out, and a list that does not add up gives no extra rows at all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { labelKeyName } from '../../../src/pipeline/stages/analysis/common/labelled-amounts.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = [text: string, x: number, y: number];
const cell = ([text, x, y]: W, source: 'ocr' | 'pdf'): TextCell => ({ text, bbox: { x, y, width: text.length * 6, height: 10 }, fontSize: 10, source, confidence: 0.9 });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]) => [t, x, y]);

function notice(total: string, source: 'ocr' | 'pdf' = 'pdf'): LoadedDocument {
  const words: W[] = [
    ...row(60, ['Landeshauptstadt', 56], ['Musterstadt', 160], ['Bußgeldstelle', 240]),
    ...row(100, ['Bußgeldbescheid', 56], ['Datum', 400], ['27.06.2014', 440]),
    ...row(130, ['Ihnen', 56], ['wird', 92], ['vorgeworfen,', 122], ['am', 200], ['08.06.2014', 218], ['um', 284], ['11:00', 302], ['Uhr', 336], ['eine', 362], ['Ordnungswidrigkeit', 392], ['begangen', 500], ['zu', 550], ['haben.', 566]),
    ...row(170, ['Geldbuße:', 300], ['80,00', 470], ['EUR', 510]),
    ...row(184, ['Gebühr:', 300], ['25,00', 470], ['EUR', 510]),
    ...row(198, ['Auslagen', 300], ['Verwaltung:', 354], ['3,50', 476], ['EUR', 510]),
    ...row(212, ['Auslagen', 300], ['der', 354], ['Polizei:', 378], ['0,00', 476], ['EUR', 510]),
    // Another column's text on the row's line is no part of its label.
    ...row(226, ['Hinweis:', 56], ['Punkte', 104], ['nach', 146], ['Rechtskraft', 176], ['sonstige', 300], ['Auslagen:', 354], ['0,00', 476], ['EUR', 510]),
    ...row(240, ['bereits', 300], ['gezahlt:', 348], ['0,00', 476], ['EUR', 510]),
    ...row(254, ['zu', 300], ['zahlender', 318], ['Betrag:', 378], [total, 464], ['EUR', 510]),
  ];
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map((w) => cell(w, source)) }] };
}

describe('zero rows of a fine notice’s cost list', () => {
  it('each printed zero of a list that adds up is a key number under its label; the payment already made is not', () => {
    for (const source of ['pdf', 'ocr'] as const) {
      const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice('108,50', source));
      assert.equal(a.key_numbers.auslagen?.value, '3,50 EUR', source);
      assert.equal(a.key_numbers.gesamtbetrag?.value, '108,50 EUR', source);
      assert.equal(a.key_numbers.auslagen_der_polizei?.value, '0,00 EUR', source);
      assert.equal(a.key_numbers.sonstige_auslagen?.value, '0,00 EUR', source);
      assert.ok(!Object.keys(a.key_numbers).some((k) => k.startsWith('bereits')), JSON.stringify(a.key_numbers));
      assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
    }
  });

  it('a list that does not add up gives no rows under labels', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice('118,50'));
    assert.equal(a.key_numbers.auslagen_der_polizei, undefined);
    assert.equal(a.key_numbers.sonstige_auslagen, undefined);
  });

  it('an item letter before a label is no part of its name', () => {
    assert.equal(labelKeyName('c) Sonstige Auslagen'), 'sonstige_auslagen');
    assert.equal(labelKeyName('ii. Zustellkosten'), 'zustellkosten');
    assert.equal(labelKeyName('a Gebühr'), 'a_gebuehr');
  });
});
