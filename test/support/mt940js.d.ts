/** The part of mt940js (an independent MT940 parser, Apache-2.0) the export tests read back with; it ships no types. */
declare module 'mt940js' {
  export interface Mt940Transaction {
    /** Value date (UTC midnight). */
    date: Date;
    /** Booking ("entry") date, or '' when the :61: has none. */
    entryDate: Date | '';
    amount: number;
    isReversal: boolean;
    currency: string;
    transactionType: string;
    reference: string;
    details: string;
    structuredDetails?: Record<string, string>;
  }
  export interface Mt940Statement {
    transactionReference: string;
    accountIdentification: string;
    number: { statement: string; sequence: string; section: string };
    openingBalanceDate: Date;
    closingBalanceDate: Date;
    currency: string;
    openingBalance: number;
    closingBalance: number;
    informationToAccountOwner?: string;
    transactions: Mt940Transaction[];
  }
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): Mt940Statement[];
  }
  const mt940js: { Parser: typeof Parser };
  export default mt940js;
}
