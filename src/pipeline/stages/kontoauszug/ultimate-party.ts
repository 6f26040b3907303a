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
const SERVICE = /paypal|klarna|amazon\s*payments|amzn|sofort\s*gmbh|sofort[üu]berweisung|stripe|adyen|mollie|unzer|ratepay|billpay|afterpay|computop|payone|wirecard|giropay|apple\s*pay|google\s*pay/iu;
const AT_SHOP = /\b(?:Ihr(?:e)?\s+)?(?:Einkauf|Bestellung|Kauf|Zahlung)\s+(?:bei|an)\s+(.+?)(?=\s*(?:[,;]|\.(?:\s|$)|\s\d|\s\S*\d{5}|\s(?:EREF|MREF|CRED|SVWZ|KREF|ABWA|IBAN|BIC|Kundennr|Bestellnr|Referenz|Ihr|Ihre|vom|am)\b|$))/iu;
const DESCRIPTOR = /\b(?:PAYPAL|KLARNA|AMZN|STRIPE|MOLLIE)\s*\*\s*([A-Z0-9][\w.&' -]*?)(?=\s*(?:,|\s\d|$))/iu;

export function ultimateParty(counterparty: string, text: string): string | null {
  if (!SERVICE.test(counterparty) && !SERVICE.test(text)) return null;
  const all = `${counterparty} ${text}`;
  const name = (AT_SHOP.exec(text)?.[1] ?? DESCRIPTOR.exec(all)?.[1] ?? '').trim();
  if (name === '' || SERVICE.test(name)) return null;
  return name;
}
