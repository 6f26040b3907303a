import type { DocumentType } from '../../src/domain/document-types.js';

/**
 * One sample document per type, written for the tests in the way such documents are printed
 * (not derived from the classifier's signal list or the extraction rules): the classifier test
 * checks their type, the analysis test what the rules extract from them.
 */
export const SAMPLE_TEXTS: Record<DocumentType, string> = {
  kontoauszug: `Sparkasse Fürth
Kontoauszug 3/2026   Blatt 1 von 2
Girokonto   IBAN DE12 7625 0000 0012 3456 78   BIC BYLADEM1SFU
Jürgen Weiß, Straße der Einheit 5, 90762 Fürth
Buchungstag  Wert   Vorgang / Buchungsinformation                  Soll      Haben
                    Alter Kontostand vom 28.02.2026                          1.204,33
02.03.  02.03.      Lastschrift Stadtwerke Fürth Strom Abschlag März
                    EREF+ 4711-2026-03 MREF+ SWF-123456             84,00
03.03.  03.03.      Gutschrift Gehalt März Müller & Söhne GmbH               3.412,57
05.03.  04.03.      Kartenzahlung Bäckerei Groß Fürth                 7,45
07.03.  07.03.      Überweisung Miete Wohnung Königstraße        1.150,00
                    Neuer Kontostand vom 31.03.2026                          3.375,45
Bitte erheben Sie Einwendungen gegen einzelne Buchungen unverzüglich.`,

  steuerbescheid: `Finanzamt Nürnberg-Süd   Sandstraße 20   90443 Nürnberg
Steuernummer 241/123/45678   Datum 14.05.2026
Herrn und Frau Jürgen und Anna Weiß
Bescheid für 2025 über Einkommensteuer, Solidaritätszuschlag und Kirchensteuer
Festsetzung                      Einkommensteuer   Solidaritätszuschlag   Kirchensteuer ev
festgesetzt werden                 9.876,00 €             0,00 €             790,08 €
Besteuerungsgrundlagen: Einkünfte aus nichtselbständiger Arbeit 52.340 €
Zu versteuerndes Einkommen 48.112 €
Abrechnung: bereits gezahlt 10.990,00 €; Erstattung 323,92 €. Der Betrag wird auf Ihr Konto überwiesen.
Die Festsetzung ist nach § 165 Abs. 1 Satz 2 AO vorläufig hinsichtlich ...
Rechtsbehelfsbelehrung: Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist für die
Einlegung des Einspruchs beträgt einen Monat ab Bekanntgabe dieses Bescheids.`,

  lohnabrechnung: `Müller & Söhne GmbH · Industriestraße 12 · 90765 Fürth
Verdienstabrechnung März 2026
Personal-Nr. 00421   Frau Anna Weiß   Eintritt 01.09.2019   Steuerklasse 4   Kinderfreibetrag 1,0   Konfession ev
Bezeichnung                 Menge    Betrag
Gehalt                               4.100,00
VWL Arbeitgeberanteil                   40,00
Gesamtbrutto                         4.140,00
Steuerrechtliche Abzüge: Lohnsteuer 612,25  Solidaritätszuschlag 0,00  Kirchensteuer 48,98
Sozialversicherung: KV-Beitrag 360,18  RV-Beitrag 385,02  AV-Beitrag 53,82  PV-Beitrag 74,52
Nettoverdienst                       2.605,23
VWL-Überweisung                        -40,00
Auszahlungsbetrag                    2.565,23   überwiesen auf DE12 7625 0000 0012 3456 78
Urlaub: Anspruch 30 Tage, genommen 6, Rest 24`,

  mahnung: `Inkasso Nordbayern GmbH · Postfach 1122 · 90002 Nürnberg
Herrn Jürgen Weiß, Straße der Einheit 5, 90762 Fürth
Nürnberg, 10.04.2026   Unser Zeichen: IK-2026-0815
Forderung der Versandhaus Quelle-Nachfolger AG aus Rechnung Nr. 55123 vom 12.01.2026
Sehr geehrter Herr Weiß,
unsere Mandantin hat uns mit dem Einzug der oben genannten Forderung beauftragt. Trotz Mahnung
unserer Mandantin haben Sie den offenen Betrag bisher nicht beglichen.
Hauptforderung 249,90 €   Mahnkosten der Gläubigerin 5,00 €   Inkassokosten 70,20 €
Verzugszinsen 4,12 €   Gesamtforderung 329,22 €
Bitte überweisen Sie den Gesamtbetrag bis zum 24.04.2026 auf das unten genannte Konto.
Andernfalls werden wir unserer Mandantin empfehlen, das gerichtliche Mahnverfahren einzuleiten.
Mit freundlichen Grüßen`,

  kuendigung: `Müller & Söhne GmbH · Personalabteilung · Industriestraße 12 · 90765 Fürth
Frau Anna Weiß, Straße der Einheit 5, 90762 Fürth
Fürth, 27.03.2026
Kündigung Ihres Arbeitsverhältnisses
Sehr geehrte Frau Weiß,
hiermit kündigen wir das mit Ihnen bestehende Arbeitsverhältnis ordentlich und fristgerecht
zum 30.06.2026, hilfsweise zum nächstmöglichen Zeitpunkt. Der Betriebsrat wurde vor Ausspruch
der Kündigung angehört.
Wir weisen Sie darauf hin, dass Sie verpflichtet sind, sich spätestens drei Monate vor der
Beendigung des Arbeitsverhältnisses persönlich bei der Agentur für Arbeit arbeitsuchend zu melden.
Ihren Resturlaub bitten wir bis zum Ende der Kündigungsfrist zu nehmen. Ein qualifiziertes
Arbeitszeugnis erhalten Sie mit der letzten Abrechnung.
Mit freundlichen Grüßen   i. A. Hans Schäfer, Personalleiter`,

  bussgeldbescheid: `Zentrale Bußgeldstelle im Bayerischen Polizeiverwaltungsamt · Postfach 13 46 · 94281 Viechtach
Herrn Jürgen Weiß, Straße der Einheit 5, 90762 Fürth
Aktenzeichen 7.1234567.8   Datum 02.04.2026
Bußgeldbescheid
Sehr geehrter Herr Weiß, Ihnen wird vorgeworfen, am 11.03.2026 um 14:32 Uhr in Fürth,
Würzburger Straße, als Führer des PKW mit dem Kennzeichen FÜ-JW 123 folgende
Verkehrsordnungswidrigkeit nach § 24 StVG begangen zu haben:
Sie überschritten die zulässige Höchstgeschwindigkeit innerhalb geschlossener Ortschaften um 23 km/h.
§ 41 Abs. 1 iVm Anlage 2, § 49 StVO; § 24 Abs. 1, 3 Nr. 5 StVG; 11.3.4 BKat
Geldbuße 150,00 €   Gebühren 28,50 €   Auslagen 3,50 €   Gesamtbetrag 182,00 €
Im Fahreignungsregister wird 1 Punkt eingetragen.
Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb von zwei Wochen nach Zustellung
Einspruch nach § 67 OWiG eingelegt werden.`,
};
