/** Mahnung analysis (SPEC §9). */
import type { KeyNumber } from '../../../model/result.js';
import { headOf } from '../../../layout/letter-head.js';
import { analysisStage, senderOf, type TypeAnalyzer } from '../common/analysis-stage.js';
import { sentenceMatching } from '../common/facts.js';
import { allText } from '../common/prose.js';
import { splitSections } from '../common/sections.js';
import { extractMahnKeyNumbers } from './key-numbers.js';
import { mahnReviewFlags, type MahnFlagInput } from './review-flags.js';
import { letterForms, letterPattern, printedWords } from '../../../layout/letter-words.js';

interface Facts extends MahnFlagInput {
  sender: string | null;
  subtype: string;
}

const THREAT = letterPattern('courtThreat');
const CONSUMER = new RegExp(String.raw`\b(${printedWords('printed', 'consumerSalutation')})\s+[A-ZÄÖÜ]`, 'u');

/** Section headings, folded (the lexicon's printed words through the letter fold). */
export const MAHN_HEADINGS = letterForms('mahnHeading');

export const mahnungAnalyzer: TypeAnalyzer<Facts> = {
  name: 'analysis.mahnung',
  extract(input) {
    const base = extractMahnKeyNumbers(input);
    const text = allText(input.texts);
    const head = headOf(text);
    return {
      keyNumbers: base.keyNumbers,
      checks: base.checks,
      facts: {
        ...base,
        consumer: CONSUMER.test(head),
        threat: sentenceMatching(input.texts, THREAT),
        sender: senderOf(input.lines),
        subtype: input.subtype.label,
      },
    };
  },
  flags: mahnReviewFlags,
  sections: (input) => splitSections(input.lines, { headings: MAHN_HEADINGS }),
  summary(f, flags) {
    const v = (n: string): string | null => (f.keyNumbers[n] as KeyNumber | undefined)?.value ?? null;
    const parts = [`${f.subtype}${f.sender ? ` von ${f.sender}` : ''}${v('schreibdatum') ? ` vom ${v('schreibdatum')}` : ''}.`];
    const amount = v('gesamtforderung') ?? v('hauptforderung');
    if (amount) parts.push(`Gefordert werden ${amount}${v('gesamtforderung') && v('hauptforderung') ? ` (Hauptforderung ${v('hauptforderung')})` : ''}${v('zahlungsfrist') ? `, zu zahlen ${/^\d/.test(v('zahlungsfrist')!) ? 'bis zum ' : ''}${v('zahlungsfrist')}` : ''}.`);
    else if (v('zahlungsfrist')) parts.push(`Die Zahlungsfrist ist ${v('zahlungsfrist')}.`);
    const issues = flags.filter((x) => x.severity !== 'info').map((x) => x.topic.replace(/_/g, ' '));
    if (issues.length) parts.push(`Zu prüfen: ${[...new Set(issues)].join(', ')}.`);
    if (parts.length < 2) parts.push('Beträge waren nicht eindeutig zu lesen.');
    return parts.join(' ');
  },
};

export const mahnungStage = analysisStage(mahnungAnalyzer);
