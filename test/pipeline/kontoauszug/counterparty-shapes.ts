import type { PartySlot } from '../../../src/pipeline/stages/kontoauszug/party-slot.js';

/**
 * Posting-block shapes as German, Austrian and Swiss-German statements and app exports print
 * them (issue 21: the counterparty at first contact). Written from how the banks' formats are
 * built — type line, name line, purpose lines, SEPA reference lines, labelled fields, IBAN lines,
 * merchant descriptors — not copied from any fixture of this project. Each block is the posting's
 * text lines as the engine hands them to splitCounterparty: its own dates and amounts removed.
 *
 * `slot`: the document's prior (party-slot.ts) where the shape is one of a layout whose vote
 * went one way; `auto` (first contact, no vote) when absent. `card`: a card statement.
 * `expect`: the counterparty as printed, '' where the posting names no one (fees, interest,
 * cash, batch bookings, own-account transfers without a name).
 */
export interface Shape {
  bank: string;
  lines: string[];
  expect: string;
  slot?: PartySlot;
  card?: boolean;
}

export const SHAPES: Shape[] = [
  // ── Sparkasse: type line, name line, SEPA fields / purpose ──
  { bank: 'Sparkasse', lines: ['Lastschrift', 'Stadtwerke Musterstadt GmbH', 'EREF+ 4711-0815 MREF+ SW-998877 CRED+ DE12ZZZ00000012345', 'SVWZ+ Abschlag Strom 06/2025'], expect: 'Stadtwerke Musterstadt GmbH' },
  { bank: 'Sparkasse', lines: ['Gutschrift', 'Muster Maschinenbau GmbH & Co. KG', 'Lohn/Gehalt 06/2025 Personalnr. 1234'], expect: 'Muster Maschinenbau GmbH & Co. KG' },
  { bank: 'Sparkasse', lines: ['Dauerauftrag', 'Erika Musterfrau', 'Miete Wohnung 2. OG links'], expect: 'Erika Musterfrau' },
  { bank: 'Sparkasse', lines: ['Entgeltabschluss', 'Entgelt für Kontoführung 06/2025'], expect: '' },
  { bank: 'Sparkasse', lines: ['Bargeldauszahlung', 'GA NR00001234 BLZ37050198 0', '06.06/14.12UHR KOELN HBF'], expect: '' },
  { bank: 'Sparkasse', lines: ['Kartenzahlung girocard', 'REWE Markt GmbH, Koeln', '2025-06-03T18:22:11 Debitk.1 2027-12'], expect: 'REWE Markt GmbH, Koeln' },
  // ── Volksbank / Raiffeisenbank (DE): type with primanota, name, purpose ──
  { bank: 'Volksbank', lines: ['BASISLASTSCHRIFT PN:931', 'Telekom Deutschland GmbH', 'Kd-Nr. 123456789 Rg. 0815 vom 01.06.2025', 'EREF: 7Z9A8B MREF: TK-55512 CRED: DE41ZZZ00000061234'], expect: 'Telekom Deutschland GmbH' },
  { bank: 'Volksbank', lines: ['GUTSCHRIFT PN:166', 'Finanzamt Musterstadt', 'Erstattung ESt 2024 StNr 123/456/78901'], expect: 'Finanzamt Musterstadt' },
  { bank: 'Volksbank', lines: ['ABSCHLUSS PN:905', 'Abrechnung 30.06.2025', 'siehe Anlage'], expect: '' },
  // ── Postbank: type, purpose, references, the name last ──
  { bank: 'Postbank', lines: ['Lastschrift', 'Abschlag Juni 2025 Vertragskonto 100200300', 'Referenz 4451290031', 'Mandat 88-71', 'Einreicher-ID DE98ZZZ09999999999', 'Stadtwerke Bonn GmbH'], expect: 'Stadtwerke Bonn GmbH' },
  { bank: 'Postbank', lines: ['Gutschrift', 'Rechnung 2025-118', 'Referenz 0006611209', 'Schreinerei Holzmann e.K.'], expect: 'Schreinerei Holzmann e.K.' },
  { bank: 'Postbank', lines: ['SEPA Überweisung', 'Beitrag 2025 Mitgliedsnr. 4412', 'Turnverein Musterdorf e.V.', 'Referenz NOTPROVIDED'], expect: 'Turnverein Musterdorf e.V.' },
  { bank: 'Postbank (document voted `second`)', slot: 'second', lines: ['Lastschrift', 'Vertrag 8832-11 Beitrag Kfz', 'Referenz 771239', 'HUK-COBURG Allgemeine Versicherung AG'], expect: 'HUK-COBURG Allgemeine Versicherung AG' },
  // ── ING: type and name on one line, labelled fields below ──
  { bank: 'ING', lines: ['Lastschrift Vodafone GmbH', 'Mandat: VF0000123987', 'Referenz: 2025060100123', 'Kundennr. 99887766 Rechnung Juni'], expect: 'Vodafone GmbH' },
  { bank: 'ING', lines: ['Gutschrift/Dauerauftrag Max Mustermann', 'Miete Juni'], expect: 'Max Mustermann' },
  { bank: 'ING', lines: ['Entgelt', 'Visa Card Jahresgebühr'], expect: '' },
  { bank: 'ING', lines: ['Abschluss', 'Zinsen 01.04.2025 - 30.06.2025'], expect: '' },
  // ── DKB: type, name, purpose with PayPal ──
  { bank: 'DKB', lines: ['Basislastschrift', 'PayPal Europe S.a.r.l. et Cie S.C.A', '1041234567890 PP.9912.PP . Musterhaendler, Ihr Einkauf bei Musterhaendler'], expect: 'PayPal Europe S.a.r.l. et Cie S.C.A' },
  { bank: 'DKB', lines: ['Zahlungseingang', 'Lena Schmidt', 'Anteil Urlaub Ostsee'], expect: 'Lena Schmidt' },
  // ── Commerzbank: name first, purpose, references, the type last ──
  { bank: 'Commerzbank', lines: ['Allianz Versicherungs-AG', 'Beitrag KV 06/2025 Vers.-Nr. 1234567', 'End-to-End-Ref.: 0000112233', 'Mandatsref: AZ-998-1', 'Gläubiger-ID: DE76ZZZ00000023456', 'SEPA-BASISLASTSCHRIFT wiederholend'], expect: 'Allianz Versicherungs-AG' },
  { bank: 'Commerzbank', lines: ['Jobcenter Musterstadt', 'Leistungen SGB II 07/2025', 'End-to-End-Ref.: 2025070101', 'SEPA-Gutschrift'], expect: 'Jobcenter Musterstadt' },
  // ── Deutsche Bank: type phrase with its preposition, then the name ──
  { bank: 'Deutsche Bank', lines: ['SEPA-Lastschrift von Rundfunk ARD, ZDF, DRF', 'Beitragsnr. 123456789 04.2025-06.2025'], expect: 'Rundfunk ARD, ZDF, DRF' },
  { bank: 'Deutsche Bank', lines: ['SEPA-Überweisung an Hausverwaltung Becker GmbH', 'Nebenkostenabrechnung 2024 Whg 12'], expect: 'Hausverwaltung Becker GmbH' },
  { bank: 'Deutsche Bank', lines: ['SEPA Gutschrift von Deutsche Rentenversicherung Bund', 'Rente 07/25'], expect: 'Deutsche Rentenversicherung Bund' },
  // ── comdirect: labelled fields on one running line ──
  { bank: 'comdirect', lines: ['Übertrag / Überweisung Empfänger: Max Mustermann Kto/IBAN: DE02120300000000202051 BLZ/BIC: BYLADEM1001 Buchungstext: Miete Juli'], expect: 'Max Mustermann' },
  { bank: 'comdirect', lines: ['Lastschrift / Belastung Auftraggeber: Vattenfall Europe Sales GmbH Buchungstext: Abschlag 07/2025 Ref. 7Z3C21'], expect: 'Vattenfall Europe Sales GmbH' },
  { bank: 'comdirect', lines: ['Kontoführungsentgelt Buchungstext: Kontoführung 06/2025'], expect: '' },
  // ── N26 / C24 / neobank PDFs: the name first, a category or type below ──
  { bank: 'N26', slot: 'first', lines: ['REWE Markt GmbH', 'Mastercard • Lebensmittel', 'Wertstellung'], expect: 'REWE Markt GmbH' },
  { bank: 'N26 (no vote)', lines: ['Lena Weiß', 'Gutschrift • Überweisungen', 'IBAN: DE89370400440532013000'], expect: 'Lena Weiß' },
  { bank: 'C24', lines: ['Überweisung', 'An: Jonas Becker', 'Verwendungszweck: Konzertkarten'], expect: 'Jonas Becker' },
  // ── Revolut DE: the app's payment phrases ──
  { bank: 'Revolut DE', lines: ['Zahlung an Jonas Becker'], expect: 'Jonas Becker' },
  { bank: 'Revolut DE', lines: ['Zahlung von Lena Weiß', 'Referenz: Pizza'], expect: 'Lena Weiß' },
  { bank: 'Revolut DE', lines: ['Aufladung durch *4746'], expect: '' },
  // ── Raiffeisen AT / Erste-George AT ──
  { bank: 'Raiffeisen AT', lines: ['Gutschrift', 'Auftraggeber Muster Bau GmbH', 'AT61 1904 3002 3457 3201', 'Verwendungszweck: Gehalt Juni 2025'], expect: 'Muster Bau GmbH' },
  { bank: 'Raiffeisen AT', lines: ['Bezahlung Karte', 'MC/000001234 05.06. 17:45 O', 'BILLA DANKT 1234 WIEN 1100'], expect: 'BILLA DANKT 1234 WIEN 1100' },
  { bank: 'Erste/George AT', lines: ['SEPA-Lastschrift', 'A1 Telekom Austria AG', 'AT12 2011 1000 0000 1234', 'Zahlungsreferenz: Rechnung 6/2025 Kd 9981'], expect: 'A1 Telekom Austria AG' },
  { bank: 'Erste/George AT', lines: ['Überweisung', 'Empfänger: Wiener Wohnen', 'AT48 3200 0000 1234 5864', 'Miete Juli 2025'], expect: 'Wiener Wohnen' },
  { bank: 'Erste/George AT', lines: ['Bezahlung Bankomat', 'BANKOMAT 12345 K1 06.06.UM 18.21', 'SPAR DANKT 4711 GRAZ'], expect: 'SPAR DANKT 4711 GRAZ' },
  { bank: 'Wien Energie / Austrian SDD', lines: ['Lastschrift', 'Gläubiger: Wien Energie GmbH', 'Gläubiger-ID: AT49ZZZ00000001234', 'Kundennummer 4711 Teilbetrag'], expect: 'Wien Energie GmbH' },
  // ── Swiss German ──
  { bank: 'PostFinance CH', lines: ['Gutschrift', 'Absender: Hans Meier, Bern', 'Mitteilung: Rückzahlung Darlehen'], expect: 'Hans Meier, Bern' },
  // ── IBAN line beside the name ──
  { bank: 'Sparda', lines: ['Überweisung', 'Hausgemeinschaft Lindenweg 5', 'DE44 5001 0517 5407 3249 31', 'Hausgeld Juli'], expect: 'Hausgemeinschaft Lindenweg 5' },
  { bank: 'Targobank', lines: ['Gutschrift', 'Rückerstattung Bestellung 40211', 'Otto GmbH & Co KG', 'DE12 2004 1010 0505 0000 13 BIC COBADEHD001'], expect: 'Otto GmbH & Co KG' },
  // ── Purpose-likeness: no name printed, never a purpose as the name ──
  { bank: 'any', lines: ['Überweisung', 'Miete Oktober'], expect: '' },
  { bank: 'any', lines: ['Dauerauftrag', 'Rechnung 2025-0042 Kundennr. 7781'], expect: '' },
  { bank: 'any', lines: ['Lastschrift', 'Beitrag Vertrag 55-1234 Q3'], expect: '' },
  { bank: 'any', lines: ['SEPA-Sammelüberweisung', '12 Posten', 'Lieferanten Juni'], expect: '' },
  { bank: 'any', lines: ['Zinsen', 'Sollzinsen 2,50 % bis 30.06.2025'], expect: '' },
  { bank: 'any: a BIC line is an account line', lines: ['Überweisung', 'DE02120300000000202051 UEBERWEISUNG AUF KARTE', 'BYLADEM1001 KARTENKONTO', 'End-to-End-Ref.:'], expect: '' },
  { bank: 'any: a summary in capitals is no name', lines: ['Lastschrift', '1234567890123456/123456 Kreditkartenabrechnung 4263 0000 0000 1234', 'SUMME ABRECHNUNG'], expect: '' },
  { bank: 'DKB / Deutsche Bank card descriptor', lines: ['Kartenzahlung', 'Verwendungszweck/ Kundenreferenz', 'BUCHHANDLUNG MUELLER//MUENSTER/DE', '2025-06-09T11:38:18 Folgenr. 09 Verfalld. 1227'], expect: 'BUCHHANDLUNG MUELLER//MUENSTER/DE' },
  { bank: 'Sparkasse: name and purpose on one line', lines: ['Lastschrift', 'Sportverein Blau-Weiß Musterstadt BEITRAG 2. HJ 2025', 'MANDATSREF 4711 GLAEUBIGER-ID DE71ZZZ00000012345'], expect: 'Sportverein Blau-Weiß Musterstadt' },
  { bank: 'any: own account, no name', lines: ['Einzahlung von Konto AT611904300234573201'], expect: '' },
  // ── Card statements: the merchant descriptor ──
  { bank: 'card statement', card: true, lines: ['AMAZON.DE*AB12CD34E AMAZON.DE LU'], expect: 'AMAZON.DE*AB12CD34E AMAZON.DE LU' },
  { bank: 'card statement', card: true, lines: ['HOTEL ADLER, INNSBRUCK', 'EUR 212,00'], expect: 'HOTEL ADLER, INNSBRUCK' },
  { bank: 'card statement', card: true, lines: ['Auslandseinsatzentgelt 1,75 %'], expect: '' },
  // ── PayPal account statements ──
  { bank: 'PayPal', lines: ['Zahlung an Musterhandel GmbH', 'Transaktionscode: 4XH12345AB6789012'], expect: 'Musterhandel GmbH' },
  { bank: 'PayPal', lines: ['Allgemeine Zahlung', 'Jana Richter', 'Transaktionscode: 1AB23456CD7890123'], expect: 'Jana Richter' },
];
