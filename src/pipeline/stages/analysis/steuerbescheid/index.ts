/** Steuerbescheid analysis: key numbers, flags, sections and summary (SPEC §9). */
import { foldGerman } from '../../../layout/fold.js';
import { analysisStage, senderOf, type TypeAnalyzer } from '../common/analysis-stage.js';
import { hypothetical } from '../common/boilerplate.js';
import { fmtDate, sentenceMatching } from '../common/facts.js';
import { steuerEinspruchsfrist } from '../common/legal-rules.js';
import { dateOf, findKeyValue } from '../common/values.js';
import type { KeyNumber } from '../../../model/result.js';
import { extractSteuerKeyNumbers, STEUER_KEYS } from './key-numbers.js';
import { demandedTotal } from './demanded-total.js';
import { instalmentSchedule } from './instalments.js';
import { withLabelledAmounts } from '../common/labelled-amounts.js';
import { steuerReviewFlags, type SteuerFlagInput } from './review-flags.js';
import { steuerSections } from './sections.js';
import { setAmounts, setTotal } from './set-amounts.js';
import { noticeKind } from './title-kind.js';
import { declaredColumnsDeviation } from './declared-columns.js';
import { letterPattern } from '../../../layout/letter-words.js';

interface Facts extends SteuerFlagInput {
  sender: string | null;
  /** The amount the Festsetzung sets as a whole (its total row, else its first), with its label as printed (set-amounts.ts). */
  gesetzt: { label: string; value: string } | null;
  /** The total a notice without a Festsetzung demands, with its label as printed (demanded-total.ts). */
  demanded: { label: string; value: string } | null;
  /** The annual amount a notice collects in instalments, and the instalment, as printed (instalments.ts). */
  schedule: { annual: { label: string; value: string }; instalments: { label: string; value: string }[] } | null;
  subtype: string;
}

const VORLAEUFIG = letterPattern('provisional');
const NICHT_VORLAEUFIG = letterPattern('notProvisional');
const VORBEHALT = letterPattern('reservation');
// The lifting sentence often cites the section in between ("Der Vorbehalt der Nachprüfung
// (§ 164 AO) wird aufgehoben") or says it "entfällt"; a lifted Vorbehalt is no cause for the flag.
const KEIN_VORBEHALT = letterPattern('noReservation');
const ABWEICHUNG = letterPattern('deviation');

export const steuerbescheidAnalyzer: TypeAnalyzer<Facts> = {
  name: 'analysis.steuerbescheid',
  extract(input) {
    const extracted = extractSteuerKeyNumbers(input);
    const { faelligkeit, checks } = extracted;
    const gesetzt = setTotal(setAmounts(input.lines));
    // No Festsetzung, no Nachzahlung or Erstattung read: the total the notice's table sums (demanded-total.ts).
    const settled = ['festgesetzte_einkommensteuer', 'nachzahlung', 'erstattung'].some((n) => extracted.keyNumbers[n]);
    const demanded = gesetzt || settled ? null : demandedTotal(input.lines);
    // Nor a sum table: the annual amount its schedule of instalments adds up to (instalments.ts).
    const schedule = gesetzt || settled || demanded ? null : instalmentSchedule(input.lines);
    const labelled = demanded ? [demanded.total, ...demanded.parts] : schedule ? [schedule.annual, ...schedule.instalments] : [];
    const keyNumbers = labelled.length ? withLabelledAmounts(extracted.keyNumbers, labelled, STEUER_KEYS) : extracted.keyNumbers;
    const vorl = sentenceMatching(input.texts, VORLAEUFIG);
    const vorb = sentenceMatching(input.texts, VORBEHALT);
    const zuschlag = findKeyValue(input.lines, { labels: ['Verspätungszuschlag'], kind: 'money', rightOnly: false, maxGap: 3 });
    const facts: Facts = {
      keyNumbers,
      faelligkeit,
      vorlaeufig: vorl && !NICHT_VORLAEUFIG.test(foldGerman(vorl)) ? vorl : null,
      vorbehalt: vorb && !KEIN_VORBEHALT.test(foldGerman(vorb)) ? vorb : null,
      // The notice's own statement of a deviation, not a standard paragraph that mentions one.
      // …or its table of declared beside found figures, where a row's two differ (declared-columns.ts).
      abweichung: sentenceMatching(input.texts, ABWEICHUNG, hypothetical) ?? declaredColumnsDeviation(input.lines),
      verspaetungszuschlag: zuschlag?.value ?? null,
      sender: senderOf(input.lines),
      gesetzt,
      demanded: demanded?.total ?? null,
      schedule,
      subtype: noticeKind(input.lines, input.subtype),
    };
    return { keyNumbers, facts, checks };
  },
  flags: steuerReviewFlags,
  sections: steuerSections,
  summary(f, flags) {
    const k = f.keyNumbers;
    const v = (n: string): string | null => (k[n] as KeyNumber | undefined)?.value ?? null;
    const parts: string[] = [];
    parts.push(`${f.subtype}${v('steuerjahr') ? ` für ${v('steuerjahr')}` : ''}${f.sender ? ` von ${f.sender}` : ''}${v('bescheiddatum') ? ` vom ${v('bescheiddatum')}` : ''}.`);
    if (v('festgesetzte_einkommensteuer')) parts.push(`Festgesetzt ist Einkommensteuer von ${v('festgesetzte_einkommensteuer')}${v('zu_versteuerndes_einkommen') ? ` bei einem zu versteuernden Einkommen von ${v('zu_versteuerndes_einkommen')}` : ''}.`);
    // A notice that sets a tax other than income tax (Hundesteuer, Kfz-Steuer): the first amount its Festsetzung sets.
    else if (f.gesetzt) parts.push(`Festgesetzt ist: ${f.gesetzt.label} ${f.gesetzt.value}.`);
    else if (f.demanded) parts.push(`Ausgewiesen ist: ${f.demanded.label} ${f.demanded.value}.`);
    else if (f.schedule) {
      const [rate] = f.schedule.instalments;
      const equal = f.schedule.instalments.length === 1 && rate;
      parts.push(`Festgesetzt ist: ${f.schedule.annual.label} ${f.schedule.annual.value}${equal ? `, zu zahlen in Raten von ${rate.value}` : ''}.`);
    }
    if (v('nachzahlung')) parts.push(`Es ergibt sich eine Nachzahlung von ${v('nachzahlung')}${f.faelligkeit ? `, fällig bis ${f.faelligkeit}` : ''}.`);
    else if (v('erstattung')) parts.push(`Es ergibt sich eine Erstattung von ${v('erstattung')}.`);
    // The deadline computed from the notice's date, as the flag computes it (never read back from flag text).
    const datum = dateOf(v('bescheiddatum') ?? undefined);
    if (datum && flags.some((x) => x.topic === 'einspruchsfrist')) parts.push(`Einspruch ist bis zum ${fmtDate(steuerEinspruchsfrist(datum).fristende)} möglich.`);
    if (parts.length < 2) parts.push('Weitere Beträge waren nicht eindeutig zu lesen.');
    return parts.join(' ');
  },
};

export const steuerbescheidStage = analysisStage(steuerbescheidAnalyzer);
