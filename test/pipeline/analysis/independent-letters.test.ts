/**
 * Letters the rules were not written against: the six sample documents of
 * test/support/sample-texts.ts (written by another engineer for the classifier), laid out as
 * monospace pages. Expected values are what
 * each letter prints; expected flags are what its facts give cause for under the legal rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textDocument } from '../../../scripts/fixtures/analysis/text-document.js';
import type { AnalysisDocumentType } from '../../../src/domain/document-types.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { kuendigungAnalyzer } from '../../../src/pipeline/stages/analysis/kuendigung/index.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { mahnungAnalyzer } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { steuerbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/steuerbescheid/index.js';
import { classifyText, supports } from '../../../src/pipeline/stages/classify/classify.js';
import { documentText } from '../../../src/pipeline/layout/text-lines.js';
import { analyzeLetter } from '../../support/analyze-letter.js';
import { SAMPLE_TEXTS } from '../../support/sample-texts.js';

const LETTERS: Record<AnalysisDocumentType, { text: string; keys: Record<string, string>; flags: string[]; subtype: RegExp }> = {
  steuerbescheid: {
    text: SAMPLE_TEXTS.steuerbescheid,
    keys: { steuerjahr: '2025', bescheiddatum: '14.05.2026', festgesetzte_einkommensteuer: '9.876,00 €', solidaritaetszuschlag: '0,00 €', kirchensteuer: '790,08 €', zu_versteuerndes_einkommen: '48.112 €', erstattung: '323,92 €' },
    flags: ['einspruchsfrist', 'vorlaeufigkeit'],
    subtype: /^Einkommensteuerbescheid für 2025 von Finanzamt Nürnberg-Süd vom 14\.05\.2026\./,
  },
  lohnabrechnung: {
    text: SAMPLE_TEXTS.lohnabrechnung,
    keys: { abrechnungszeitraum: 'März 2026', steuerklasse: '4', gesamtbrutto: '4.140,00', lohnsteuer: '612,25', solidaritaetszuschlag: '0,00', kirchensteuer: '48,98', krankenversicherung: '360,18', rentenversicherung: '385,02', arbeitslosenversicherung: '53,82', pflegeversicherung: '74,52', nettoverdienst: '2.605,23', auszahlungsbetrag: '2.565,23' },
    flags: [],
    subtype: /^Gehaltsabrechnung für März 2026 von Müller & Söhne GmbH\./,
  },
  mahnung: {
    text: SAMPLE_TEXTS.mahnung,
    keys: { schreibdatum: '10.04.2026', hauptforderung: '249,90 €', mahngebuehren: '5,00 €', inkassokosten: '70,20 €', zinsen: '4,12 €', gesamtforderung: '329,22 €', zahlungsfrist: '24.04.2026' },
    // 70,20 € exceed the cap for 249,90 € (0,9 × 51,50 € + 20 % + 19 % VAT = 66,19 €).
    flags: ['inkassokosten', 'zahlungsfrist', 'mahnbescheid_angedroht'],
    subtype: /^Inkassoschreiben von Inkasso Nordbayern GmbH vom 10\.04\.2026\./,
  },
  kuendigung: {
    text: SAMPLE_TEXTS.kuendigung,
    keys: { schreibdatum: '27.03.2026', beendigungsdatum: '30.06.2026' },
    flags: ['klagefrist', 'arbeitssuchend_melden'],
    subtype: /^Kündigung eines Arbeitsverhältnisses von Müller & Söhne GmbH vom 27\.03\.2026\./,
  },
  bussgeldbescheid: {
    text: SAMPLE_TEXTS.bussgeldbescheid,
    keys: { bescheiddatum: '02.04.2026', tatdatum: '11.03.2026', geldbusse: '150,00 €', gebuehren: '28,50 €', auslagen: '3,50 €', gesamtbetrag: '182,00 €', punkte: '1' },
    flags: ['einspruchsfrist', 'punkte'],
    subtype: /^Bußgeldbescheid von Zentrale Bußgeldstelle im Bayerischen Polizeiverwaltungsamt vom 02\.04\.2026 wegen einer Tat am 11\.03\.2026\./,
  },
};

const ANALYZERS = {
  steuerbescheid: steuerbescheidAnalyzer,
  lohnabrechnung: lohnabrechnungAnalyzer,
  mahnung: mahnungAnalyzer,
  kuendigung: kuendigungAnalyzer,
  bussgeldbescheid: bussgeldbescheidAnalyzer,
} as const;

describe('analysis of letters written independently of the rules', () => {
  for (const [type, letter] of Object.entries(LETTERS) as [AnalysisDocumentType, (typeof LETTERS)[AnalysisDocumentType]][]) {
    it(`${type}: every printed key number, the flags its facts give cause for, the summary`, () => {
      const doc = textDocument(letter.text);
      assert.ok(supports(classifyText(documentText(doc)), type));
      const analysis: Analysis = analyzeLetter(ANALYZERS[type] as typeof steuerbescheidAnalyzer, type, doc);
      const got = Object.fromEntries(Object.entries(analysis.key_numbers).map(([k, v]) => [k, v.value]));
      assert.deepEqual(got, letter.keys);
      assert.ok(Object.values(analysis.key_numbers).every((k) => k.page === 1));
      assert.deepEqual(analysis.review_flags.map((f) => f.topic).sort(), [...letter.flags].sort());
      assert.match(analysis.summary, letter.subtype);
    });
  }

  it('deadline descriptions carry the computed dates', () => {
    const flags = (type: AnalysisDocumentType) => analyzeLetter(ANALYZERS[type] as typeof steuerbescheidAnalyzer, type, textDocument(LETTERS[type].text)).review_flags;
    assert.match(flags('steuerbescheid').find((f) => f.topic === 'einspruchsfrist')!.description, /bis zum 18\.06\.2026.*am 18\.05\.2026/);
    assert.match(flags('kuendigung').find((f) => f.topic === 'klagefrist')!.description, /bis zum 17\.04\.2026/);
    assert.match(flags('kuendigung').find((f) => f.topic === 'arbeitssuchend_melden')!.description, /30\.03\.2026/);
    assert.match(flags('bussgeldbescheid').find((f) => f.topic === 'einspruchsfrist')!.description, /bis zum 16\.04\.2026/);
    assert.match(flags('mahnung').find((f) => f.topic === 'inkassokosten')!.description, /66,19 €/);
  });
});
