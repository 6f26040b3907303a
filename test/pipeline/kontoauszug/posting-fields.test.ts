import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isValidIBAN } from 'ibantools';
import { documentLines } from '../../../src/pipeline/layout/lines.js';
import { accountHolder } from '../../../src/pipeline/stages/kontoauszug/account-holder.js';
import { counterpartyAccount, printedIban } from '../../../src/pipeline/stages/kontoauszug/counterparty-account.js';
import { synthDoc } from './synthetic.js';
import { postingIds } from '../../../src/pipeline/stages/kontoauszug/posting-id.js';
import { postingType } from '../../../src/pipeline/stages/kontoauszug/posting-type.js';
import { centsToDecimal } from '../../../src/domain/money.js';
import { postingPurpose } from '../../../src/pipeline/stages/kontoauszug/purpose.js';
import { postingReferences } from '../../../src/pipeline/stages/kontoauszug/references.js';
import { ultimateParty } from '../../../src/pipeline/stages/kontoauszug/ultimate-party.js';

/**
 * The SPEC §8a field readers on posting texts as statements print them (the engine's lines
 * without dates and amounts). The whole pipeline on generated and real statements is in
 * postings-accounts.test.ts and postings-real-corpus.test.ts.
 */
describe('references (EREF+/MREF+/CRED+/KREF+ and their spelled-out forms)', () => {
  test('tagged fields on one line and on several, SVWZ as the remittance text', () => {
    const r = postingReferences(['EREF+123456789012', 'MREF+M12345678 CRED+DE98ZZZ09999999999', 'SVWZ+Abschlag Strom Juni', '2026 Kundennr 4711']);
    assert.deepEqual(r.references, { end_to_end_id: '123456789012', mandate_id: 'M12345678', creditor_id: 'DE98ZZZ09999999999', customer_reference: null });
    assert.equal(r.remittance, 'Abschlag Strom Juni 2026 Kundennr 4711');
  });

  test('tags glued to the text before them (KREF+…SVWZ+, …0SVWZ+) still separate', () => {
    const r = postingReferences(['KREF+HKCCS63499SVWZ+0000 0000 kraken.com']);
    assert.equal(r.references.customer_reference, 'HKCCS63499');
    assert.equal(r.remittance, '0000 0000 kraken.com');
  });

  test('an identifier wrapped at the SEPA line width continues on the next line, a short one does not', () => {
    const full = postingReferences(['EREF+2021012019031413000000028', '000014650', 'SVWZ+Gehalt']);
    assert.equal(full.references.end_to_end_id, '2021012019031413000000028000014650');
    const short = postingReferences(['EREF+4711', '2026 Miete', 'SVWZ+Miete']);
    assert.equal(short.references.end_to_end_id, '4711');
  });

  test('an identifier broken at a hyphen, its rest running into the next tag (DKB), is one identifier', () => {
    const r = postingReferences(['EREF+0123456/NVMA.G0920-', '16516511MREF+LA006161516CRED+DE13ZZ5616516516', 'SVWZ+016516161 SUMME']);
    assert.deepEqual(r.references, { end_to_end_id: '0123456/NVMA.G0920-16516511', mandate_id: 'LA006161516', creditor_id: 'DE13ZZ5616516516', customer_reference: null });
  });

  test('spelled-out labels, the value after the label or on the next line', () => {
    const r = postingReferences(['Miete März', 'End-to-End-Ref.:', '987654321098', 'Mandatsref: M77-2026', 'Gläubiger-ID:', 'DE12ZZZ00000123456', 'Kundenreferenz: K-2026-01']);
    assert.deepEqual(r.references, { end_to_end_id: '987654321098', mandate_id: 'M77-2026', creditor_id: 'DE12ZZZ00000123456', customer_reference: 'K-2026-01' });
    assert.equal(r.remittance, null);
    const postbank = postingReferences(['Miete Juni 2025', 'Referenz 4711081500', 'Mandat ABC123', 'Einreicher-ID DE55ZZZ00000012345']);
    assert.deepEqual(postbank.references, { end_to_end_id: '4711081500', mandate_id: 'ABC123', creditor_id: 'DE55ZZZ00000012345', customer_reference: null });
  });

  test('Deutsche Bank wording: Mand-ID is the mandate; a `Verwendungszweck/ Kundenreferenz` heading is no value', () => {
    const r = postingReferences(['Verwendungszweck/ Kundenreferenz', '. SHOP, Ihr Einkauf bei SHOP', 'PP.1111.PP PAYPAL', 'Gläubiger-ID LU96ZZZ0000000000000000058', 'Mand-ID 4WH2224N7HE64']);
    assert.deepEqual(r.references, { end_to_end_id: null, mandate_id: '4WH2224N7HE64', creditor_id: 'LU96ZZZ0000000000000000058', customer_reference: null });
  });

  test('a label wrapped away from its value by a column (`… 2026 Referenz` / `5953496215`) takes the next line', () => {
    assert.equal(postingReferences(['Einkommensteuer März 2026 Referenz', '5953496215']).references.end_to_end_id, '5953496215');
  });

  test('NOTPROVIDED and labels without a figure are no references', () => {
    const r = postingReferences(['EREF+NOTPROVIDED SVWZ+Einzahlung 06/26', 'Mandat wird erteilt']);
    assert.deepEqual(r.references, { end_to_end_id: null, mandate_id: null, creditor_id: null, customer_reference: null });
    assert.deepEqual(postingReferences([]).references, { end_to_end_id: null, mandate_id: null, creditor_id: null, customer_reference: null });
  });
});

describe('posting type (closed list, type_text as printed)', () => {
  // [Buchungstext, type, type_text]; the first printed line is the text up to ' / '.
  const cases: [string, string, string | null][] = [
    ['Lastschrift EREF+1 SVWZ+Strom', 'direct_debit', 'Lastschrift'],
    ['SEPA-Basislastschrift Strom', 'direct_debit', 'SEPA-Basislastschrift'],
    ['Rücklastschrift SVWZ+Strom', 'return', 'Rücklastschrift'],
    ['Kartenzahlung Einkauf', 'card_payment', 'Kartenzahlung'],
    ['Lastschrift aus Kartenzahlung', 'card_payment', 'Lastschrift'],
    ['Überweisung Miete', 'transfer', 'Überweisung'],
    ['Überweisungsauftrag Max Muster Auszahlung 009', 'transfer', 'Überweisungsauftrag'],
    ['Gutschrift / Erstattung Mai 2026', 'transfer', 'Gutschrift'],
    ['Dauerauftrag Miete', 'standing_order', 'Dauerauftrag'],
    ['Lohn, Gehalt, Rente / Gehalt Mai', 'salary', 'Lohn, Gehalt, Rente'],
    ['Bargeldauszahlung Geldautomat', 'cash_withdrawal', 'Bargeldauszahlung Geldautomat'],
    ['Bareinzahlung', 'cash_deposit', 'Bareinzahlung'],
    ['Entgelt Kontoführung 06/2026', 'fee', 'Entgelt Kontoführung'],
    ['Habenzinsen', 'interest', 'Habenzinsen'],
    ['Abschluss Rechnungsabschluss Zinsen', 'interest', 'Abschluss Rechnungsabschluss Zinsen'],
    ['Wertpapierabrechnung 4711', 'other', null],
  ];
  for (const [text, type, typeText] of cases) {
    test(`${text} → ${type}`, () => {
      const [first = '', ...rest] = text.split(' / ');
      assert.deepEqual(postingType([first, ...rest].join(' '), first, false, true), { type, type_text: typeText });
    });
  }

  test('a merchant of a card statement without a type word is a card payment; without a name, other', () => {
    assert.deepEqual(postingType('', '', true, true), { type: 'card_payment', type_text: null });
    assert.deepEqual(postingType('USD 12,00 1,0931', 'USD 12,00 1,0931', false, false), { type: 'other', type_text: null });
  });
});

describe('counterparty account (ibantools)', () => {
  test('a checksum-valid IBAN, spaced or not, in electronic format; the BIC after its label', () => {
    assert.ok(isValidIBAN('DE89370400440532013000'));
    assert.deepEqual(counterpartyAccount('Miete IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX', null), { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    assert.equal(printedIban('Sepa Direct Debit transfer to (DE02120300000000202051)', null), 'DE02120300000000202051');
    assert.equal(printedIban('IBAN: AT61 1904 3002 3457 3201', null), 'AT611904300234573201');
  });

  test('an IBAN whose check digits fail is null, never repaired; the account’s own IBAN is not the counterparty’s', () => {
    assert.equal(printedIban('IBAN DE12 3704 0044 0532 0130 00', null), null);
    assert.equal(printedIban('Übertrag IBAN DE89370400440532013000', 'DE89370400440532013000'), null);
    // A creditor identifier (DE98ZZZ…) is no IBAN.
    assert.equal(printedIban('CRED+DE98ZZZ09999999999', null), null);
  });

  test('a BIC without its label, or one ibantools refuses, is null', () => {
    assert.equal(counterpartyAccount('COBADEFFXXX Zahlung', null).bic, null);
    assert.equal(counterpartyAccount('BIC 1234DEFF', null).bic, null);
  });
});

describe('ultimate party behind a payment service', () => {
  test('the shop named in a PayPal, Klarna or Amazon Payments text', () => {
    assert.equal(ultimateParty('PayPal Europe S.a.r.l. et Cie S.C.A', '1040466811173 PP.4645.PP . Uber BV, Ihr Einkauf bei Uber BV'), 'Uber BV');
    assert.equal(ultimateParty('Klarna Bank AB', 'Ihre Bestellung bei Musterhändler GmbH, Bestellnr 4711'), 'Musterhändler GmbH');
    assert.equal(ultimateParty('PAYPAL *BEISPIELSHOP, 38888899999', ''), 'BEISPIELSHOP');
    // The name ends before a reference number (`… bei BLUME2000DE YYW1011587937099 PAYPAL`).
    assert.equal(ultimateParty('PayPal (Europe) S.a.r.l. et Cie., S.C.A.', '. BLUME2000DE, Ihr Einkauf bei BLUME2000DE YYW1011587937099 PAYPAL'), 'BLUME2000DE');
  });

  test('no payment service, or no shop named: null', () => {
    assert.equal(ultimateParty('REWE Markt GmbH', 'Einkauf bei REWE'), null);
    assert.equal(ultimateParty('PayPal Europe S.a.r.l.', 'Mobilfunk Rechnung Juni 2026'), null);
  });
});

describe('posting ids (SPEC §8a)', () => {
  const base = { accountIban: 'DE89370400440532013000', bookingDate: '2026-06-03', cents: -1299, endToEndId: null, counterpartyIban: null, counterpartyName: 'REWE Markt GmbH' };
  test('equal postings of one day differ by the occurrence counter; the same list gives the same ids', () => {
    const ids = postingIds([base, { ...base }, { ...base, cents: -500 }]);
    assert.equal(new Set(ids).size, 3);
    assert.deepEqual(postingIds([base, { ...base }, { ...base, cents: -500 }]), ids);
    assert.match(ids[0]!, /^[0-9a-f]{20}$/u);
  });

  test('the id does not depend on the postings before it of other days or amounts (overlapping statements)', () => {
    const other = { ...base, bookingDate: '2026-06-01', cents: -4200 };
    assert.equal(postingIds([other, base])[1], postingIds([base])[0]);
  });

  test('the end-to-end reference, else the counterparty IBAN, else the name is the key', () => {
    const [a, b] = postingIds([{ ...base, endToEndId: 'E1' }, { ...base, endToEndId: 'E2' }]);
    assert.notEqual(a, b);
    assert.equal(postingIds([{ ...base, counterpartyName: 'rewe  markt gmbh' }])[0], postingIds([base])[0]);
    assert.notEqual(postingIds([{ ...base, accountIban: 'DE02120300000000202051' }])[0], postingIds([base])[0]);
  });
});

describe('purpose and amounts', () => {
  test('the purpose without SVWZ: the Buchungstext without type and fields', () => {
    assert.equal(postingPurpose('Überweisung Miete Juni 2026 IBAN: DE89370400440532013000 BIC: COBADEFFXXX Mandatsreferenz: M123', 'Überweisung'), 'Miete Juni 2026');
    assert.equal(postingPurpose('Entgelt', 'Entgelt'), null);
  });

  test('decimal amounts with a dot and a leading minus for debits', () => {
    assert.equal(centsToDecimal(-123456), '-1234.56');
    assert.equal(centsToDecimal(5), '0.05');
    assert.equal(centsToDecimal(200000), '2000.00');
  });
});

describe('account holder', () => {
  test('labelled, with the name in its cell or the next', () => {
    assert.equal(accountHolder(documentLines(synthDoc([[50, 60, 'Sparkasse Musterstadt'], [320, 80, 'Kontoinhaber: Anna Schulz']]))), 'Anna Schulz');
    assert.equal(accountHolder(documentLines(synthDoc([[50, 80, 'Kontoinhaber'], [200, 80, 'Jürgen Becker']]))), 'Jürgen Becker');
  });

  test('the name line of the address block, the salutation dropped', () => {
    const lines = documentLines(synthDoc([[56, 60, 'Sparkasse Musterstadt'], [56, 90, 'Herrn'], [56, 100, 'Max Mustermann'], [56, 113, 'Hauptstraße 12'], [56, 126, '80331 München']]));
    assert.equal(accountHolder(lines), 'Max Mustermann');
  });

  test('a label word in a sentence, two columns run together, or no address: null', () => {
    assert.equal(accountHolder(documentLines(synthDoc([[50, 80, 'Die Bank wird den Kontoinhaber in regelmäßigen Zeitabständen unterrichten.']]))), null);
    assert.equal(accountHolder(documentLines(synthDoc([[56, 100, 'Ortsteil Manuel Jahna'], [56, 113, 'Strasse 7 Marktplatz 7'], [56, 126, '99999 Stadt 97461 Hofheim']]))), null);
    assert.equal(accountHolder(documentLines(synthDoc([[56, 100, 'Kontoauszug 3/2026']]))), null);
  });
});
