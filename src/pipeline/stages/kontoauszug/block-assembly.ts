import type { PrintedDate } from '../../../domain/german-dates.js';
import type { BlockLayout } from './block-layout.js';
import type { Event, Posting } from './posting.js';
import type { Started, StartRule } from './posting-start.js';

/**
 * What the block assembler (blocks.ts) decided before reading line by line: the layout and the
 * rules that follow from it. Read-only while the lines are placed.
 */
export interface AssemblyRules {
  layout: BlockLayout;
  dayGrouped: boolean;
  /** Per line: its date heading where it names its weekday (a bare date line is a value date or a letter date), else null. */
  dayHeadings: readonly (PrintedDate | null)[];
  /** Rows that open a day whose heading OCR lost entirely, with that day (day-groups.ts headingLostRows). */
  lostDays: ReadonlyMap<number, PrintedDate>;
  /** Weekday date headings over rows with a (value) date of their own: the heading dates the booking. */
  headingDays: boolean;
  startPosting: StartRule;
  /** BlockOptions.undatedRows: a line without a date may start a posting of the day above. */
  undatedRows: boolean;
}

/** The assembler's state while it walks the lines in reading order; the place* and take* steps update it. */
export interface Assembly {
  events: Event[];
  /** Closing balances of summary rows, emitted after the postings. */
  deferred: Event[];
  /** The open posting, which a following line may continue. */
  current: Posting | null;
  /** A stacked posting waiting for its amount line. */
  awaiting: Started['awaiting'];
  /** The date of the last day heading. */
  day: PrintedDate | null;
  /** The booking date of the last posting started, carried to a posting that prints none. */
  booked: PrintedDate | null;
  /** Inside a section of pending rows ("Vorgemerkte Umsätze"): not booked, so no postings. */
  pendingRows: boolean;
  /**
   * Since the last posting, the list ended or was interrupted: a balance that opens or closes, a
   * section heading, or a line with an amount or a date that is no posting's. No day runs on
   * past it. Page furniture (words alone: footers, the next page's letterhead) and carried
   * balances (Übertrag) do not interrupt a day.
   */
  stray: boolean;
  /** Postings started on lines without a date (BlockResult.undated). */
  undated: number;
}

export function newAssembly(): Assembly {
  return { events: [], deferred: [], current: null, awaiting: null, day: null, booked: null, pendingRows: false, stray: false, undated: 0 };
}

/** No line continues the open posting any more (a stacked posting's wait ends with it). */
export function closePosting(st: Assembly): void {
  st.current = null;
  st.awaiting = null;
}
