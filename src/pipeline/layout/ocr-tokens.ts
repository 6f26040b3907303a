import { dayNumber, monthFromName, parseDayMonth } from '../../domain/german-dates.js';
import type { Page, TextCell } from '../model/document.js';

/**
 * OCR misreadings of the tokens a statement is built from, undone before the words become
 * lines — on OCR'd pages only (a text layer has no such errors). Each rule rewrites a word
 * only into a form that cannot mean anything else:
 *
 * - dates whose separators came out as `:` (`23:12:`, `16.12:`, the second as `;` or `,`:
 *   `16.12;`, `24.12,`) or
 *   carry a stray trailing mark (`09.09.2026.`, `17.11.2026,`); both separators must be there
 *   and the result must be a valid date, so a time (`09:05`, `09:05:30`) stays a time — but
 *   `25:01:25` is no time (there is no hour 25) and is the date 25.01.25;
 * - amounts with a stray trailing period (`864,91.`; not `19,11.`, which may be a date), a
 *   thousands point read as a comma or colon (`1,231,02`, `1:384,98-`: an amount has one
 *   decimal comma, and nothing else stands before its last three-digit group), the decimal
 *   comma read as `:` `;` `/` or `.` or lost after a thousands group (`=1601:13€`, `272.08`,
 *   `-1.51293€`; the colon and lost forms only with a sign or currency, the point form not where
 *   it could be a date), or junk between the amount and a glued Soll/Haben letter or trailing
 *   sign (`1.212,28:S`, `117,11:-`), and points or dashes between a figure and its glued
 *   currency (`0.00..EUR`);
 * - in a statement that marks amounts with `S`/`H`, a glued `S` read as a digit (`287,765`,
 *   `56,12°5`): a third decimal cannot be part of a euro amount there;
 * - a SEPA field label whose `+` came out as `-+` (`SVWZ-+Miete`);
 * - booking and value date printed as one cell (`07.07./07.07.`) whose slash came out as `1`,
 *   `l`, `I` or `|` (`07.07.107.07.`, read on phone photos of Postbank-style statements);
 * - then (normaliseOcrSign) an amount's minus read as `=`, `~` or a dash run, and its decimal
 *   comma read as `;`.
 *
 * And on the page, before and after the words (normaliseOcrPages):
 *
 * - an amount cut in two after its decimal comma (`=1.318,` `91€`) is one word again where the
 *   two stand closer than a glyph apart on one line;
 * - a mark the engine made out of paper grain (`-`, `:`, `;`, `=` read with low confidence, not
 *   touching a figure, and — for a sign — not next to an amount) is dropped: it would stand
 *   between a posting's dates or before its type and hide both; so is an unsure letter or digit
 *   whose box is under 0.3 of the page's text height, and a point, colon or dash taller than the
 *   text;
 * - in a Soll/Haben statement, an `S` apart from its amount read as `5` or `8` (`395,98` `5`);
 * - a date whose first point was lost (`1711.`), or an ISO date that lost one of its dashes
 *   (`2025-0923`), where its line prints a partner date (booking or value date) at most ten days
 *   away;
 * - a month-name date whose space was lost (`7.Okt.`, `22.Nov.`): day and month as two words.
 */
const DATE_LIKE = /^(\d{1,2})[.:](\d{1,2})[.:;,](\d{4}|\d{2})?[.,:;]?$/u;
const AMOUNT = String.raw`[-+=~\u2212\u2013\u2014]?(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}`;
const TRAILING_PERIOD = new RegExp(`^(${AMOUNT})\\.$`, 'u');
const COMMA_THOUSANDS = /^([-+=~\u2212\u2013\u2014]?\d{1,3})[,:;](\d{3}),(\d{2}(?:[SH€+-]|EUR)?)$/u;
const JUNK_BEFORE_SH = new RegExp(`^(${AMOUNT})[:;.'°,]([SH+-])$`, 'u');
const GLUED_S_AS_DIGIT = new RegExp(`^(${AMOUNT})[^\\d\\sSH]?[58$§]$`, 'u');
/** A minus (or its misreadings) or a plus before, a currency after: the word is an amount. */
const MARK = String.raw`[-+=~\u2212\u2013\u2014]`;
const INTEGER = String.raw`\d{1,3}(?:\.\d{3})+|\d+`;
const DECIMAL_AS_COLON = new RegExp(`^(${MARK}?)(${INTEGER})[/:;](\\d{2})(€|EUR)?$`, 'u');
const DECIMAL_AS_POINT = new RegExp(`^(${MARK}?)(${INTEGER})\\.(\\d{2})(€|EUR)?$`, 'u');
const DECIMAL_LOST = new RegExp(`^(${MARK}?)(\\d{1,3}(?:\\.\\d{3})*\\.\\d{3})(\\d{2})(€|EUR)?$`, 'u');
const JUNK_BEFORE_CURRENCY = /^([-+=~\u2212\u2013\u2014]?\d[\d.,:;]*\d)[.\-_:\u2013\u2014]{1,4}(€|EUR)$/u;
const SH_MARKED = new RegExp(`^${AMOUNT}[SH]$`, 'u');
const PLAIN_AMOUNT = new RegExp(`^${AMOUNT}$`, 'u');

const MINUS_MISREAD = /^(?:[=~\u2014\u2013\u2212-]{2,}|[=~\u2014])(?=\d)/u;
const SEMICOLON_DECIMAL = /^([+\-\u2212]?[\d.]*\d);(\d{2}(?:[SH+\-\u2212€])?)$/u;
const AMOUNT_WORD = /^[+\-\u2212]?\d[\d.]*,\d{2}(?:[SH+\-\u2212]|€|EUR)?$/iu;
/** An app amount with its euro sign glued on and no decimals (`-155€`, lines.ts appAmount). */
const GLUED_EURO_WORD = /^[+\-\u2212]?\d+(?:\.\d{2})?€$/u;

/**
 * An amount's minus read as `=`, `~`, a long dash or a dash run, its decimal comma read as `;`
 * (`=13;20` → `-13,20`, `=155€` → `-155€`): applied after normaliseOcrWord, kept only when the
 * word then reads as an amount.
 */
export function normaliseOcrSign(text: string): string {
  const signed = text.replace(MINUS_MISREAD, '-').replace(SEMICOLON_DECIMAL, '$1,$2');
  return signed !== text && (AMOUNT_WORD.test(signed) || GLUED_EURO_WORD.test(signed)) ? signed : text;
}

/**
 * A date whose digits came out partly as the letters that look like them (`13.0T` for `13.01`,
 * `O3.12.` for `03.12.`): `O`/`o` for 0, `I`/`l`/`T` for 1. The word must have a date's shape,
 * keep a digit of its own, and give a valid date (the final point may be missing; lines.ts
 * reads `13.01 13.01.` as booking and value date).
 */
const DATE_WITH_LETTERS = /^([\dOoIlT]{1,2})\.([\dOoIlT]{1,2})(\.(?:\d{2}|\d{4})?)?$/u;

function dateFromLetters(text: string): string | null {
  const m = DATE_WITH_LETTERS.exec(text);
  if (!m || !/\d/u.test(text) || !/[OoIlT]/u.test(text)) return null;
  // Without its final point only a full `DD.MM` (not `1.I`).
  if (m[3] === undefined && (m[1]!.length < 2 || m[2]!.length < 2)) return null;
  const digit = (s: string): string => s.replace(/[Oo]/gu, '0').replace(/[IlT]/gu, '1');
  const fixed = `${digit(m[1]!)}.${digit(m[2]!)}${m[3] ?? ''}`;
  return parseDayMonth(m[3] === undefined ? `${fixed}.` : fixed) ? fixed : null;
}

/**
 * Booking and value date printed as one cell with a slash (`07.07./07.07.`, `Buchung/Wert`) whose
 * slash came out as a stroke-like glyph (`07.07.107.07.`, `07.07.l07.07.`, `07.07.|07.07.`): two
 * `DD.MM.` dates with one glyph between them have no other reading (a year has two or four digits
 * and follows a date's second point directly), so the glyph is the slash. Both must be dates.
 */
const DATE_PAIR_SLASH = /^(\d{1,2}\.\d{1,2}\.)[1lI|!\\](\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?)$/u;

function datePair(text: string): string | null {
  const m = DATE_PAIR_SLASH.exec(text);
  return m && parseDayMonth(m[1]!) && parseDayMonth(m[2]!) ? `${m[1]}/${m[2]}` : null;
}

/** A SEPA field label (EREF+ … SVWZ+) whose plus came out with a dash before it (`SVWZ-+`). */
const SEPA_LABEL_DASH = /^(EREF|MREF|CRED|SVWZ|KREF|ABWA|ABWE|PURP)[-\u2013~]\+/u;

/** The word as the statement printed it, where an OCR misreading is unambiguous. */
export function normaliseOcrWord(read: string, sollHaben = false): string {
  if (SEPA_LABEL_DASH.test(read)) return read.replace(SEPA_LABEL_DASH, '$1+');
  // Points or dashes between a figure and its glued currency (`0.00..EUR`, `25,00.-€`: a
  // leader's last dots, a dash in the gap) belong to neither: the figure is an amount.
  const text = read.replace(JUNK_BEFORE_CURRENCY, '$1$2');
  const pair = datePair(text);
  if (pair) return pair;
  const lettered = dateFromLetters(text);
  if (lettered) return lettered;
  const date = DATE_LIKE.exec(text);
  // `09:05:30` is a time, not 09.05.2030: with a year, one separator must be a point — unless
  // the figures cannot be a time (`25:01:25`).
  if (date && (date[3] === undefined || /\./u.test(text.slice(0, -1)) || !isTime(date))) {
    const fixed = `${date[1]}.${date[2]}.${date[3] ?? ''}`;
    if (parseDayMonth(fixed)) return fixed;
  }
  const trailing = TRAILING_PERIOD.exec(text);
  // `19,11.` may be the date 19.11. as well (lines.ts reads it so): left alone.
  if (trailing && !parseDayMonth(text.replace(',', '.'))) return trailing[1]!;
  const thousands = COMMA_THOUSANDS.exec(text);
  if (thousands) return `${thousands[1]}.${thousands[2]},${thousands[3]}`;
  // The decimal comma read as another mark: `=1601:13€`, `272.08`, `-1.51293€`. Without a sign
  // or currency only the point form, and only where it cannot be a date (`12.05`) or a number
  // of another kind (`2024.10`: an amount of four digits prints its thousands point).
  const colon = DECIMAL_AS_COLON.exec(text);
  if (colon && (colon[1] || colon[4])) return `${colon[1]}${colon[2]},${colon[3]}${colon[4] ?? ''}`;
  const point = DECIMAL_AS_POINT.exec(text);
  if (point && (point[1] || point[4] || (/^\d{1,3}(?:\.\d{3})*$/u.test(point[2]!) && !parseDayMonth(`${point[2]}.${point[3]}.`)))) return `${point[1]}${point[2]},${point[3]}${point[4] ?? ''}`;
  const lost = DECIMAL_LOST.exec(text);
  if (lost && (lost[1] || lost[4])) return `${lost[1]}${lost[2]},${lost[3]}${lost[4] ?? ''}`;
  const junk = JUNK_BEFORE_SH.exec(text);
  if (junk) return `${junk[1]}${junk[2]}`;
  if (sollHaben) {
    const glued = GLUED_S_AS_DIGIT.exec(text);
    if (glued) return `${glued[1]}S`;
  }
  return text;
}

/** `hh:mm:ss` (or `hh:mm:yyyy` read as one) within a day's clock. */
function isTime(m: RegExpExecArray): boolean {
  return Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3] ?? 0) <= 59;
}

/**
 * True when the OCR'd words mark amounts with Soll/Haben letters: at least three amounts carry
 * an `S` or `H`, glued or as the next word.
 */
function marksSollHaben(pages: readonly Page[]): boolean {
  let n = 0;
  for (const page of pages) {
    if (page.source !== 'ocr') continue;
    page.cells.forEach((c, i) => {
      const next = page.cells[i + 1];
      if (SH_MARKED.test(c.text) || (PLAIN_AMOUNT.test(c.text) && next && /^[SH]$/u.test(next.text) && Math.abs(next.bbox.y - c.bbox.y) < c.bbox.height)) n++;
    });
  }
  return n >= 3;
}

const midY = (c: TextCell): number => c.bbox.y + c.bbox.height / 2;
/** Both on one text line: vertical centres closer than 0.6 of the taller box's height. */
const sameLine = (a: TextCell, b: TextCell): boolean => Math.abs(midY(a) - midY(b)) < Math.max(a.bbox.height, b.bbox.height) * 0.6;
/** Horizontal distance between two boxes (negative when they overlap). */
const gapX = (a: TextCell, b: TextCell): number => Math.max(a.bbox.x, b.bbox.x) - Math.min(a.bbox.x + a.bbox.width, b.bbox.x + b.bbox.width);

/** An amount cut after its decimal comma (`=1.318,` + `91€`) or before it (`1.318` + `,91€`). */
const HEAD_WITH_COMMA = new RegExp(`^(${MARK}?)(${INTEGER}),$`, 'u');
const TAIL_DIGITS = /^\d{2}(?:[SH+\-\u2212€]|EUR)?$/u;
const HEAD_NUMBER = new RegExp(`^(${MARK}?)(${INTEGER})$`, 'u');
const TAIL_WITH_COMMA = /^,\d{2}(?:[SH+\-\u2212€]|EUR)?$/u;

/**
 * The two halves of an amount the engine cut apart at its decimal comma, joined: they stand on
 * one line, less than half a glyph's height apart, and the halves say "amount" on their own (a
 * sign, a thousands point or a currency or S/H suffix), so `Nr. 1234, 56 Stück` stays prose.
 */
function joinCutAmounts(cells: readonly TextCell[]): TextCell[] {
  const out: TextCell[] = [];
  for (let i = 0; i < cells.length; i++) {
    const a = cells[i]!;
    const b = cells[i + 1];
    if (b && sameLine(a, b) && b.bbox.x > a.bbox.x && gapX(a, b) < Math.max(a.bbox.height, b.bbox.height) * 0.6) {
      const at = a.text.trim();
      const bt = b.text.trim();
      const head = HEAD_WITH_COMMA.exec(at) ?? (TAIL_WITH_COMMA.test(bt) ? HEAD_NUMBER.exec(at) : null);
      const tail = HEAD_WITH_COMMA.test(at) ? TAIL_DIGITS.test(bt) : TAIL_WITH_COMMA.test(bt);
      const says = head !== null && (head[1] !== '' || head[2]!.includes('.') || /\D$/u.test(bt));
      if (head && tail && says) {
        const x1 = Math.max(a.bbox.x + a.bbox.width, b.bbox.x + b.bbox.width);
        const y0 = Math.min(a.bbox.y, b.bbox.y);
        const y1 = Math.max(a.bbox.y + a.bbox.height, b.bbox.y + b.bbox.height);
        const joined: TextCell = { ...a, text: at + bt, bbox: { x: a.bbox.x, y: y0, width: x1 - a.bbox.x, height: y1 - y0 }, confidence: Math.min(a.confidence ?? 1, b.confidence ?? 1) };
        delete joined.alternative; // a half's other reading is no reading of the whole
        out.push(joined);
        i++;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}

/**
 * In a statement that marks amounts with `S`/`H`, an `S` printed apart from its amount and read
 * as `5`, `8`, `$` or `§` (`395,98` `5`): a lone figure of one glyph right after an amount is
 * no amount of its own there.
 */
function sollAsDigit(cells: readonly TextCell[]): TextCell[] {
  return cells.map((c, i) => {
    const prev = cells[i - 1];
    if (!prev || !/^[58$§]$/u.test(c.text.trim()) || !PLAIN_AMOUNT.test(prev.text.trim())) return c;
    if (!sameLine(prev, c) || gapX(prev, c) > prev.bbox.height * 1.5) return c;
    return { ...c, text: 'S' };
  });
}

/** A `DD.MM.` date whose first point the engine lost: `1711.` for `17.11.`. */
const DATE_LOST_POINT = /^(\d{2})(\d{2})\.$/u;
/** Booking and value date of one posting lie this close: a date printed beside the word is its partner. */
const PARTNER_DAYS = 10;

/** Days between two year-less dates, the shorter way round the year (`30.12.` – `02.01.` is 3). */
function daysApart(a: { month: number; day: number }, b: { month: number; day: number }): number {
  const n = (d: { month: number; day: number }): number => dayNumber({ year: 2001, month: d.month, day: d.day });
  const diff = Math.abs(n(a) - n(b));
  return Math.min(diff, 365 - diff);
}

/**
 * A booking date whose first point came out lost (`1711.` for `17.11.`, phone photos): four
 * digits and a point are a date only where the same line prints another `DD.MM.` date (the value
 * date, or the booking date beside a value date) at most PARTNER_DAYS away — a posting's two
 * dates. A reference number (`1711.`) with no such partner stays as read.
 */
function datesLostPoint(cells: readonly TextCell[]): TextCell[] {
  return cells.map((c) => {
    const m = DATE_LOST_POINT.exec(c.text.trim());
    if (!m) return c;
    const date = parseDayMonth(`${m[1]}.${m[2]}.`);
    if (!date) return c;
    const partner = cells.some((o) => {
      if (o === c || !sameLine(c, o)) return false;
      const d = /^\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?$/u.test(o.text.trim()) ? parseDayMonth(o.text.trim()) : null;
      return d !== null && daysApart(d, date) <= PARTNER_DAYS;
    });
    return partner ? { ...c, text: `${m[1]}.${m[2]}.` } : c;
  });
}

/** An ISO date that lost one of its dashes (`2025-0923`, `202509-23`). */
const ISO_LOST_DASH = /^(\d{4})(?:-(\d{2})(\d{2})|(\d{2})-(\d{2}))$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/**
 * An ISO date whose dash the engine lost (`2025-0923` for `2025-09-23`, the value date beside an
 * ISO booking date on a phone photo): a year, then four digits with one dash among them, is a
 * date only where the same line prints an ISO date at most PARTNER_DAYS away — as a `1711.` is
 * (datesLostPoint). A number with no such partner stays as read.
 */
function isoDatesLostDash(cells: readonly TextCell[]): TextCell[] {
  return cells.map((c) => {
    const m = ISO_LOST_DASH.exec(c.text.trim());
    if (!m) return c;
    const [year, month, day] = m[2] !== undefined ? [m[1]!, m[2], m[3]!] : [m[1]!, m[4]!, m[5]!];
    const date = parseDayMonth(`${day}.${month}.${year}`);
    if (!date) return c;
    const partner = cells.some((o) => {
      const p = o !== c && sameLine(c, o) ? ISO_DATE.exec(o.text.trim()) : null;
      const d = p ? parseDayMonth(`${p[3]}.${p[2]}.${p[1]}`) : null;
      return d !== null && daysApart(d, date) <= PARTNER_DAYS;
    });
    return partner ? { ...c, text: `${year}-${month}-${day}` } : c;
  });
}

/** A day and a month name glued together (`7.Okt.`, `22.Nov.`, `3.März`). */
const GLUED_DAY_MONTH = /^(\d{1,2}\.)(\p{L}{3,9}\.?)$/u;

/**
 * A month-name date whose space the engine lost (`7.Okt.` for `7. Okt.`, phone photos and scans
 * of statements that date rows by month name): lines.ts reads such a date from two words, day
 * and month, so the word is cut in two again — only where its letters name a month and the
 * day exists in it. The boxes share the word's width by characters.
 */
function splitGluedMonthDates(cells: readonly TextCell[]): TextCell[] {
  return cells.flatMap((c) => {
    const text = c.text.trim();
    const m = GLUED_DAY_MONTH.exec(text);
    const month = m ? monthFromName(m[2]!) : null;
    if (!m || month === null || !parseDayMonth(`${m[1]}${month}.`)) return [c];
    const width = (c.bbox.width * m[1]!.length) / text.length;
    const { alternative: _, ...cell } = c;
    return [
      { ...cell, text: m[1]!, bbox: { ...c.bbox, width } },
      { ...cell, text: m[2]!, bbox: { ...c.bbox, x: c.bbox.x + width, width: c.bbox.width - width } },
    ];
  });
}

/** Below this confidence a lone mark may be paper grain. */
const MARK_UNSURE_BELOW = 0.6;
/** A letter or digit whose box is less than this share of the page's text height is a speck. */
const SPECK_HEIGHT = 0.3;
/** Marks that sit low or mid-line and are never taller than letters (not `|`, `/`, brackets). */
const LOW_MARK = /^[.,:;\-=~_'"`°\u2013\u2014]+$/u;
/** A low mark whose box is this many times the page's text height is a streak, not a glyph. */
const STREAK_HEIGHT = 1.3;
const ONLY_MARKS = /^[^\p{L}\p{N}]+$/u;
const SIGN_LIKE = /^[-+=~\u2212\u2013\u2014]+$/u;
const FIGURE_NOT_DATE = (t: string): boolean => /\d/u.test(t) && !DATE_LIKE.test(t);

/** Letters and digits read with less confidence than this may be specks. */
const UNSURE = 0.9;

/**
 * Grain the engine turned into glyphs: marks read with low confidence that belong to nothing —
 * not touching a figure (a point or comma cut off a date or an amount), and, if a sign, with no
 * amount close enough to be its sign (findAmounts takes a sign up to 2.4 line heights away) —
 * and unsure letters or digits whose box is a fraction of the text's height (a `2` or `z` 0.7 pt
 * high among 6 pt words: no glyph of the text is that small; such a speck also anchors a text
 * line of its own and splits the words around it over two lines); and, however confident, a
 * point, colon or dash whose box is taller than the text (a streak read as `.` between a
 * booking and a value date).
 */
function dropGrain(cells: readonly TextCell[]): TextCell[] {
  const heights = cells.filter((c) => /[\p{L}\p{N}]/u.test(c.text)).map((c) => c.bbox.height).sort((a, b) => a - b);
  const textHeight = heights[Math.floor(heights.length / 2)] ?? 0;
  return cells.filter((m) => {
    const t = m.text.trim();
    if (!ONLY_MARKS.test(t)) return !(m.bbox.height < textHeight * SPECK_HEIGHT && (m.confidence ?? 1) < UNSURE) && !ruleAsGlyphs(m, t, textHeight);
    if (LOW_MARK.test(t) && m.bbox.height > textHeight * STREAK_HEIGHT) return false;
    if ((m.confidence ?? 1) >= MARK_UNSURE_BELOW) return true;
    return cells.some((o) => {
      if (o === m || !sameLine(m, o) || !/\d/u.test(o.text)) return false;
      const gap = gapX(m, o);
      const h = o.bbox.height;
      return gap < h * 0.2 || (SIGN_LIKE.test(t) && FIGURE_NOT_DATE(o.text.trim()) && gap < h * 2.5);
    });
  });
}

/** A word whose box is this many times the page's text height is no glyph of the text. */
const RULE_HEIGHT = 1.6;
/** Below this confidence a tall word may be a rule read as letters. */
const RULE_UNSURE_BELOW = 0.6;

/**
 * A ruling line (a rule under every row, a shaded band) the engine read together with the text
 * line just below it: it returns unsure words (`ee`, `ar me ma`, `02 000`) whose boxes reach from
 * the rule down to the text's baseline, far taller than any glyph of the page's text, and they
 * stand on that line beside the real words (`Montag, 11.08.2025 ee ee` is then no day heading).
 * A date or an amount is never taken for one: a figure printed larger (a closing balance) stays.
 */
function ruleAsGlyphs(m: TextCell, t: string, textHeight: number): boolean {
  return m.bbox.height >= textHeight * RULE_HEIGHT && (m.confidence ?? 1) < RULE_UNSURE_BELOW && !DATE_LIKE.test(t) && !/\d,\d{2}/u.test(t);
}

/** The pages with OCR'd words normalised (text-layer pages are returned as they are). */
export function normaliseOcrPages(pages: readonly Page[]): Page[] {
  if (!pages.some((p) => p.source === 'ocr')) return [...pages];
  const sollHaben = marksSollHaben(pages);
  return pages.map((page) => {
    if (page.source !== 'ocr') return page;
    let changed = false;
    const joined = joinCutAmounts(page.cells);
    const normal = (t: string): string => normaliseOcrSign(normaliseOcrWord(t.trim(), sollHaben));
    const words: TextCell[] = joined.map((c) => {
      const text = normal(c.text);
      // The second look's other reading of the word (second-look.ts), normalised the same way.
      const alternative = c.alternative !== undefined ? normal(c.alternative) : undefined;
      if (text === c.text.trim() && alternative === c.alternative) return c;
      changed = true;
      return alternative !== undefined ? { ...c, text, alternative } : { ...c, text };
    });
    const split = splitGluedMonthDates(words);
    const dated = isoDatesLostDash(datesLostPoint(split));
    const marked = sollHaben ? sollAsDigit(dated) : dated;
    const cells = dropGrain(marked);
    changed ||= joined.length !== page.cells.length || cells.length !== words.length || marked.length !== words.length || marked.some((c, i) => c !== words[i]);
    return changed ? { ...page, cells } : page;
  });
}
