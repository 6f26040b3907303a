import type { AccountRecord, PostingRecord, PostingType } from '../../../src/pipeline/model/result.js';

/**
 * Postings-model accounts (SPEC §8a) for the export tests, built by hand so that every awkward
 * case is present: several accounts, credits and debits, returns, umlauts and ß, purposes longer
 * than any one field, missing IBAN, value date and references, XML's special characters, a
 * spreadsheet formula in a name, and an account that does not reconcile.
 */
let counter = 0;

export function posting(fields: Partial<PostingRecord> & { amount: string; booking_date: string; type?: PostingType }): PostingRecord {
  counter += 1;
  return {
    id: `pst_${String(counter).padStart(6, '0')}`,
    value_date: fields.booking_date,
    currency: 'EUR',
    counterparty: { name: null, iban: null, bic: null, ultimate: null },
    type: 'transfer',
    type_text: null,
    purpose: null,
    references: { end_to_end_id: null, mandate_id: null, creditor_id: null, customer_reference: null },
    text: '',
    evidence: { page: 1, box: [0.05, 0.3, 0.95, 0.33], source: 'text_layer', confidence: 1, verified: 'reconciled' },
    ...fields,
  };
}

const LONG_PURPOSE =
  'Rechnung 2026-0815 vom 03.01.2026 Kundennummer 4711 Abschlag Strom und Gas für die Wohnung in der Müllerstraße 12, ' +
  'Vertragskonto 123456789, Zählernummer 1ESY1160123456, Zeitraum Januar bis Dezember 2026, bitte Rechnung beachten';

export function giroAccount(): AccountRecord {
  const postings = [
    posting({
      booking_date: '2026-01-02',
      value_date: '2026-01-02',
      amount: '2450.00',
      type: 'salary',
      type_text: 'Gehalt',
      counterparty: { name: 'Muster & Söhne GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', ultimate: null },
      purpose: 'Gehalt Januar 2026',
      references: { end_to_end_id: 'LOHN-2026-01-4711', mandate_id: null, creditor_id: null, customer_reference: null },
      text: 'Gehalt Muster & Söhne GmbH Gehalt Januar 2026 EREF+LOHN-2026-01-4711',
    }),
    posting({
      booking_date: '2026-01-05',
      value_date: '2026-01-03',
      amount: '-89.90',
      type: 'direct_debit',
      type_text: 'Lastschrift',
      counterparty: { name: 'Stadtwerke Überlingen <Energie> "Strom"', iban: 'DE02500105170137075030', bic: 'INGDDEFFXXX', ultimate: null },
      purpose: LONG_PURPOSE,
      references: {
        end_to_end_id: 'E2E-STROM-2026-01-000000000000000000000-ZU-LANG',
        mandate_id: 'MANDAT-0042',
        creditor_id: 'DE98ZZZ09999999999',
        customer_reference: 'KREF-77',
      },
      text: `Lastschrift Stadtwerke Überlingen ${LONG_PURPOSE}`,
    }),
    posting({
      booking_date: '2026-01-07',
      value_date: null,
      amount: '-23.45',
      type: 'card_payment',
      type_text: 'Kartenzahlung',
      counterparty: { name: 'PayPal Europe S.a.r.l. et Cie S.C.A', iban: null, bic: null, ultimate: 'Bäckerei Groß' },
      purpose: "Brötchen & Kaffee 'to go'",
      text: "Kartenzahlung PayPal Bäckerei Groß Brötchen & Kaffee 'to go'",
    }),
    posting({
      booking_date: '2026-01-07',
      amount: '-23.45',
      type: 'card_payment',
      type_text: 'Kartenzahlung',
      counterparty: { name: '=HYPERLINK("http://evil.example")', iban: null, bic: null, ultimate: null },
      purpose: '+49 30 1234567; @home -minus',
      text: 'Kartenzahlung =HYPERLINK("http://evil.example")',
    }),
    posting({
      booking_date: '2026-01-12',
      amount: '89.90',
      type: 'return',
      type_text: 'Rücklastschrift',
      counterparty: { name: 'Stadtwerke Überlingen', iban: 'DE02500105170137075030', bic: null, ultimate: null },
      purpose: 'Rückgabe Lastschrift MANDAT-0042 Widerspruch',
      references: { end_to_end_id: null, mandate_id: 'MANDAT-0042', creditor_id: null, customer_reference: null },
      text: 'Rücklastschrift Stadtwerke Überlingen Rückgabe Lastschrift',
    }),
    posting({
      booking_date: '2026-01-15',
      amount: '-200.00',
      type: 'cash_withdrawal',
      type_text: 'Bargeldauszahlung',
      purpose: null,
      text: 'Bargeldauszahlung GA 12345 Berlin',
    }),
    posting({ booking_date: '2026-01-31', amount: '-4.95', type: 'fee', type_text: 'Entgelt', text: 'Entgelt Kontoführung' }),
    posting({ booking_date: '2026-01-31', amount: '0.12', type: 'interest', type_text: 'Zinsen', text: 'Habenzinsen' }),
    posting({
      booking_date: '2026-01-31',
      amount: '-1234.56',
      type: 'standing_order',
      type_text: 'Dauerauftrag',
      counterparty: { name: 'Hausverwaltung Weiß KG', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', ultimate: null },
      purpose: 'Miete Februar Whg. 3 OG links',
      text: 'Dauerauftrag Hausverwaltung Weiß KG Miete Februar',
    }),
  ];
  // 1000.00 + 2450.00 − 89.90 − 23.45 − 23.45 + 89.90 − 200.00 − 4.95 + 0.12 − 1234.56 = 1963.71
  return {
    iban: 'DE75512108001245126199',
    bic: 'GENODEF1S04',
    holder: 'Anna Weiß',
    bank: 'Volksbank Überall eG',
    currency: 'EUR',
    period: { start: '2026-01-01', end: '2026-01-31' },
    opening_balance: { amount: '1000.00', date: '2025-12-31', evidence: null },
    closing_balance: { amount: '1963.71', date: '2026-01-31', evidence: null },
    reconciled: true,
    postings,
  };
}

/** A savings account without a printed IBAN, a negative opening balance and no value dates. */
export function accountWithoutIban(): AccountRecord {
  return {
    iban: null,
    bic: null,
    holder: null,
    bank: null,
    currency: 'EUR',
    period: { start: null, end: null },
    opening_balance: { amount: '-50.00', date: null, evidence: null },
    closing_balance: { amount: '25.00', date: null, evidence: null },
    reconciled: true,
    postings: [
      posting({ booking_date: '2026-02-03', value_date: null, amount: '75.00', type: 'cash_deposit', type_text: 'Bareinzahlung', text: 'Bareinzahlung' }),
    ],
  };
}

/** An account whose postings do not add up to its printed closing balance (a posting was missed). */
export function unreconciledAccount(): AccountRecord {
  return {
    iban: 'AT611904300234573201',
    bic: null,
    holder: 'Café Zürich OG',
    bank: 'Bank Austria',
    currency: 'EUR',
    period: { start: '2026-03-01', end: '2026-03-31' },
    opening_balance: { amount: '500.00', date: '2026-02-28', evidence: null },
    closing_balance: { amount: '700.00', date: '2026-03-31', evidence: null },
    reconciled: false,
    postings: [
      posting({
        booking_date: '2026-03-10',
        amount: '150.00',
        type: 'other',
        type_text: null,
        counterparty: { name: 'Ämter & Behörden', iban: null, bic: null, ultimate: null },
        text: 'Gutschrift Ämter & Behörden',
      }),
    ],
  };
}

/** An excerpt: no balances printed at all, one with only the closing balance. */
export function excerptAccounts(): AccountRecord[] {
  const base = {
    iban: 'DE89370400440532013000',
    bic: null,
    holder: null,
    bank: null,
    currency: 'EUR',
    period: { start: null, end: null },
    reconciled: false,
  };
  return [
    { ...base, opening_balance: null, closing_balance: null, postings: [posting({ booking_date: '2026-04-01', amount: '-10.00', type: 'fee', text: 'Gebühr' })] },
    {
      ...base,
      opening_balance: null,
      closing_balance: { amount: '90.00', date: '2026-04-30', evidence: null },
      postings: [posting({ booking_date: '2026-04-02', amount: '-10.00', type: 'fee', text: 'Gebühr' })],
    },
  ];
}

export function allFixtureAccounts(): AccountRecord[] {
  return [giroAccount(), accountWithoutIban(), unreconciledAccount(), ...excerptAccounts()];
}
