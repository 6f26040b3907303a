import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentPartySlot } from '../../../src/pipeline/stages/kontoauszug/party-slot.js';
import { idLine, labelledName, splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';

/**
 * Issue 21 (session 16): the counterparty of a description written as a sentence, of a block
 * whose id line stands first, of a type naming the paying bank, and of a brand set in lower
 * case — by structure, in wordings other than the blind families'.
 */
describe('counterparty in sentences, after id lines, and in lower case', () => {
  test('an id line (label and one token with figures) is no first line; the sentence below names the party', () => {
    assert.equal(idLine('Transaktion: TRANSFER-6030714276'), true);
    assert.equal(idLine('Beleg-Nr.: 4711'), true);
    assert.equal(idLine('Referenz: Urlaub Juni'), false);
    assert.equal(idLine('Empfänger: Anna Berg'), false);
    assert.deepEqual(splitCounterparty(['Vorgang: PAY-88123', 'Sent money to Anna Berg', 'Referenz: Geschenk']), {
      counterparty: 'Anna Berg',
      text: 'Vorgang: PAY-88123 Sent money to Referenz: Geschenk',
    });
  });

  test('the id line first does not take the slot: every posting still names its party', () => {
    const postings = [
      ['Vorgang: PAY-1', 'Received money from Jonas Weber', 'Referenz: Miete'],
      ['Vorgang: PAY-2', 'Card transaction of 9,99 EUR issued by Kiosk am Markt'],
      ['Vorgang: PAY-3', 'Sent money to Stadtwerke Nord GmbH', 'Referenz: Abschlag'],
      ['Vorgang: PAY-4', 'Card transaction of 4,50 EUR issued by Bäckerei Korn'],
    ];
    const slot = documentPartySlot(postings);
    assert.deepEqual(
      postings.map((p) => splitCounterparty(p, false, slot).counterparty),
      ['Jonas Weber', 'Kiosk am Markt', 'Stadtwerke Nord GmbH', 'Bäckerei Korn'],
    );
  });

  test('a card sentence names its merchant, figures in the name included; the amount in the sentence stays text', () => {
    assert.deepEqual(splitCounterparty(['Card transaction of 12,34 EUR issued by Tankstelle 24 Nord']), {
      counterparty: 'Tankstelle 24 Nord',
      text: 'Card transaction of 12,34 EUR issued by',
    });
  });

  test('a sentence whose name wraps onto a short line takes both; a labelled line below is no part of it', () => {
    assert.equal(splitCounterparty(['Incoming transfer from Nordlicht', 'Energie AG']).counterparty, 'Nordlicht Energie AG');
    assert.equal(splitCounterparty(['Received money from Peter Kurz', 'Referenz: Urlaub']).counterparty, 'Peter Kurz');
  });

  test('a fee sentence names no one', () => {
    assert.equal(splitCounterparty(['Kontogebühr / Account fee']).counterparty, '');
  });

  test('a type that names the paying bank (`Gutschrift von Fremdbank`) leaves the name to the line below', () => {
    assert.deepEqual(splitCounterparty(['Gutschrift von Fremdinstitut', 'Sportverein Blau-Weiß e.V.', 'Mitteilungen: Rückerstattung']), {
      counterparty: 'Sportverein Blau-Weiß e.V.',
      text: 'Gutschrift von Fremdinstitut Mitteilungen: Rückerstattung',
    });
  });

  test('a labelled brand set in lower case is a name; a lower-case word after a bare label is not', () => {
    assert.equal(labelledName('Empfänger: eBay Kleinanzeigen'), 'eBay Kleinanzeigen');
    assert.equal(labelledName('Zahlungsbeteiligter dm-drogerie markt'), 'dm-drogerie markt');
    assert.equal(labelledName('Empfänger unbekannt'), null);
  });
});
