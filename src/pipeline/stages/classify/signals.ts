import type { DocumentType } from '../../../domain/document-types.js';

/**
 * Evidence that a text is of a document type: terms as German documents of that kind print
 * them (titles, legal bases, fixed labels), with a weight — 4–5 for a term that names the
 * document, 2–3 for a label typical of it, 1 for a word that merely fits. Terms are written
 * unfolded and folded at load time; each counts once per document. The list describes how
 * the documents are structured, not any one issuer's layout.
 */
export type Signal = readonly [pattern: string, weight: number];

export const SIGNALS: Record<DocumentType, readonly Signal[]> = {
  kontoauszug: [
    ['kontoauszug', 5],
    ['finanzreport', 4],
    ['umsatzübersicht|kontoumsätze|umsätze', 2],
    ['alter (kontostand|saldo)|anfangssaldo|saldo alt|startsaldo', 3],
    ['neuer (kontostand|saldo)|endsaldo|saldo neu|schlusssaldo', 3],
    ['kontostand', 2],
    ['buchungstag|buchungsdatum', 2],
    ['valuta|wertstellung|wert\\b', 2],
    ['lastschrift', 1],
    ['gutschrift', 1],
    ['überweisung', 1],
    ['kartenzahlung|kartenumsatz', 1],
    ['dauerauftrag', 1],
    ['\\biban\\b', 1],
    ['\\bbic\\b', 1],
    ['girokonto|kontonummer', 1],
    ['eref\\+|mref\\+|svwz\\+|cred\\+', 2],
    // Credit-card statements are account statements too: the card's billing period with the
    // balance carried from the last statement ("Saldo letzte Abrechnung") to the new one.
    ['kreditkartenabrechnung|kartenabrechnung|(visa|master ?card|kredit) ?card|kreditkarte', 3],
    ['saldo (der )?letzten? abrechnung|saldo vorabrechnung|saldenmitteilung', 3],
    ['karteninhaber|kartennummer|card-nummer', 2],
    ['belegdatum|beleg ?datum|umsatztag', 2],
  ],
  steuerbescheid: [
    ['(einkommen|umsatz|gewerbe|körperschaft)steuerbescheid|steuerbescheid', 5],
    ['bescheid für|bescheid über', 2],
    ['finanzamt', 3],
    ['zu versteuerndes einkommen', 3],
    ['festgesetzt|festsetzung', 2],
    ['veranlagungszeitraum|veranlagung', 2],
    ['steuernummer|steuer-nr', 2],
    ['einkommensteuer', 2],
    ['abgabenordnung|§ ?16[45] ao|\\bao\\b', 2],
    ['rechtsbehelfsbelehrung', 1],
    ['einspruch', 1],
    ['solidaritätszuschlag', 1],
    ['erstattung|nachzahlung', 1],
    ['einkünfte aus', 2],
  ],
  lohnabrechnung: [
    ['lohnabrechnung|gehaltsabrechnung|entgeltabrechnung|verdienstabrechnung|bezügeabrechnung|abrechnung der brutto', 5],
    ['gesamtbrutto|gesamt-brutto|bruttoverdienst|steuerbrutto|sv-brutto', 3],
    ['nettoverdienst|nettobezug|netto-verdienst|gesetzliches netto', 3],
    ['auszahlungsbetrag|auszahlung', 2],
    ['personalnummer|pers\\.?-?nr', 2],
    ['steuerklasse|stkl', 2],
    ['lohnsteuer', 1],
    ['krankenversicherung|\\bkv\\b', 1],
    ['rentenversicherung|\\brv\\b', 1],
    ['arbeitslosenversicherung|\\bav\\b', 1],
    ['pflegeversicherung|\\bpv\\b', 1],
    ['brutto', 1],
    ['netto', 1],
    ['eintritt|austritt', 1],
    ['urlaub|resturlaub', 1],
  ],
  mahnung: [
    ['\\bmahnung\\b|\\d\\. mahnung|letzte mahnung|zahlungserinnerung', 5],
    ['inkasso', 4],
    ['hauptforderung|gesamtforderung|forderungsaufstellung|forderung', 2],
    ['mahngebühr|mahnkosten|mahnspesen', 3],
    ['offene[nr]? (betrag|posten|rechnung)|offenstehend|rückstand|noch offen', 2],
    ['verzugszinsen|verzug', 2],
    ['mahnbescheid|gerichtliches mahnverfahren', 2],
    ['gläubiger|schuldner', 2],
    ['begleichen|überweisen sie|zahlen sie', 2],
    // A demand to pay, also from a buyer of the claim or an authority's cash office (SPEC §9).
    ['fordern (wir )?sie (hiermit )?auf|zahlungsaufforderung|aufforderung zur zahlung', 3],
    ['abgetreten|forderungskauf|forderungsmanagement|inhaberin? der forderung', 2],
    ['zinsen|zahlbetrag', 1],
    ['zahlungsfrist|zahlungseingang', 1],
    ['rechnung', 1],
  ],
  kuendigung: [
    // The document's own name, not a compound such as Kündigungsfrist that any contract prints.
    ['\\bkündigung\\b|kündigungsschreiben|kündigungsbestätigung', 5],
    ['kündigen|gekündigt', 3],
    ['beendigung|\\bbeenden\\b|\\bendet\\b', 2],
    ['arbeitsverhältnis|mietverhältnis|vertragsverhältnis|mitgliedschaft|vertrag', 2],
    ['fristgerecht|fristlos|ordentlich|außerordentlich|nächstmöglichen zeitpunkt', 2],
    ['kündigungsfrist', 2],
    ['betriebsrat', 1],
    ['arbeitsuchend|agentur für arbeit', 2],
    ['resturlaub|arbeitszeugnis|zeugnis', 1],
  ],
  bussgeldbescheid: [
    ['bußgeldbescheid|verwarnungsgeld|verwarngeld|anhörungsbogen|anhörung im (bußgeld|verwarnungsgeld)verfahren|zeugenfragebogen', 5],
    ['bußgeld|geldbuße', 3],
    ['ordnungswidrigkeit', 3],
    ['owig', 2],
    ['bußgeldstelle|zentrale bußgeldstelle|verkehrsordnungswidrigkeit', 3],
    ['tatvorwurf|tatzeit|tatort|tattag|tatdatum', 3],
    ['stvo|stvg|bkat', 2],
    ['km/h|geschwindigkeit', 2],
    ['fahrverbot', 2],
    ['punkte|fahreignungsregister|flensburg', 2],
    ['kennzeichen|kfz|fahrzeug', 1],
    ['betroffene', 1],
  ],
};
