/**
 * The kind of a tax notice as its own title names it (issue 22, batch H): `Steuerbescheid über
 * Einfuhrabgaben`, `Bescheid über Vergnügungsteuer`, `Aufhebung der Festsetzung und Rückforderung
 * von Kindergeld`. The classify stage's subtype is decided from naming terms anywhere in the text
 * (a Hauptzollamt in the letterhead, "Einkommensteuergesetz" cited in the reasons), so where the
 * title names a kind and the subtype's tax is not in it, the title is the better name; a subtype
 * whose tax the title names (`Bescheid für 2024 über Einkommensteuer …`) is kept.
 */
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { Subtype } from '../../../model/stage.js';
import { printedWords } from '../../../layout/letter-words.js';

/** Folded title words of a notice: a Bescheid, a Festsetzung, an Aufhebung or Rückforderung. */
const TITLE = /(?:^|\s)(?:\p{L}*bescheid|festsetzung|aufhebung|ruckforderung)(?:\s|$)/u;
const SALUTATION = new RegExp(`^(${printedWords('statement', 'salutationStart')})`, 'i');
/** Titles are short and print no amount. */
const MAX_WORDS = 12;

/** The title line of the notice's first page before the salutation, as printed; null if none. */
export function noticeTitle(lines: readonly TextLine[]): string | null {
  const first = lines[0]?.page;
  for (const l of lines) {
    if (l.page !== first || SALUTATION.test(l.text.trim())) break;
    const t = l.text.trim();
    if (t.split(/\s+/u).length > MAX_WORDS || /\d,\d{2}\b/u.test(t)) continue;
    if (TITLE.test(foldGerman(t))) return t;
  }
  return null;
}

/** Folded title words that name no kind: the word Bescheid, its attributes, a year's wording. */
const NO_KIND = /^(?:bescheid|geanderter?|neuer?|berichtigter?|fur|uber|das|den|die|der|des|jahr|kalenderjahr|vom|und|zum|zur)$/u;

/** The name of the notice's kind for the summary: the subtype's label, or the title where it names another kind. */
export function noticeKind(lines: readonly TextLine[], subtype: Subtype): string {
  const title = noticeTitle(lines)?.replace(/\s+für\s+(?:das\s+(?:Kalender)?[Jj]ahr\s+)?\d{4}\b/u, '').replace(/\s+\d{4}$/u, '');
  if (!title) return subtype.label;
  // "Bescheid für 2024", "Geänderter Bescheid": the title names no kind, the subtype does.
  const words = foldGerman(title).split(/[\s-]+/u).filter((w) => /[a-z]{4}/u.test(w) && !NO_KIND.test(w));
  if (words.length === 0) return subtype.label;
  // The tax the subtype names, its linking s dropped ("Vorauszahlungsbescheid" → "vorauszahlung").
  const stem = foldGerman(subtype.label).replace(/bescheid$/u, '').replace(/s$/u, '');
  if (subtype.id !== 'steuerbescheid' && foldGerman(title).includes(stem)) return subtype.label;
  return title;
}
