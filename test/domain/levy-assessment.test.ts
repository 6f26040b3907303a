/**
 * classify/assessment.ts (issue 22, batch E's 422): an authority that sets a public levy by a
 * Bescheid — a broadcasting fee, municipal charges, a chamber's contribution — prints what a
 * demand prints (Säumniszuschlag, Vollstreckung, "zahlen Sie bis …") and few tax words, yet it
 * is an assessment: it sets the amount (Festsetzung) and instructs on the remedy against itself.
 * Sent as a steuerbescheid it is read, not refused; the same authority's reminder, which sets
 * nothing and has no remedy, is still refused as one. The letters are written for this test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyText, supports } from '../../src/pipeline/stages/classify/classify.js';

const assessment = [
  'Stadt Kaiserslautern · Stadtkasse · Willy-Brandt-Platz 1 · 67657 Kaiserslautern',
  'Herrn Jonas Albrecht                         Kassenzeichen 5.0412.778',
  'Pirmasenser Straße 40                        Datum 12.05.2026',
  '67655 Kaiserslautern',
  '',
  'Gebührenbescheid über Straßenreinigung und Abwasser 2026',
  '',
  'Sehr geehrter Herr Albrecht,',
  'für das Grundstück Pirmasenser Straße 40 werden die folgenden Gebühren für 2026 festgesetzt:',
  'Straßenreinigung 24 m Frontlänge x 3,10 €            74,40 €',
  'Schmutzwasser 96 m³ x 2,35 €                         225,60 €',
  'Säumniszuschlag auf Rückstand 2025                    6,00 €',
  'Festgesetzter Betrag                                 306,00 €',
  'Bitte zahlen Sie den Betrag bis zum 15.06.2026. Zahlen Sie nicht, wird er im Wege der',
  'Verwaltungsvollstreckung beigetrieben.',
  '',
  'Rechtsbehelfsbelehrung',
  'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
  'Mit freundlichen Grüßen',
  'Stadtkasse Kaiserslautern',
].join('\n');

const reminder = [
  'Stadt Kaiserslautern · Stadtkasse · Willy-Brandt-Platz 1 · 67657 Kaiserslautern',
  'Herrn Jonas Albrecht                         Kassenzeichen 5.0412.778',
  'Pirmasenser Straße 40                        Datum 30.06.2026',
  '67655 Kaiserslautern',
  '',
  'Zahlungserinnerung',
  '',
  'Sehr geehrter Herr Albrecht,',
  'die mit Bescheid vom 12.05.2026 festgesetzten Gebühren sind am 15.06.2026 fällig geworden',
  'und noch nicht bezahlt:',
  'Rückstand                                            306,00 €',
  'Säumniszuschlag                                        3,00 €',
  'Bitte zahlen Sie 309,00 € bis zum 14.07.2026; danach leiten wir die Vollstreckung ein.',
  'Mit freundlichen Grüßen',
  'Stadtkasse Kaiserslautern',
].join('\n');

describe('a public levy set by a Bescheid', () => {
  it('reads as an assessment and is accepted as a steuerbescheid', () => {
    const c = classifyText(assessment);
    assert.equal(c.assessment, true);
    assert.ok(supports(c, 'steuerbescheid'), JSON.stringify(c.scores));
  });

  it('is still accepted as a mahnung: it demands the amount by a date', () => {
    assert.ok(supports(classifyText(assessment), 'mahnung'), JSON.stringify(classifyText(assessment).scores));
  });

  it('the same authority\'s reminder sets nothing, has no remedy, and is refused as a steuerbescheid', () => {
    const c = classifyText(reminder);
    assert.notEqual(c.assessment, true);
    assert.ok(!supports(c, 'steuerbescheid'), JSON.stringify(c.scores));
    assert.ok(supports(c, 'mahnung'), JSON.stringify(c.scores));
  });
});
