/**
 * The kind of document within a type, named in the summary: which tax an assessment is for,
 * whether a reminder comes from a collection agency or the creditor itself, what relationship
 * a termination ends, and whether a traffic letter is a Bußgeldbescheid, a Verwarnung or an
 * Anhörung. Decided from the document's own naming terms; folded text in, label out.
 */
import type { DocumentType } from '../../../domain/document-types.js';
import { foldGerman } from '../../layout/fold.js';
import { headOf } from '../../layout/letter-head.js';
import { letterPattern, type LetterWordMeaning } from '../../layout/letter-words.js';
import { allText } from '../../layout/page-texts.js';
import { terminationClauses } from '../../layout/termination-clauses.js';
import type { PageText } from '../../model/lines.js';
import type { Subtype } from '../../model/stage.js';

/** The naming terms of a subtype: a lexicon meaning, compiled through the letter fold. */
const subtype = (meaning: LetterWordMeaning): RegExp => letterPattern(meaning);

const RULES: Partial<Record<DocumentType, readonly [RegExp, Subtype][]>> = {
  steuerbescheid: [
    [subtype('subtypeKraftfahrzeugsteuerbescheid'), { id: 'kraftfahrzeugsteuerbescheid', label: 'Kraftfahrzeugsteuerbescheid' }],
    [subtype('subtypeGewerbesteuerbescheid'), { id: 'gewerbesteuerbescheid', label: 'Gewerbesteuerbescheid' }],
    [subtype('subtypeGrundsteuerbescheid'), { id: 'grundsteuerbescheid', label: 'Grundsteuerbescheid' }],
    // Its title only: an income tax assessment also fixes new Vorauszahlungen further down.
    [subtype('subtypeVorauszahlungsbescheid'), { id: 'vorauszahlungsbescheid', label: 'Vorauszahlungsbescheid' }],
    [subtype('subtypeEinkommensteuerTitle'), { id: 'einkommensteuerbescheid', label: 'Einkommensteuerbescheid' }],
    [subtype('subtypeUmsatzsteuerbescheid'), { id: 'umsatzsteuerbescheid', label: 'Umsatzsteuerbescheid' }],
    [subtype('subtypeKoerperschaftsteuerbescheid'), { id: 'koerperschaftsteuerbescheid', label: 'Körperschaftsteuerbescheid' }],
    [subtype('subtypeEinkommensteuerWord'), { id: 'einkommensteuerbescheid', label: 'Einkommensteuerbescheid' }],
  ],
  mahnung: [
    [subtype('subtypeInkasso'), { id: 'inkasso', label: 'Inkassoschreiben' }],
    [subtype('subtypeAnwalt'), { id: 'anwalt', label: 'anwaltliches Mahnschreiben' }],
    [subtype('subtypeZahlungserinnerung'), { id: 'zahlungserinnerung', label: 'Zahlungserinnerung' }],
    [subtype('subtypeBehoerde'), { id: 'behoerde', label: 'Zahlungsaufforderung einer Behörde' }],
    [subtype('subtypeMahnung'), { id: 'mahnung', label: 'Mahnung des Gläubigers' }],
  ],
  kuendigung: [
    [subtype('subtypeArbeitsverhaeltnis'), { id: 'arbeitsverhaeltnis', label: 'Kündigung eines Arbeitsverhältnisses' }],
    [subtype('subtypeMietverhaeltnis'), { id: 'mietverhaeltnis', label: 'Kündigung eines Mietverhältnisses' }],
    [subtype('subtypeVertrag'), { id: 'vertrag', label: 'Kündigung eines Vertrags' }],
  ],
  bussgeldbescheid: [
    [subtype('subtypeAnonymverfuegung'), { id: 'anonymverfuegung', label: 'Anonymverfügung' }],
    [subtype('subtypeAnhoerung'), { id: 'anhoerung', label: 'Anhörungsbogen' }],
    [subtype('subtypeVerwarnung'), { id: 'verwarnung', label: 'Verwarnung mit Verwarnungsgeld' }],
    [subtype('subtypeBussgeldbescheid'), { id: 'bussgeldbescheid', label: 'Bußgeldbescheid' }],
  ],
  lohnabrechnung: [
    [subtype('subtypeAusbildung'), { id: 'ausbildung', label: 'Entgeltabrechnung (Ausbildung)' }],
    [subtype('subtypeGehalt'), { id: 'gehalt', label: 'Gehaltsabrechnung' }],
    [subtype('subtypeStundenlohn'), { id: 'stundenlohn', label: 'Lohnabrechnung (Stundenlohn)' }],
    [subtype('subtypeEntgelt'), { id: 'entgelt', label: 'Entgeltabrechnung' }],
  ],
};

const FALLBACK: Record<DocumentType, Subtype> = {
  kontoauszug: { id: 'kontoauszug', label: 'Kontoauszug' },
  steuerbescheid: { id: 'steuerbescheid', label: 'Steuerbescheid' },
  lohnabrechnung: { id: 'lohnabrechnung', label: 'Lohnabrechnung' },
  mahnung: { id: 'mahnung', label: 'Mahnung' },
  kuendigung: { id: 'kuendigung', label: 'Kündigung' },
  bussgeldbescheid: { id: 'bussgeldbescheid', label: 'Bußgeldbescheid' },
};

/**
 * The subtype; for Bußgeld letters the heading decides first (a Bußgeldbescheid cites the
 * earlier Anhörung, an Anhörung warns of a later Bußgeldbescheid), so `head` — the text before
 * the salutation or the first lines — is checked before the whole text.
 */
export function subtypeOf(type: DocumentType, text: string, head = ''): Subtype {
  const rules = RULES[type] ?? [];
  if (type === 'bussgeldbescheid') {
    // The title comes first: the naming term that occurs earliest (in the head, else anywhere) decides.
    for (const scope of [foldGerman(head), foldGerman(text)]) {
      let best: { at: number; sub: Subtype } | null = null;
      for (const [re, sub] of rules) {
        const m = re.exec(scope);
        if (m && (!best || m.index < best.at)) best = { at: m.index, sub };
      }
      if (best) return best.sub;
    }
  }
  // A termination names the relationship it ends in the clause that terminates ("kündigen wir
  // Ihren Mitgliedschaftsvertrag"); a lease or job named elsewhere (the sender's own "Mietvertrag
  // für das Studio") is context, so those clauses decide first.
  const scopes = type === 'kuendigung' ? [terminationClauses(text), foldGerman(text)] : [foldGerman(text)];
  for (const scope of scopes) {
    if (!scope) continue;
    for (const [re, sub] of rules) if (re.test(scope)) return sub;
  }
  return FALLBACK[type];
}

/**
 * The subtype of a letter as the analysis reads it: over its page texts (the layout's
 * `letterPages`, OCR misreadings undone), its head first.
 */
export function letterSubtype(type: DocumentType, pages: readonly PageText[]): Subtype {
  const text = allText(pages);
  return subtypeOf(type, text, headOf(text));
}
