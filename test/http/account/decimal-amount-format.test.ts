import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDecimalAmount } from '../../../src/http/account/format.js';

describe('amounts of the postings model on the account pages', () => {
  it('groups thousands and sets the decimal mark of the locale, exactly', () => {
    assert.equal(formatDecimalAmount('-1234567.89', 'EUR', 'de'), '−1.234.567,89 EUR');
    assert.equal(formatDecimalAmount('2288.00', 'EUR', 'en'), '2,288.00 EUR');
    assert.equal(formatDecimalAmount('0.05', 'CHF', 'de'), '0,05 CHF');
    // Beyond a float's exact range the digits are kept as printed.
    assert.equal(formatDecimalAmount('90071992547409.93', 'EUR', 'de'), '90.071.992.547.409,93 EUR');
  });

  it('shows anything else as it came', () => {
    assert.equal(formatDecimalAmount('12,5', 'EUR', 'de'), '12,5 EUR');
  });
});
