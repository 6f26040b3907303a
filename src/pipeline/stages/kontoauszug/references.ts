import type { PostingReferences } from '../../model/result.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * The SEPA references of a posting's text (SPEC §8a): end-to-end reference, mandate reference,
 * creditor identifier and customer reference, from the structured tags (`EREF+`, `MREF+`,
 * `CRED+`, `KREF+`) or their spelled-out forms (`End-to-End-Ref.:`, `Mandatsref:`,
 * `Mandat …`, `Mand-ID …`, `Gläubiger-ID:`, `Creditor-ID:`, `Einreicher-ID`, `Kundenreferenz:`, and
 * `Referenz …` as a word of its own, as Postbank prints the end-to-end reference). Also the
 * remittance text of `SVWZ+`.
 *
 * Contracts:
 * - `lines`: the posting's printed text lines without its own dates and amounts, in order.
 * - A tagged field runs to the next tag. SEPA prints 35 (some banks 27) characters a line, so
 *   an identifier that fills its line to that width continues on the next line without a space
 *   (`EREF+1234…` / `5678`) where that line starts with a word of capitals and figures; so does
 *   one broken off at a hyphen or slash, or whose rest runs straight into the next tag
 *   (`EREF+0123/AB-` / `4567MREF+…`, as DKB prints them); an identifier on a shorter line ends there.
 * - A spelled-out label takes the first word after it, on its line or, where the label ends
 *   the line, on the next — not after a heading of slash-joined labels (`Verwendungszweck/
 *   Kundenreferenz`); the value must hold a digit (a label word in a sentence is no reference).
 * - `NOTPROVIDED` (SEPA's "none given") is no reference: null.
 */
const TAG = /(?<![A-Za-z])(EREF|MREF|CRED|KREF|SVWZ|ABWA|ABWE|IBAN|BIC|PURP|COAM|OAMT|SQTP|DEBT|ANAM|BREF|RREF)\+/gu;
/** The line width at which SEPA wraps a field; a line at least this long may continue. */
const SEPA_WRAP = 27;

const SPELLED: readonly { field: keyof PostingReferences; label: RegExp }[] = [
  { field: 'end_to_end_id', label: vocab.endToEndLabel },
  { field: 'end_to_end_id', label: vocab.referenceLabel },
  { field: 'mandate_id', label: vocab.mandateLabel },
  { field: 'creditor_id', label: vocab.creditorLabel },
  { field: 'customer_reference', label: vocab.customerRefLabel },
];

const FIELD_OF: Record<string, keyof PostingReferences> = { EREF: 'end_to_end_id', MREF: 'mandate_id', CRED: 'creditor_id', KREF: 'customer_reference' };

export interface PostingRefs {
  references: PostingReferences;
  /** The `SVWZ+` remittance text, null where the posting has no SVWZ field. */
  remittance: string | null;
}

const clean = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim().replace(/[,;]$/u, '');
  return t === '' || /^NOTPROVIDED$/iu.test(t) ? null : t;
};

/** The tagged fields of the text: tag → raw value (lines joined as the wrap rule says). */
function taggedFields(lines: readonly string[]): Map<string, string> {
  // One string with a marker where a line ends: a field's value may cross it.
  const joined = lines.join('\n');
  const tags = [...joined.matchAll(TAG)];
  const out = new Map<string, string>();
  tags.forEach((m, k) => {
    const start = m.index! + m[0].length;
    const end = k + 1 < tags.length ? tags[k + 1]!.index! : joined.length;
    const raw = joined.slice(start, end);
    if (out.has(m[1]!)) return;
    if (m[1] === 'SVWZ' || m[1] === 'ABWA' || m[1] === 'ABWE') {
      out.set(m[1]!, raw.replace(/\s+/gu, ' ').trim());
      return;
    }
    // An identifier: its first word, continued over a line end only where its line was full.
    const parts = raw.replace(/^[ \t]+/u, '').split('\n');
    let value = parts[0]!.trim().split(/\s+/u)[0] ?? '';
    const lineStart = joined.lastIndexOf('\n', m.index!) + 1;
    const lineEnd = joined.indexOf('\n', m.index!);
    const full = joined.slice(lineStart, lineEnd < 0 ? joined.length : lineEnd).trimEnd().length >= SEPA_WRAP;
    // Broken off mid-identifier: at a hyphen or slash, or its rest runs straight into the next tag.
    const broken = /[-/]$/u.test(value) || (parts.length === 2 && k + 1 < tags.length && /^\S+$/u.test(parts[1]!.trim()));
    if (parts.length > 1 && !/\s/u.test(parts[0]!.trim()) && (full || broken)) {
      const next = parts[1]!.trim().split(/\s+/u)[0] ?? '';
      if (/^[A-Z0-9./-]*\d[A-Z0-9./-]*$/u.test(next)) value += next;
    }
    out.set(m[1]!, value);
  });
  return out;
}

/** The value after a spelled-out label: the first word after it on its line, else the next line's first word. */
function spelled(lines: readonly string[], label: RegExp): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = label.exec(line);
    if (!m) continue;
    const after = line.slice(m.index + m[0].length).trim();
    // A label that ends its line takes the next line's first word (`Gläubiger-ID:` / `DE12…`, a
    // column wrapped after `Referenz`), unless the line is a heading of slash-joined labels
    // (`Verwendungszweck/ Kundenreferenz`) and the label has no colon.
    const heading = !/:\s*$/u.test(m[0]) && line.includes('/');
    const next = heading ? '' : (lines[i + 1]?.trim().split(/\s+/u)[0] ?? '');
    const word = after !== '' ? after.split(/\s+/u)[0]! : next;
    if (/\d/u.test(word) && !/\+/u.test(word)) return word;
  }
  return null;
}

export function postingReferences(lines: readonly string[]): PostingRefs {
  const tagged = taggedFields(lines);
  const references: PostingReferences = { end_to_end_id: null, mandate_id: null, creditor_id: null, customer_reference: null };
  const seen = new Set<keyof PostingReferences>();
  for (const [tag, field] of Object.entries(FIELD_OF)) {
    if (!tagged.has(tag)) continue;
    seen.add(field);
    references[field] = clean(tagged.get(tag));
  }
  // Spelled-out forms, for the fields no tag gave (lines without any tag, so `EREF+` is not read twice).
  const untagged = lines.map((l) => l.replace(new RegExp(TAG.source, 'gu'), ' ').trim());
  const plain = untagged.filter((_, i) => !new RegExp(TAG.source, 'u').test(lines[i]!));
  for (const { field, label } of SPELLED) {
    if (seen.has(field) || references[field] !== null) continue;
    references[field] = clean(spelled(plain, label));
  }
  const svwz = tagged.get('SVWZ');
  return { references, remittance: svwz !== undefined ? clean(svwz) : null };
}
