/**
 * The words of German (and app-English) statements and the role each plays — one table, compiled
 * once into the patterns the stages test with. A stage never spells a role word itself; it asks
 * for the compiled pattern of the role (`statementPatterns.opening`, `.debitHeader` …).
 *
 * Contract: every phrase is a regular-expression source over text folded by `fold`
 * (`./fold.ts`: lower case, umlauts kept, white space collapsed), unless the pattern below says
 * it is matched case-insensitively on the printed text. Phrases are alternatives; the order of a
 * role's phrases is the order they are tried in, which only matters where a match is captured.
 *
 * Known drift, kept on purpose in this step (issue 11 moves words, it does not change results):
 * some roles exist in two spellings because two rules used different lists. They are named
 * side by side (`opening` / `summaryOpening`, `balanceWordStart` / `balanceWord` …) so the
 * difference is visible in one place; unifying them is a behaviour change to be measured on
 * its own (e.g. `eröffnungssaldo` opens a summary row but is not an opening-balance line).
 */
const R = String.raw;

export const STATEMENT_WORDS = {
  // ── balance lines (balances.ts) ────────────────────────────────────────────────────────────
  /** An opening balance line: "Alter Kontostand", "Saldo alt", "Anfangssaldo", "Vortrag" … */
  opening: [
    R`alt \(\d`, 'alter? (kontostand|saldo|buchungssaldo)', '(buchungs)?saldo alt', 'saldo vorher',
    'saldo (der )?letzten? (abrechnung|auszug|kontoauszug)', 'saldo (aus )?vor(abrechnung|monat|periode)',
    'vorheriger saldo', 'letzter saldo', 'anfangssaldo', 'anfangsbestand', 'startsaldo', 'vortrag',
    'saldovortrag', 'kontostand (zu beginn|beginn|anfang)',
  ],
  /** A closing balance line: "Neuer Kontostand", "Saldo neu", "Endsaldo" … */
  closing: [
    R`neu \(\d`, 'neuer? (kontostand|saldo|buchungssaldo)', '(buchungs)?saldo neu', 'endsaldo', 'endbestand',
    'schlusssaldo', 'schlussbestand', 'kontostand (zum ende|ende)',
  ],
  /** A balance at a date, opening or closing by its place: a line starting "Kontostand", "Saldo" … */
  balanceAtStart: ['kontostand', 'saldo', 'kontosaldo'],
  /** … or "Kontostand am / vom / per / zum …" anywhere in the line. */
  balanceAtDate: ['kontostand', 'saldo'],
  /** Carry-overs and subtotals, which repeat what the postings say: "Übertrag", "Zwischensumme", "Summe Soll" … */
  carry: [
    'valutarische[rn]? saldo', 'übertrag', 'uebertrag', 'zwischensumme', 'zwischensaldo',
    'summe (soll|haben|der umsätze|umsätze|belastungen|gutschriften)', 'umsatzsumme', R`summe\b`, 'gesamtumsatz',
    'seitensumme',
  ],
  /** The carry word that, right after a posting's date, still makes a balance line ("31.10. Übertrag von Seite 1"). */
  datedCarry: ['übertrag', 'uebertrag'],
  /** Where a dated carry-over comes from or goes to: "von Seite 1", "auf Folgeseite". */
  carryPlace: ['seite', 'blatt', 'vorseite', 'folgeseite'],
  /** Words that, right after a posting's date, make the line a balance line ("31.10 FR ENDSALDO"). */
  datedBalance: ['alter?', 'neuer?', 'saldo', 'kontostand', 'anfangssaldo', 'endsaldo', 'zwischensumme', 'saldovortrag'],
  /** The header of a summary row (“Anfangssaldo … Endsaldo” over one row of amounts): its opening word … */
  summaryOpening: ['anfangssaldo', 'alter saldo', 'saldo alt', 'startsaldo', 'eröffnungsbilanz', 'eröffnungssaldo'],
  /** … and its closing word. */
  summaryClosing: ['endsaldo', 'neuer saldo', 'saldo neu', 'schlusssaldo', 'abschlusssaldo'],
  /** A short label line that may be a balance whose amount stands nearby (case-insensitive, printed text). */
  balanceHint: ['übertrag', 'saldo', 'kontostand'],
  /** A line starting with a balance word (lines.ts: such a line is never a wrapped amount's tail). Case-insensitive. */
  balanceWordStart: ['alter', 'neuer', 'kontostand', 'saldo', 'anfangssaldo', 'endsaldo'],
  /** A balance word anywhere in a line, as a whole word. Case-insensitive. */
  balanceWord: ['kontostand', 'saldo', 'buchungssaldo', 'anfangssaldo', 'endsaldo'],

  // ── column headers (columns.ts, date-columns.ts) ───────────────────────────────────────────
  /** Debit column: "Soll", "Belastung", "Ausgang", "zu Ihren Lasten" … */
  debitHeader: ['soll', 'belastung', 'belastungen', 'ausgang', 'ausgänge', 'abgang', 'zahlungsausgang', 'ausgaben', 'lasten', 'lastschrift', 'lastschriften'],
  /** Credit column: "Haben", "Gutschrift", "Eingang", "zu Ihren Gunsten" … */
  creditHeader: ['haben', 'gutschrift', 'gutschriften', 'eingang', 'eingänge', 'zugang', 'zahlungseingang', 'einnahmen', 'gunsten'],
  /** Running-balance column: "Saldo", "Kontostand", "Guthaben/Kredit". */
  balanceHeader: ['saldo', 'kontostand', 'guthaben', R`guthaben\/kredit`],
  /** One signed or unsigned amount column: "Betrag", "Umsatz". */
  amountHeader: ['betrag', 'umsatz'],
  /** Other words of a column-header line, which carry no column role (dates, text, filler). */
  otherHeader: [
    'buchung', 'buchungstag', 'buchungsdatum', R`bu\.?-?tag`, 'datum', 'tag', 'wert', 'valuta', 'wertstellung', 'vorgang',
    'verwendungszweck', 'buchungstext', 'text', 'erläuterung', 'umsatzart', 'empfänger', 'auftraggeber',
    'zahlungspflichtiger', 'zahlungsempfänger', 'eur', 'euro', 'in', R`\(eur\)`, 'wir', 'für', 'sie', 'gebucht', 'art',
    'beschreibung', 'details', 'typ', 'produkt', 'angaben', 'umsätzen', 'umsätze', 'zu', 'ihren', 'ihre', 'den',
  ],
  /** The booking-date column: "Buchungstag", "Buchung" (not "Buchungstext"), "Bu-Tag" … (word prefix). */
  bookingDateHeader: ['buchung(?!s?text)', 'buchungs?tag', 'buchungsdatum', 'gebucht', 'bu-?tag', R`bu\.-?tag`, R`buch\.-?tag`],
  /** A date column that is not the booking date: "Beleg", "Kaufdatum", "Umsatztag", "Wert", "Valuta" … (word prefix). */
  otherDateHeader: [
    'beleg', 'belegdatum', 'kauf', 'kaufdatum', 'kauftag', 'einkauf', 'umsatztag', 'umsatzdatum', 'transaktion',
    'transaktionsdatum', R`trans\.?-?datum`, 'wert$', 'wertstellung', 'valuta',
  ],
  /** The value-date column: "Valuta", "Wert", "Wertstellung". */
  valueDateHeader: ['valuta', 'wert', 'wertstellung'],
  /** A header naming a value-date column, in the order blocks.ts has always tried them. Case-insensitive. */
  valueDateColumn: ['wertstellung', 'valuta', 'wert'],
  /** The label of a booking-date heading over a day's postings: "Buchungsdatum: 05.03.2026". */
  dateHeadingLabel: ['buchungsdatum', 'buchungstag', 'buchung', 'gebucht', 'datum', 'am', 'vom'],
  /** A counterparty column: "Empfänger/Auftraggeber", "Zahlungsempfänger", "Begünstigter" … (word prefix; `name` whole). */
  partyHeader: [
    'empf(ä|ae|a)nger', 'auftraggeber', 'zahlungsempf(ä|ae|a)nger', 'zahlungspflichtiger', 'beg(ü|ue|u)nstigter', 'gegenpartei',
    'gegenseite', 'name$', 'zahlungsbeteiligter',
  ],
  /** A page mark ("Seite 2 von 3", "Blatt 1/2"), which ends a posting. Case-insensitive, printed text. */
  pageWord: ['seite', 'blatt'],

  // ── posting types (sign.ts, counterparty.ts) ──────────────────────────────────────────────
  /** A type that starts a credit: "Gutschrift", "Lohn", "Zahlungseingang", "Zinsen", "Verkauf" … */
  creditType: [
    'gutschrift', 'gutschr', 'überweisungsgutschrift', 'echtzeitgutschrift', 'lohn', 'gehalt', 'rente', 'bezüge',
    'zahlungseingang', 'eingang', 'einzahlung', 'bareinzahlung', 'bargeldeinzahlung', 'habenzinsen', 'zinsgutschrift',
    'erstattung', 'rückerstattung', 'dividende', 'storno', 'rücklastschrift', 'rückbuchung', 'retoure', 'eingehende',
    'zinsen', 'zinszahlung', 'zinsertrag', 'ertrag', 'ertragsgutschrift', 'scheckeinzug', 'scheckeinreichung',
    'scheckgutschrift', 'belohnung', 'prämie', 'bonus', 'cashback', 'verkauf',
  ],
  /** A type word that says debit wherever it stands in the type: "Lastschrift", "Kartenzahlung", "Kauf" … */
  debitType: [
    'lastschrift', 'kartenzahlung', 'kartenumsatz', 'überweisung', 'ueberweisung', 'dauerauftrag', 'auszahlung',
    'bargeld', 'entgelt', 'gebühr', 'sollzinsen', 'abbuchung', 'zahlungsausgang', 'ausgang', 'einzug', '(?<!ver)kauf',
    'steuer',
  ],
  /** Credit words that count anywhere in the posting's text (whole words). */
  creditAnywhere: ['gutschrift', 'lohn', 'gehalt', 'zahlungseingang', 'erstattung', 'einzahlung', 'habenzinsen', 'guthabenzinsen', 'zinsgutschrift', 'zinsertrag', 'belohnung'],
  /** App-English credit words, anywhere: "Accepted PayIn", "incoming", "received". */
  creditAnywhereEnglish: ['pay ?in', 'incoming', 'received'],
  /** App-English debit words, anywhere: "PayOut", "outgoing". */
  debitAnywhereEnglish: ['pay ?out', 'outgoing'],
  /** Words that say money came in, for a transfer that goes either way (whole words; the last a prefix). */
  incoming: [R`\bpay ?in\b`, R`\bincoming\b`, R`\breceived\b`, R`\bzahlungseingang\b`, R`\beingehende`],
  /** A type word that says credit inside a longer type ("Überweisungsgutschrift …"). */
  creditTypeInside: ['gutschrift', 'zahlungseingang'],
  /** A bare transfer, which goes either way. */
  transfer: ['überweisung', 'ueberweisung', 'transfer', 'umbuchung', 'übertrag'],
  /** A booking named with its side after it: "INTERNE UMBUCHUNG HABEN". */
  bookedSide: ['umbuchung', 'übertrag', 'uebertrag', 'buchung'],
  /** A settlement, which goes either way: "Abschluss", "Rechnungsabschluss", "Abrechnung" (kind prefix, then word). */
  settlementKind: ['konto', 'rechnungs', 'zins', 'quartals'],
  settlement: ['abschluss', 'abschluß', 'abrechnung'],
  /** A settlement's credit words … */
  settlementCredit: ['habenzins', 'guthabenzins', 'zinsgutschrift', 'zinsertrag', 'zinsen haben', 'gutschrift'],
  /** A line that states a settlement's result (the Rechnungsabschluss annex): "Abrechnung 30.06.2023 222,74+". */
  settlementLine: ['abrechnung', 'abschluss', 'abschluß', 'rechnungsabschluss'],
  /** Charges card statements book on a line of their own under a purchase. Case-insensitive, printed text. */
  cardCharge: [
    'währungsumrechnung', 'umrechnungsentgelt', 'auslandseinsatz', 'einsatz der karte im ausland', 'fremdwährungs(entgelt|gebühr)',
    'auslandsentgelt', 'wechselkursaufschlag',
  ],
  /** … and its debit words. */
  settlementDebit: ['sollzins', 'überziehung', 'dispo', 'entgelt', 'gebühr', 'kontoführung', 'auslagen', 'porto'],
  /** Interest earned by kind, before "zinsen": "Tagesgeldzinsen", "Habenzinsen" … */
  interestEarnedKind: ['haben', 'guthaben', 'tagesgeld', 'festgeld', 'spar', 'kapital'],
  interestEarned: ['zinsgutschrift', 'zinsertrag'],
  /** Interest charged by kind, before "zinsen": "Sollzinsen", "Dispozinsen" … */
  interestChargedKind: ['soll', 'überziehungs', 'dispo', 'kredit', 'darlehens', 'verzugs'],
  /** Types that are debits whatever the layout says … */
  onlyDebit: ['lastschrift', 'kartenzahlung', 'kartenumsatz', 'dauerauftrag', 'entgelt', 'gebühr', 'abbuchung', 'bargeldauszahlung', 'geldautomat'],
  /** … unless they are returned or refunded. */
  reversal: ['rücklastschrift', 'storno', 'erstattung', 'gutschrift'],
  /** The words a posting-type phrase is made of, at the start of a posting's text (case-insensitive). */
  typeWord: [
    'sepa', 'basis', 'basislastschrift', 'firmenlastschrift', 'lastschrift', 'lastschriften', 'überweisung', 'ueberweisung',
    'überweisungsgutschrift', 'echtzeitüberweisung', 'echtzeit', 'gutschrift', R`gutschr\.`, 'kartenzahlung', 'kartenumsatz',
    'kartentransaktion', 'debitkarte', 'girocard', 'dauerauftrag', 'zahlungseingang', 'zahlungsausgang', 'eingang',
    'ausgang', 'lohn', 'gehalt', 'rente', 'bezüge', 'entgelt', 'entgelte', 'abschluss', 'abschluß', 'rechnungsabschluss',
    'rechnungsabschluß', 'kontoabschluss', 'kontoabschluß', 'zinsabschluss', 'zinsabschluß', 'zinsen', 'habenzinsen',
    'sollzinsen', 'zinsgutschrift', 'zins', 'bargeldauszahlung', 'bargeldeinzahlung', 'bargeldabhebung', 'barabhebung',
    'abhebung', 'auszahlung', 'einzahlung', 'bareinzahlung', 'barauszahlung', 'geldautomat', 'gaa', 'retoure',
    'rücklastschrift', 'rückbuchung', 'storno', 'gebühr', 'gebühren', 'kontoführung', 'kontoführungsentgelt', 'übertrag',
    'umbuchung', 'auslandsüberweisung', 'sonstige', 'buchung', 'onlinebanking', R`dauerauftr\.`, 'einzug', 'abbuchung',
    'erstattung', 'steuern', 'kapitalertragsteuer', 'dividende', 'wertpapierkauf', 'sparplan', 'vormerkung', 'ausführung',
    'terminüberweisung', 'sammelüberweisung', 'lastschrifteinzug', 'gutschrift/lohn', 'lohn/gehalt', 'an', 'von',
    'zinszahlung', 'prämie',
    // App-English types of German neobanks.
    'card transaction', 'card payment', 'direct debit', 'transfer', 'savings plan', 'standing order', 'interest',
    'reward', 'cash withdrawal', 'fee',
  ],
  /**
   * Types that name no counterparty: fees, interest, settlements, securities trades, taxes on
   * interest, cash at a machine (the place of the machine is no payee) (case-insensitive).
   */
  noParty: [
    'wertpapierkauf', 'wertpapierverkauf', 'entgelt', 'entgelte', 'abschluss', 'abschluß', 'rechnungsabschluss',
    'rechnungsabschluß', 'kontoabschluss', 'kontoabschluß', 'zinsabschluss', 'zinsabschluß', 'zinsen', 'habenzinsen',
    'sollzinsen', 'zinsgutschrift', 'gebühr', 'gebühren', 'kontoführung', 'kontoführungsentgelt', 'steuern',
    'kapitalertragsteuer', 'kapitalertragssteuer', 'abgeltungsteuer', 'abgeltungssteuer', 'solidaritätszuschlag',
    'kirchensteuer', 'zins', 'bargeldauszahlung', 'barauszahlung', 'bargeldabhebung', 'barabhebung', 'bargeldeinzahlung',
    'bareinzahlung', 'abrechnung', 'sparplan', 'zinszahlung', 'prämie', 'savings plan', 'interest', 'reward', 'fee',
    'cash withdrawal', 'kontoführungsgebühr', 'kontoführungsgebühren', 'bezug', 'bargeldbezug', 'behebung',
  ],
} as const satisfies Record<string, readonly string[]>;

export type StatementRole = keyof typeof STATEMENT_WORDS;

/** The role's phrases as one alternation (no group). */
function any(...roles: StatementRole[]): string {
  return roles.flatMap((r) => STATEMENT_WORDS[r]).join('|');
}

/**
 * The compiled patterns, built once at module load. Each keeps the anchoring and flags of the rule
 * that uses it (a whole header word, a prefix of a type, anywhere in a line); the comment names
 * what the pattern is tested against.
 */
export const statementPatterns = Object.freeze({
  /** Folded line text. */
  opening: new RegExp(R`\b(${any('opening')})`, 'u'),
  closing: new RegExp(R`\b(${any('closing')})`, 'u'),
  balanceAt: new RegExp(R`^(${any('balanceAtStart')})\b|\b(${any('balanceAtDate')}) (am|vom|per|zum)\b`, 'u'),
  carry: new RegExp(R`(?<!\p{L})(${any('carry')})`, 'u'),
  /** Folded rest of a dated line, its trailing amount removed: a carry-over, not a transfer. */
  datedCarry: new RegExp(R`^(${any('datedCarry')})(\s+(von|aus|auf)\s+(der\s+)?(${any('carryPlace')})\b.*)?\s*[\d.,+\-SH€]*$`, 'u'),
  /** Folded rest of a dated line: a balance word right after the date(s). */
  datedBalance: new RegExp(R`^(\d{1,2}\.\d{1,2}\.\d{0,4} )?(${any('datedBalance')})\b`, 'u'),
  /** Folded header line of a summary row. */
  summaryOpening: new RegExp(any('summaryOpening'), 'u'),
  summaryClosing: new RegExp(any('summaryClosing'), 'u'),
  /** Printed line text. */
  balanceHint: new RegExp(any('balanceHint'), 'iu'),
  /** Printed line text: a line starting with a date or a balance word. */
  dateOrBalanceStart: new RegExp(R`^(\d{1,2}\.\d{1,2}\.|${any('balanceWordStart')})`, 'iu'),
  balanceWord: new RegExp(R`\b(${any('balanceWord')})\b`, 'iu'),

  /** One folded header word (trailing `:/|` removed). */
  headerWord: new RegExp(`^(${any('otherHeader', 'debitHeader', 'creditHeader', 'balanceHeader', 'amountHeader')})$`, 'u'),
  debitHeader: new RegExp(`^(${any('debitHeader')})$`, 'u'),
  creditHeader: new RegExp(`^(${any('creditHeader')})$`, 'u'),
  balanceHeader: new RegExp(`^(${any('balanceHeader')})$`, 'u'),
  amountHeader: new RegExp(`^(${any('amountHeader')})$`, 'u'),
  bookingDateHeader: new RegExp(`^(${any('bookingDateHeader')})`, 'u'),
  otherDateHeader: new RegExp(`^(${any('otherDateHeader')})`, 'u'),
  valueDateHeader: new RegExp(`^(${any('valueDateHeader')})$`, 'u'),
  /** Printed header line text. */
  valueDateColumn: new RegExp(R`\b(${any('valueDateColumn')})\b`, 'iu'),
  /** One folded word of a date heading. */
  dateHeadingLabel: new RegExp(`^(${any('dateHeadingLabel')})[:.]?$`, 'u'),
  /** One folded header cell's word. */
  partyHeader: new RegExp(`^(${any('partyHeader')})`, 'u'),
  /** Printed line text. */
  pageMark: new RegExp(R`^(${any('pageWord')})\s*\d+\s*((von|\/|of)\s*\d+)?\s*$`, 'iu'),

  /** Folded type phrase (or first line). */
  creditType: new RegExp(R`^(${any('creditType')})\b`, 'u'),
  debitType: new RegExp(`(${any('debitType')})`, 'u'),
  creditTypeInside: new RegExp(any('creditTypeInside'), 'u'),
  /** Folded posting text. */
  creditAnywhere: new RegExp(R`(\b(${any('creditAnywhere')})\b|${STATEMENT_WORDS.creditAnywhereEnglish.map((w) => R`\b${w}\b`).join('|')})`, 'u'),
  debitAnywhere: new RegExp(`(${STATEMENT_WORDS.debitAnywhereEnglish.map((w) => R`\b${w}\b`).join('|')})`, 'u'),
  incoming: new RegExp(`(${any('incoming')})`, 'u'),
  transfer: new RegExp(`^(${any('transfer')})$`, 'u'),
  bookedSide: new RegExp(R`\b(${any('bookedSide')})\s+(haben|soll)\b`, 'u'),
  settlement: new RegExp(`^(${any('settlementKind')})?(${any('settlement')})`, 'u'),
  settlementCredit: new RegExp(`(${any('settlementCredit')})`, 'u'),
  settlementDebit: new RegExp(`(${any('settlementDebit')})`, 'u'),
  /** Folded line text. */
  settlementLine: new RegExp(R`\b(${any('settlementLine')})\b`, 'u'),
  /** Printed line text. */
  cardCharge: new RegExp(`(${any('cardCharge')})`, 'iu'),
  interestEarned: new RegExp(`(${any('interestEarnedKind')})zinsen|${any('interestEarned')}`, 'u'),
  interestCharged: new RegExp(`(${any('interestChargedKind')})zinsen`, 'u'),
  onlyDebit: new RegExp(`(${any('onlyDebit')})`, 'u'),
  reversal: new RegExp(`(${any('reversal')})`, 'u'),
  /** Source of one type word, for the type-phrase pattern of counterparty.ts (case-insensitive there). */
  typeWordSource: `(?:${any('typeWord')})`,
  /** Folded first line. */
  noParty: new RegExp(R`^(${any('noParty')})\b`, 'iu'),
});
