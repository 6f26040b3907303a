import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/**
 * Real PDFs with a text layer, made on the fly for HTTP tests: each page is a list of lines
 * printed top-down in Helvetica (WinAnsi covers ä ö ü ß €). Nothing is committed.
 */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595.28, 841.89]); // A4 in points
    let y = 790;
    for (const line of lines) {
      page.drawText(line, { x: 56, y, size: 10, font });
      y -= 14;
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/** A German payslip: clearly a lohnabrechnung, clearly not a bank statement. */
export function payslipLines(marker = ''): string[] {
  return [
    'Musterfirma GmbH · Industriestraße 5 · 70173 Stuttgart',
    'Verdienstabrechnung Oktober 2026',
    `Personalnummer 004711 ${marker}`.trim(),
    'Steuerklasse 1   Kinderfreibeträge 0,0   Konfession rk',
    'Gehalt                                   3.500,00 €',
    'Gesamtbrutto                             3.500,00 €',
    'Lohnsteuer                                 456,25 €',
    'Solidaritätszuschlag                         0,00 €',
    'Kirchensteuer                               36,50 €',
    'Krankenversicherung                        285,25 €',
    'Rentenversicherung                         325,50 €',
    'Arbeitslosenversicherung                    45,50 €',
    'Pflegeversicherung                          63,00 €',
    'Nettoverdienst                           2.288,00 €',
    'Auszahlungsbetrag                        2.288,00 €',
  ];
}

/** A German bank statement page: clearly a kontoauszug. */
export function statementLines(marker = ''): string[] {
  return [
    'Sparkasse Musterstadt',
    'Kontoauszug Nr. 10/2026   IBAN DE89 3704 0044 0532 0130 00   BIC COBADEFFXXX',
    'Buchungstag  Wert   Vorgang                                   Betrag EUR',
    'Alter Kontostand vom 30.09.2026                               1.250,00',
    `01.10.  01.10.  Lastschrift Stadtwerke Musterstadt ${marker}   -84,00`.trim(),
    '02.10.  02.10.  Gutschrift Lohn/Gehalt Musterfirma GmbH       2.288,00',
    '05.10.  05.10.  Kartenzahlung REWE Markt                      -45,90',
    '07.10.  07.10.  Überweisung Miete Oktober                    -950,00',
    'Neuer Kontostand vom 31.10.2026                               2.458,10',
  ];
}

/** A letter that is none of the six document types. */
export function invitationLines(): string[] {
  return [
    'Liebe Anna,',
    'wir laden dich herzlich zu unserem Sommerfest am Samstag ein.',
    'Es gibt Kuchen, Musik und gute Laune im Garten.',
    'Bitte sag uns bis Freitag Bescheid, ob du kommst.',
    'Viele Grüße, Familie Schmidt',
  ];
}

/** A minimal PNG (1×1 white pixel). */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d605c90000000049454e44ae426082',
  'hex',
);
