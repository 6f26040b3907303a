import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GenPosting, GenStatement } from '../../../scripts/fixtures/kontoauszug/data.js';
import type { Layout } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { postingTruth, printedIban } from '../../../scripts/fixtures/kontoauszug/posting-truth.js';

/** The fixtures' own ground truth for SPEC §8a fields: what the page prints, no more. */
describe('posting truth of the fixtures', () => {
  test('an Austrian IBAN (20 characters) ends where the IBAN ends, not in the next line or word', () => {
    assert.equal(printedIban(['AT61 1904 3002 3457 3201', 'Zahlungsreferenz: Vorschreibung Juni 2025']), 'AT611904300234573201');
    assert.equal(printedIban(['AT61 1904 3002 3457 3201 BIC RZOOAT2LXXX', 'Verwendungszweck: Miete']), 'AT611904300234573201');
    assert.equal(printedIban(['IBAN: DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX']), 'DE89370400440532013000');
    assert.equal(printedIban(['IBAN CH93 0076 2011 6238 5295 7']), 'CH9300762011623852957');
  });

  test('the reference account a deposit came from or goes back to is printed as its IBAN', () => {
    assert.equal(printedIban(['vom Referenzkonto DE89 3704 0044 0532 0130 00', 'Termingeld Nr. 12']), 'DE89370400440532013000');
  });

  test('`Referenz 1234…` is an end-to-end reference, `Referenz: Miete` the remittance text', () => {
    const day = { year: 2025, month: 10, day: 1 };
    const p = (purpose: string[]): GenPosting => ({ date: day, valueDate: day, type: 'Überweisung', counterparty: 'X', purpose, cents: -100 });
    const st: GenStatement = { bank: 'B', bic: '', holder: 'H', number: 1, start: day, end: day, accounts: [{ iban: '', kind: 'Girokonto', opening: 0, postings: [p(['Miete', 'Referenz 123456789012']), p(['Referenz: Miete'])] }] };
    const layout: Layout = { name: 'x', render: () => [], postings: [2, 2] };
    assert.deepEqual(postingTruth(layout, st)[0]!.map((t) => t.references.end_to_end_id), ['123456789012', null]);
  });

  test("value dates printed only where they differ from the booking date ('where-differs')", () => {
    const day = (d: number) => ({ year: 2025, month: 10, day: d });
    const p = (booked: number, value: number): GenPosting => ({ date: day(booked), valueDate: day(value), type: 'Lastschrift', counterparty: 'X', purpose: [], cents: -100 });
    const st: GenStatement = { bank: 'B', bic: '', holder: 'H', number: 1, start: day(1), end: day(31), accounts: [{ iban: '', kind: 'Girokonto', opening: 0, postings: [p(3, 3), p(4, 6)] }] };
    const layout: Layout = { name: 'x', render: () => [], postings: [2, 2], valueDates: 'where-differs' };
    assert.deepEqual(postingTruth(layout, st)[0]!.map((t) => t.valueDate), [null, '2025-10-06']);
  });
});
