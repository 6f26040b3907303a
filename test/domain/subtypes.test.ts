/** src/pipeline/stages/classify/subtypes.ts: the kind within a type, named in the summary. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headOf } from '../../src/pipeline/layout/letter-head.js';
import { subtypeOf } from '../../src/pipeline/stages/classify/subtypes.js';

const sub = (type: Parameters<typeof subtypeOf>[0], text: string) => subtypeOf(type, text, headOf(text)).id;

describe('subtypeOf', () => {
  it('tax assessments by tax', () => {
    assert.equal(sub('steuerbescheid', 'Finanzamt Fürth\nBescheid für 2025 über Einkommensteuer und Solidaritätszuschlag'), 'einkommensteuerbescheid');
    assert.equal(sub('steuerbescheid', 'Finanzamt Fürth\nBescheid für 2025 über Umsatzsteuer'), 'umsatzsteuerbescheid');
    assert.equal(sub('steuerbescheid', 'Stadt Fürth\nGewerbesteuerbescheid 2025'), 'gewerbesteuerbescheid');
  });
  it('collection agency vs. the creditor itself', () => {
    assert.equal(sub('mahnung', 'Sehr geehrter Herr Weiß,\nunsere Mandantin hat uns mit dem Einzug beauftragt.'), 'inkasso');
    assert.equal(sub('mahnung', 'Creditreform Inkasso GmbH\nMahnung'), 'inkasso');
    assert.equal(sub('mahnung', 'Stadtwerke Fürth\n2. Mahnung\nSehr geehrte Frau Weiß,'), 'mahnung');
    assert.equal(sub('mahnung', 'Versandhaus\nZahlungserinnerung\nSehr geehrte Frau Weiß,'), 'zahlungserinnerung');
  });
  it('employment, tenancy and other contracts', () => {
    assert.equal(sub('kuendigung', 'Kündigung Ihres Arbeitsverhältnisses\nSehr geehrte Frau Weiß,'), 'arbeitsverhaeltnis');
    assert.equal(sub('kuendigung', 'Kündigung des Mietverhältnisses über die Wohnung Königstraße 3\nSehr geehrte Frau Weiß,'), 'mietverhaeltnis');
    assert.equal(sub('kuendigung', 'Kündigung Ihrer Mitgliedschaft\nSehr geehrte Frau Weiß,'), 'vertrag');
    // The clause that terminates names the relationship; a lease named as the reason is context.
    assert.equal(sub('kuendigung', 'Kündigung Ihres Abonnements\nSehr geehrte Frau Weiß,\nunser Mietvertrag für die Halle endet. Deshalb kündigen wir Ihr Abo zum 31.12.2026.'), 'vertrag');
    assert.equal(sub('kuendigung', 'Sehr geehrte Frau Weiß,\nwir kündigen das Mietverhältnis über die Wohnung. Ihr Vertrag endet am 30.06.2026.'), 'mietverhaeltnis');
  });
  it('traffic letters: the name printed first decides', () => {
    assert.equal(sub('bussgeldbescheid', 'Stadt Münster\nBußgeldbescheid\nDatum der Anhörung: 08.04.2018\nSehr geehrter Herr'), 'bussgeldbescheid');
    assert.equal(sub('bussgeldbescheid', 'Landkreis Goslar\nAnhörung im Bußgeldverfahren\nSehr geehrter Herr, bevor ein Bußgeldbescheid ergeht'), 'anhoerung');
    assert.equal(sub('bussgeldbescheid', 'Stadt Köln\nVerwarnung mit Verwarnungsgeld\nSehr geehrter Herr'), 'verwarnung');
  });
});
