import type { DocumentType } from '../../../domain/document-types.js';
import type { LetterWordMeaning } from '../../layout/letter-words.js';

/**
 * Evidence that a text is of a document type: terms as German documents of that kind print
 * them (titles, legal bases, fixed labels), with a weight — 4–5 for a term that names the
 * document, 2–3 for a label typical of it, 1 for a word that merely fits. A signal is a meaning
 * of the lexicon (`layout/lexicon`: its words written as printed, compiled through the letter
 * fold); it counts once per document. The list describes how the documents are structured,
 * not any one issuer's layout.
 */
export type Signal = readonly [meaning: LetterWordMeaning, weight: number];

export const SIGNALS: Record<DocumentType, readonly Signal[]> = {
  kontoauszug: [
    ['kontoauszugSignalKontoauszug', 5],
    ['kontoauszugSignalFinanzreport', 4],
    ['kontoauszugSignalUmsatzubersicht', 2],
    ['kontoauszugSignalAlterKontostand', 3],
    ['kontoauszugSignalNeuerKontostand', 3],
    ['kontoauszugSignalKontostand', 2],
    ['kontoauszugSignalBuchungstag', 2],
    ['kontoauszugSignalValuta', 2],
    ['kontoauszugSignalLastschrift', 1],
    ['kontoauszugSignalGutschrift', 1],
    ['kontoauszugSignalUberweisung', 1],
    ['kontoauszugSignalKartenzahlung', 1],
    ['kontoauszugSignalDauerauftrag', 1],
    ['kontoauszugSignalIban', 1],
    ['kontoauszugSignalBic', 1],
    ['kontoauszugSignalGirokonto', 1],
    ['kontoauszugSignalEref', 2],
    // Credit-card statements are account statements too: the card's billing period with the
    // balance carried from the last statement ("Saldo letzte Abrechnung") to the new one.
    ['kontoauszugSignalKreditkartenabrechnung', 3],
    ['kontoauszugSignalSaldoLetzteAbrechnung', 3],
    ['kontoauszugSignalKarteninhaber', 2],
    ['kontoauszugSignalBelegdatum', 2],
  ],
  steuerbescheid: [
    ['steuerbescheidSignalEinkommensteuerbescheid', 5],
    ['steuerbescheidSignalBescheidFur', 2],
    ['steuerbescheidSignalFinanzamt', 3],
    ['steuerbescheidSignalZuVersteuerndesEinkommen', 3],
    ['steuerbescheidSignalFestgesetzt', 2],
    ['steuerbescheidSignalVeranlagungszeitraum', 2],
    ['steuerbescheidSignalSteuernummer', 2],
    ['steuerbescheidSignalEinkommensteuer', 2],
    ['steuerbescheidSignalAbgabenordnung', 2],
    ['steuerbescheidSignalRechtsbehelfsbelehrung', 1],
    ['steuerbescheidSignalEinspruch', 1],
    ['steuerbescheidSignalWiderspruch', 1],
    ['steuerbescheidSignalSolidaritatszuschlag', 1],
    ['steuerbescheidSignalErstattung', 1],
    ['steuerbescheidSignalEinkunfteAus', 2],
  ],
  lohnabrechnung: [
    ['lohnabrechnungSignalLohnabrechnung', 5],
    ['lohnabrechnungSignalGesamtbrutto', 3],
    ['lohnabrechnungSignalNettoverdienst', 3],
    ['lohnabrechnungSignalAuszahlungsbetrag', 2],
    ['lohnabrechnungSignalPersonalnummer', 2],
    ['lohnabrechnungSignalSteuerklasse', 2],
    ['lohnabrechnungSignalLohnsteuer', 1],
    ['lohnabrechnungSignalKrankenversicherung', 1],
    ['lohnabrechnungSignalRentenversicherung', 1],
    ['lohnabrechnungSignalArbeitslosenversicherung', 1],
    ['lohnabrechnungSignalPflegeversicherung', 1],
    ['lohnabrechnungSignalBrutto', 1],
    ['lohnabrechnungSignalNetto', 1],
    ['lohnabrechnungSignalEintritt', 1],
    ['lohnabrechnungSignalUrlaub', 1],
  ],
  mahnung: [
    ['mahnungSignalMahnung', 5],
    ['mahnungSignalInkasso', 4],
    ['mahnungSignalHauptforderung', 2],
    ['mahnungSignalMahngebuhr', 3],
    ['mahnungSignalOffeneBetrag', 2],
    ['mahnungSignalVerzugszinsen', 2],
    ['mahnungSignalMahnbescheid', 2],
    ['mahnungSignalGlaubiger', 2],
    ['mahnungSignalBegleichen', 2],
    // A demand to pay, also from a buyer of the claim or an authority's cash office (SPEC §9).
    ['mahnungSignalFordernSieAuf', 3],
    ['mahnungSignalAbgetreten', 2],
    // What a public creditor's demand prints in place of a Mahngebühr and a Mahnbescheid: late
    // charges accruing by law and the enforcement it announces.
    ['mahnungSignalSaeumnis', 2],
    ['mahnungSignalVollstreckung', 2],
    ['mahnungSignalZinsen', 1],
    ['mahnungSignalZahlungsfrist', 1],
    ['mahnungSignalRechnung', 1],
  ],
  kuendigung: [
    // The document's own name, not a compound such as Kündigungsfrist that any contract prints.
    ['kuendigungSignalKundigung', 5],
    ['kuendigungSignalKundigen', 3],
    ['kuendigungSignalBeendigung', 2],
    ['kuendigungSignalArbeitsverhaltnis', 2],
    ['kuendigungSignalFristgerecht', 2],
    ['kuendigungSignalKundigungsfrist', 2],
    ['kuendigungSignalBetriebsrat', 1],
    ['kuendigungSignalArbeitsuchend', 2],
    ['kuendigungSignalResturlaub', 1],
  ],
  bussgeldbescheid: [
    ['bussgeldbescheidSignalBussgeldbescheid', 5],
    ['bussgeldbescheidSignalBussgeld', 3],
    ['bussgeldbescheidSignalOrdnungswidrigkeit', 3],
    ['bussgeldbescheidSignalOwig', 2],
    ['bussgeldbescheidSignalBussgeldstelle', 3],
    ['bussgeldbescheidSignalTatvorwurf', 3],
    ['bussgeldbescheidSignalStvo', 2],
    ['bussgeldbescheidSignalKmH', 2],
    ['bussgeldbescheidSignalFahrverbot', 2],
    ['bussgeldbescheidSignalPunkte', 2],
    ['bussgeldbescheidSignalKennzeichen', 1],
    ['bussgeldbescheidSignalBetroffene', 1],
  ],
};
