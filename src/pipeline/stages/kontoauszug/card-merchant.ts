import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { nameLike, type Split } from './counterparty.js';

/**
 * A card payment's merchant named by position (issue 21, blind batch 6): the line right above
 * the card's number line (`Karte: 5587 ** ** 0906`, `Karten-Nr. XXXX2769`) is the merchant,
 * whether it stands under a type line (`Kauf/Dienstleistung vom 07.12.2025` / `Coop Thun` /
 * `Karten-Nr. …`) or alone as the posting's first line (`Spotify` / `Karte: …`, e-money apps
 * that print no type for card payments). Only where the split found no party: a name the rules
 * read stays. The line must read as a name (nameLike: no type wording, field label or fee line).
 */
export function withCardMerchant(lines: readonly string[], split: Split): Split {
  if (split.counterparty !== '') return split;
  const ls = lines.map((l) => l.replace(/\s+/gu, ' ').trim()).filter((l) => l !== '');
  const at = ls.findIndex((l, i) => i > 0 && vocab.cardNumberLine.test(fold(l)));
  if (at < 1) return split;
  const merchant = ls[at - 1]!;
  if (!nameLike(merchant)) return split;
  return { counterparty: merchant, text: ls.filter((_, i) => i !== at - 1).join(' ') };
}
