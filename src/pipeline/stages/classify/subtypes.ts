/**
 * The kind of document within a type, named in the summary: which tax an assessment is for,
 * whether a reminder comes from a collection agency or the creditor itself, what relationship
 * a termination ends, and whether a traffic letter is a Bußgeldbescheid, a Verwarnung or an
 * Anhörung. Decided from the document's own naming terms; folded text in, label out.
 */
import type { DocumentType } from '../../../domain/document-types.js';
import { foldGerman } from '../../layout/fold.js';
import { headOf } from '../../layout/letter-head.js';
import { allText } from '../../layout/page-texts.js';
import type { PageText } from '../../model/lines.js';
import type { Subtype } from '../../model/stage.js';

const f = (s: string) => new RegExp(foldGerman(s), 'u');

const RULES: Partial<Record<DocumentType, readonly [RegExp, Subtype][]>> = {
  steuerbescheid: [
    [f('kraftfahrzeugsteuer|kfz-steuer|hauptzollamt'), { id: 'kraftfahrzeugsteuerbescheid', label: 'Kraftfahrzeugsteuerbescheid' }],
    [f('gewerbesteuer'), { id: 'gewerbesteuerbescheid', label: 'Gewerbesteuerbescheid' }],
    [f('grundsteuer'), { id: 'grundsteuerbescheid', label: 'Grundsteuerbescheid' }],
    // Its title only: an income tax assessment also fixes new Vorauszahlungen further down.
    [f('vorauszahlungsbescheid|bescheid über (die )?(festsetzung (von|der) )?(einkommensteuer-|körperschaftsteuer-)?vorauszahlungen'), { id: 'vorauszahlungsbescheid', label: 'Vorauszahlungsbescheid' }],
    [f('einkommensteuerbescheid|über einkommensteuer|bescheid für \\d{4} über einkommensteuer|einkommensteuer und solidaritätszuschlag'), { id: 'einkommensteuerbescheid', label: 'Einkommensteuerbescheid' }],
    [f('umsatzsteuerbescheid|über umsatzsteuer'), { id: 'umsatzsteuerbescheid', label: 'Umsatzsteuerbescheid' }],
    [f('körperschaftsteuer'), { id: 'koerperschaftsteuerbescheid', label: 'Körperschaftsteuerbescheid' }],
    [f('einkommensteuer'), { id: 'einkommensteuerbescheid', label: 'Einkommensteuerbescheid' }],
  ],
  mahnung: [
    [f('inkasso|unsere mandantin|unser mandant|im auftrag (unserer|unseres) (mandant|auftraggeber)|forderungsmanagement'), { id: 'inkasso', label: 'Inkassoschreiben' }],
    [f('rechtsanwalt|rechtsanwältin|kanzlei'), { id: 'anwalt', label: 'anwaltliches Mahnschreiben' }],
    [f('zahlungserinnerung'), { id: 'zahlungserinnerung', label: 'Zahlungserinnerung' }],
    [f('stadtkasse|kreiskasse|gemeindekasse|amtskasse|landeskasse|kassenzeichen|erzwingungshaft|vollstreckungsbehörde'), { id: 'behoerde', label: 'Zahlungsaufforderung einer Behörde' }],
    [f('mahnung'), { id: 'mahnung', label: 'Mahnung des Gläubigers' }],
  ],
  kuendigung: [
    [f('arbeitsverhältnis|arbeitsvertrag|beschäftigungsverhältnis|ausbildungsverhältnis|betriebsrat'), { id: 'arbeitsverhaeltnis', label: 'Kündigung eines Arbeitsverhältnisses' }],
    [f('mietverhältnis|mietvertrag|mietwohnung|\\bwohnung\\b|vermieter|mieter'), { id: 'mietverhaeltnis', label: 'Kündigung eines Mietverhältnisses' }],
    [f('vertrag|mitgliedschaft|abonnement|abo\\b|kundennummer|vertragsnummer'), { id: 'vertrag', label: 'Kündigung eines Vertrags' }],
  ],
  bussgeldbescheid: [
    [f('anhörungsbogen|anhörung im bußgeldverfahren|anhörung|zeugenfragebogen|fahrerermittlung|fahrerfeststellung'), { id: 'anhoerung', label: 'Anhörungsbogen' }],
    [f('verwarnungsgeld|verwarngeld|verwarnung'), { id: 'verwarnung', label: 'Verwarnung mit Verwarnungsgeld' }],
    [f('bußgeldbescheid'), { id: 'bussgeldbescheid', label: 'Bußgeldbescheid' }],
  ],
  lohnabrechnung: [
    [f('ausbildungsvergütung|auszubildende'), { id: 'ausbildung', label: 'Entgeltabrechnung (Ausbildung)' }],
    [f('\\bgehalt\\b|gehaltsabrechnung'), { id: 'gehalt', label: 'Gehaltsabrechnung' }],
    [f('\\bstundenlohn\\b'), { id: 'stundenlohn', label: 'Lohnabrechnung (Stundenlohn)' }],
    [f('bezüge|verdienstabrechnung|entgeltabrechnung|lohnabrechnung|abrechnung der brutto'), { id: 'entgelt', label: 'Entgeltabrechnung' }],
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
  for (const scope of [foldGerman(text)]) {
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
