import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * The merchant behind a payment service (SPEC §8a `counterparty.ultimate`): a payment through
 * PayPal, Klarna, Amazon Payments, Sofort, Stripe, Adyen, Mollie, Unzer, Ratepay … names the
 * payment service as the counterparty and the shop in its text ("PayPal Europe S.a.r.l. …
 * Ihr Einkauf bei Musterhändler", card descriptors `PAYPAL *MUSTERSHOP`).
 *
 * Contract: only where the counterparty or the text names a payment service, and only the
 * name the text gives after `Einkauf bei` / `Bestellung bei` / `Kauf bei` / `Zahlung an` (up to
 * a comma, a sentence's end, a reference field or a word with a long run of figures), or the
 * descriptor after `*`; null otherwise (never guessed from the purpose).
 */
const SERVICE = vocab.paymentService;
const AT_SHOP = vocab.atShop;
const DESCRIPTOR = /\b(?:PAYPAL|KLARNA|AMZN|STRIPE|MOLLIE)\s*\*\s*([A-Z0-9][\w.&' -]*?)(?=\s*(?:,|\s\d|$))/iu;

export function ultimateParty(counterparty: string, text: string): string | null {
  if (!SERVICE.test(counterparty) && !SERVICE.test(text)) return null;
  const all = `${counterparty} ${text}`;
  const name = (AT_SHOP.exec(text)?.[1] ?? DESCRIPTOR.exec(all)?.[1] ?? '').trim();
  if (name === '' || SERVICE.test(name)) return null;
  return name;
}
