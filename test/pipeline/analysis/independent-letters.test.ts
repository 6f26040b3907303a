/**
 * Letters the rules were not written against: the six sample documents of
 * test/domain/classify.test.ts (written by another engineer for the classifier, copied here
 * verbatim for the five analysis types), laid out as monospace pages. Expected values are what
 * each letter prints; expected flags are what its facts give cause for under the legal rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textDocument } from '../../../scripts/fixtures/analysis/text-document.js';
import type { AnalysisDocumentType } from '../../../src/domain/document-types.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { analyze } from '../../../src/pipeline/stages/analysis/common/analysis-stage.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { kuendigungAnalyzer } from '../../../src/pipeline/stages/analysis/kuendigung/index.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { mahnungAnalyzer } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { steuerbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/steuerbescheid/index.js';
import { classifyText, documentText, supports } from '../../../src/pipeline/stages/classify/classify.js';

const LETTERS: Record<AnalysisDocumentType, { text: string; keys: Record<string, string>; flags: string[]; subtype: RegExp }> = {
  steuerbescheid: {
    text: `Finanzamt Nürnberg-Süd   Sandstraße 20   90443 Nürnberg
Steuernummer 241/123/45678   Datum 14.05.2026
Herrn und Frau Jürgen und Anna Weiß
Bescheid für 2025 über Einkommensteuer, Solidaritätszuschlag und Kirchensteuer
Festsetzung                      Einkommensteuer   Solidaritätszuschlag   Kirchensteuer ev
festgesetzt werden                 9.876,00 €             0,00 €             790,08 €
Besteuerungsgrundlagen: Einkünfte aus nichtselbständiger Arbeit 52.340 €
Zu versteuerndes Einkommen 48.112 €
Abrechnung: bereits gezahlt 10.990,00 €; Erstattung 323,92 €. Der Betrag wird auf Ihr Konto überwiesen.
Die Festsetzung ist nach § 165 Abs. 1 Satz 2 AO vorläufig hinsichtlich ...
Rechtsbehelfsbelehrung: Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist für die
Einlegung des Einspruchs beträgt einen Monat ab Bekanntgabe dieses Bescheids.`,
    keys: { steuerjahr: '2025', bescheiddatum: '14.05.2026', festgesetzte_einkommensteuer: '9.876,00 €', solidaritaetszuschlag: '0,00 €', kirchensteuer: '790,08 €', zu_versteuerndes_einkommen: '48.112 €', erstattung: '323,92 €' },
    flags: ['einspruchsfrist', 'vorlaeufigkeit'],
    subtype: /^Einkommensteuerbescheid für 2025 von Finanzamt Nürnberg-Süd vom 14\.05\.2026\./,
  },
  lohnabrechnung: {
    text: `Müller & Söhne GmbH · Industriestraße 12 · 90765 Fürth
Verdienstabrechnung März 2026
Personal-Nr. 00421   Frau Anna Weiß   Eintritt 01.09.2019   Steuerklasse 4   Kinderfreibetrag 1,0   Konfession ev
Bezeichnung                 Menge    Betrag
Gehalt                               4.100,00
VWL Arbeitgeberanteil                   40,00
Gesamtbrutto                         4.140,00
Steuerrechtliche Abzüge: Lohnsteuer 612,25  Solidaritätszuschlag 0,00  Kirchensteuer 48,98
Sozialversicherung: KV-Beitrag 360,18  RV-Beitrag 385,02  AV-Beitrag 53,82  PV-Beitrag 74,52
Nettoverdienst                       2.605,23
VWL-Überweisung                        -40,00
Auszahlungsbetrag                    2.565,23   überwiesen auf DE12 7625 0000 0012 3456 78
Urlaub: Anspruch 30 Tage, genommen 6, Rest 24`,
    keys: { abrechnungszeitraum: 'März 2026', steuerklasse: '4', gesamtbrutto: '4.140,00', lohnsteuer: '612,25', solidaritaetszuschlag: '0,00', kirchensteuer: '48,98', krankenversicherung: '360,18', rentenversicherung: '385,02', arbeitslosenversicherung: '53,82', pflegeversicherung: '74,52', nettoverdienst: '2.605,23', auszahlungsbetrag: '2.565,23' },
    flags: [],
    subtype: /^Gehaltsabrechnung für März 2026 von Müller & Söhne GmbH\./,
  },
  mahnung: {
    text: `Inkasso Nordbayern GmbH · Postfach 1122 · 90002 Nürnberg
Herrn Jürgen Weiß, Straße der Einheit 5, 90762 Fürth
Nürnberg, 10.04.2026   Unser Zeichen: IK-2026-0815
Forderung der Versandhaus Quelle-Nachfolger AG aus Rechnung Nr. 55123 vom 12.01.2026
Sehr geehrter Herr Weiß,
unsere Mandantin hat uns mit dem Einzug der oben genannten Forderung beauftragt. Trotz Mahnung
unserer Mandantin haben Sie den offenen Betrag bisher nicht beglichen.
Hauptforderung 249,90 €   Mahnkosten der Gläubigerin 5,00 €   Inkassokosten 70,20 €
Verzugszinsen 4,12 €   Gesamtforderung 329,22 €
Bitte überweisen Sie den Gesamtbetrag bis zum 24.04.2026 auf das unten genannte Konto.
Andernfalls werden wir unserer Mandantin empfehlen, das gerichtliche Mahnverfahren einzuleiten.
Mit freundlichen Grüßen`,
    keys: { schreibdatum: '10.04.2026', hauptforderung: '249,90 €', mahngebuehren: '5,00 €', inkassokosten: '70,20 €', zinsen: '4,12 €', gesamtforderung: '329,22 €', zahlungsfrist: '24.04.2026' },
    // 70,20 € exceed the cap for 249,90 € (0,9 × 51,50 € + 20 % + 19 % VAT = 66,19 €).
    flags: ['inkassokosten', 'zahlungsfrist', 'mahnbescheid_angedroht'],
    subtype: /^Inkassoschreiben von Inkasso Nordbayern GmbH vom 10\.04\.2026\./,
  },
  kuendigung: {
    text: `Müller & Söhne GmbH · Personalabteilung · Industriestraße 12 · 90765 Fürth
Frau Anna Weiß, Straße der Einheit 5, 90762 Fürth
Fürth, 27.03.2026
Kündigung Ihres Arbeitsverhältnisses
Sehr geehrte Frau Weiß,
hiermit kündigen wir das mit Ihnen bestehende Arbeitsverhältnis ordentlich und fristgerecht
zum 30.06.2026, hilfsweise zum nächstmöglichen Zeitpunkt. Der Betriebsrat wurde vor Ausspruch
der Kündigung angehört.
Wir weisen Sie darauf hin, dass Sie verpflichtet sind, sich spätestens drei Monate vor der
Beendigung des Arbeitsverhältnisses persönlich bei der Agentur für Arbeit arbeitsuchend zu melden.
Ihren Resturlaub bitten wir bis zum Ende der Kündigungsfrist zu nehmen. Ein qualifiziertes
Arbeitszeugnis erhalten Sie mit der letzten Abrechnung.
Mit freundlichen Grüßen   i. A. Hans Schäfer, Personalleiter`,
    keys: { schreibdatum: '27.03.2026', beendigungsdatum: '30.06.2026' },
    flags: ['klagefrist', 'arbeitssuchend_melden'],
    subtype: /^Kündigung eines Arbeitsverhältnisses von Müller & Söhne GmbH vom 27\.03\.2026\./,
  },
  bussgeldbescheid: {
    text: `Zentrale Bußgeldstelle im Bayerischen Polizeiverwaltungsamt · Postfach 13 46 · 94281 Viechtach
Herrn Jürgen Weiß, Straße der Einheit 5, 90762 Fürth
Aktenzeichen 7.1234567.8   Datum 02.04.2026
Bußgeldbescheid
Sehr geehrter Herr Weiß, Ihnen wird vorgeworfen, am 11.03.2026 um 14:32 Uhr in Fürth,
Würzburger Straße, als Führer des PKW mit dem Kennzeichen FÜ-JW 123 folgende
Verkehrsordnungswidrigkeit nach § 24 StVG begangen zu haben:
Sie überschritten die zulässige Höchstgeschwindigkeit innerhalb geschlossener Ortschaften um 23 km/h.
§ 41 Abs. 1 iVm Anlage 2, § 49 StVO; § 24 Abs. 1, 3 Nr. 5 StVG; 11.3.4 BKat
Geldbuße 150,00 €   Gebühren 28,50 €   Auslagen 3,50 €   Gesamtbetrag 182,00 €
Im Fahreignungsregister wird 1 Punkt eingetragen.
Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb von zwei Wochen nach Zustellung
Einspruch nach § 67 OWiG eingelegt werden.`,
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
      const analysis: Analysis = analyze(ANALYZERS[type] as typeof steuerbescheidAnalyzer, doc);
      const got = Object.fromEntries(Object.entries(analysis.key_numbers).map(([k, v]) => [k, v.value]));
      assert.deepEqual(got, letter.keys);
      assert.ok(Object.values(analysis.key_numbers).every((k) => k.page === 1));
      assert.deepEqual(analysis.review_flags.map((f) => f.topic).sort(), [...letter.flags].sort());
      assert.match(analysis.summary, letter.subtype);
    });
  }

  it('deadline descriptions carry the computed dates', () => {
    const flags = (type: AnalysisDocumentType) => analyze(ANALYZERS[type] as typeof steuerbescheidAnalyzer, textDocument(LETTERS[type].text)).review_flags;
    assert.match(flags('steuerbescheid').find((f) => f.topic === 'einspruchsfrist')!.description, /bis zum 18\.06\.2026.*am 18\.05\.2026/);
    assert.match(flags('kuendigung').find((f) => f.topic === 'klagefrist')!.description, /bis zum 17\.04\.2026/);
    assert.match(flags('kuendigung').find((f) => f.topic === 'arbeitssuchend_melden')!.description, /30\.03\.2026/);
    assert.match(flags('bussgeldbescheid').find((f) => f.topic === 'einspruchsfrist')!.description, /bis zum 16\.04\.2026/);
    assert.match(flags('mahnung').find((f) => f.topic === 'inkassokosten')!.description, /66,19 €/);
  });
});
