import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { documentPartySlot } from '../../../src/pipeline/stages/kontoauszug/party-slot.js';

/** Where the counterparty stands is decided once per document from all its postings (issue 11). */
describe('counterparty slot from the whole document', () => {
  test('merchant first over repeating categories: the first line', () => {
    const postings = [
      ['ALDI SÜD', 'Visa Debit • Lebensmittel'],
      ['IKEA Deutschland', 'Visa Debit • Haushalt & Wohnen'],
      ['Lidl Dienstleistung', 'Visa Debit • Lebensmittel'],
      ['Shell Deutschland', 'Visa Debit • Mobilität'],
      ['REWE Markt GmbH', 'Visa Debit • Lebensmittel'],
    ];
    assert.equal(documentPartySlot(postings), 'first');
    assert.deepEqual(splitCounterparty(postings[0]!, false, 'first'), { counterparty: 'ALDI SÜD', text: 'Visa Debit • Lebensmittel' });
  });

  test('the name on the block’s last line, past references: the last slot', () => {
    const postings = [
      ['Dauerauftrag', 'Miete Juni 2025', 'Referenz 3421540539', 'Max Mustermann'],
      ['Lastschrift', 'Abschlag Strom Juni 2025', 'Stadtwerke München GmbH', 'Referenz 0099', 'Mandat M123'],
      ['Gehalt/Rente', 'Gehalt Juni 2025', 'Referenz 0353190337', 'Deutsche Rentenversicherung'],
      ['Dauerauftrag', 'Sparrate Juni 2025', 'Schneider, Petra'],
    ];
    assert.equal(documentPartySlot(postings), 'last');
    assert.deepEqual(splitCounterparty(postings[1]!, false, 'last'), {
      counterparty: 'Stadtwerke München GmbH',
      text: 'Lastschrift Abschlag Strom Juni 2025 Referenz 0099 Mandat M123',
    });
  });

  test('types the vocabulary does not know, on a line of their own: the second line', () => {
    const postings = [
      ['eBill', 'Swisscom (Schweiz) AG', 'Rechnung Nr. 938323463'],
      ['TWINT', 'Migros'],
      ['Dauerauftrag', 'Genossenschaft Sonnenhalde', 'Mietzins August 2025'],
      ['Lastschrift (LSV+)', 'Helsana Versicherungen AG', 'Prämie Juli 2025'],
      ['Gutschrift', 'Peter Schmid', 'Anteil Ferienwohnung'],
      ['TWINT', 'Denner AG'],
      ['eBill', 'Sunrise GmbH', 'Rechnung Nr. 851070743'],
    ];
    assert.equal(documentPartySlot(postings), 'second');
    assert.deepEqual(splitCounterparty(postings[0]!, false, 'second'), { counterparty: 'Swisscom (Schweiz) AG', text: 'eBill Rechnung Nr. 938323463' });
    // Issue 21: the slot is a prior, not a switch — without the document's evidence a posting
    // still names the line that reads clearly more like a name than its unknown type does.
    assert.equal(splitCounterparty(postings[0]!).counterparty, 'Swisscom (Schweiz) AG');
    // … but not a one-word line under it (a heading such as `Gutschriften`).
    assert.equal(splitCounterparty(['eBill', 'Gutschriften']).counterparty, '');
  });

  test('type and name on one line: each posting by its own content', () => {
    const postings = [
      ['Lastschrift Stadtwerke München', 'Abschlag März'],
      ['Überweisung Hausverwaltung Schmidt GmbH', 'Miete Wohnung'],
      ['Gutschrift Musterfirma GmbH', 'Gehalt März'],
      ['Kartenzahlung REWE Markt GmbH', 'Einkauf'],
    ];
    assert.equal(documentPartySlot(postings), 'auto');
  });

  test('a labelled name wins wherever it stands, and its line is no posting text', () => {
    assert.deepEqual(splitCounterparty(['Überweisung', 'Verwendungszweck: Miete', 'Empfänger: Schneider, Petra', 'IBAN: DE12 3456']), {
      counterparty: 'Schneider, Petra',
      text: 'Überweisung Verwendungszweck: Miete IBAN: DE12 3456',
    });
  });

  test('cash at a machine and account fees name no payee', () => {
    assert.equal(splitCounterparty(['Bargeldauszahlung', 'GA Musterstadt Hauptstr. 12']).counterparty, '');
    assert.equal(splitCounterparty(['Kontoführungsgebühr', 'Privatkonto']).counterparty, '');
  });
});
