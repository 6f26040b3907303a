/** Kündigung analysis (SPEC §9). */
import type { KeyNumber } from '../../../model/result.js';
import { kschgKlagefrist } from '../common/legal-rules.js';
import { dateOf } from '../common/values.js';
import { foldGerman } from '../../../layout/fold.js';
import { analysisStage, senderOf, type TypeAnalyzer } from '../common/analysis-stage.js';
import { fmtDate, sentenceMatching } from '../common/facts.js';
import { allText } from '../common/prose.js';
import { splitSections } from '../common/sections.js';
import { firstPersonToReader } from './addressee.js';
import { extractKuendigungKeyNumbers, KUENDIGUNG_KEYS } from './key-numbers.js';
import { kuendigungReviewFlags, type KuendigungFlagInput, type Relationship } from './review-flags.js';
import { letterForms, letterPattern } from '../../../layout/letter-words.js';
import { terminationClauses } from '../../../layout/termination-clauses.js';

interface Facts extends KuendigungFlagInput {
  sender: string | null;
  subtype: string;
}

/** The writer terminates the reader's relationship ("kündigen wir Ihnen", "kündigen wir das mit Ihnen bestehende"). */
const BY_OTHER_SIDE = letterPattern('byOtherSide');
const OWN = letterPattern('ownTermination');
const FRISTLOS = letterPattern('withoutNotice');
const ELECTRONIC = letterPattern('electronicForm');
const PROBATION = letterPattern('probation');
const TRAINING = letterPattern('training');
const ALLOTMENT = letterPattern('allotmentLease');
const OWN_HOUSE = letterPattern('landlordOwnHouse', '$W', 'gu');
/** A negation in the clause of the citation ("kein Sonderkündigungsrecht nach § 573a BGB", "… nehmen wir nicht in Anspruch"). */
const NEGATED = /\b(?:nicht|kein(?:e|en|em|er)?)\b/u;
/** The end of a clause: a full stop, semicolon, ! or ?, before a space — not the point of an abbreviation ("Abs. 1", "Nr. 2", "S. 2"). */
const CLAUSE_END = /(?<!\b(?:abs|nr|s|satz|ziff|vgl|bzw))[.!?;](?:\s|$)/gu;

/**
 * The landlord terminates under § 573a BGB: the section is cited (folded text) in a clause
 * without a negation. A letter that names the section only to say it does not rely on it ("ein
 * Sonderkündigungsrecht nach § 573a BGB nehmen wir nicht in Anspruch") keeps the plain period.
 */
function ownHouseGround(folded: string): boolean {
  for (const m of folded.matchAll(OWN_HOUSE)) {
    const before = folded.slice(Math.max(0, m.index - 160), m.index);
    const after = folded.slice(m.index, m.index + 160);
    const from = Math.max(0, ...[...before.matchAll(CLAUSE_END)].map((x) => x.index + x[0].length));
    const to = [...after.matchAll(CLAUSE_END)][0]?.index ?? after.length;
    if (!NEGATED.test(before.slice(from) + after.slice(0, to))) return true;
  }
  return false;
}

/** Section headings, folded (the lexicon's printed words through the letter fold). */
export const KUENDIGUNG_HEADINGS = letterForms('kuendigungHeading');

export const kuendigungAnalyzer: TypeAnalyzer<Facts> = {
  name: 'analysis.kuendigung',
  extract(input) {
    const base = extractKuendigungKeyNumbers(input);
    const text = allText(input.texts);
    const folded = foldGerman(text);
    const sub = input.subtype;
    const relationship = (['arbeitsverhaeltnis', 'mietverhaeltnis'].includes(sub.id) ? sub.id : 'vertrag') as Relationship;
    // "kündige ich" reads as the reader's own termination unless its object is the relationship with the reader (addressee.ts).
    const toReader = firstPersonToReader(folded);
    const own = OWN.test(folded) && !toReader;
    return {
      keyNumbers: base.keyNumbers,
      facts: {
        keyNumbers: base.keyNumbers,
        eintritt: base.eintritt,
        relationship,
        byOtherSide: (BY_OTHER_SIDE.test(folded) || toReader) && !own,
        fristlos: FRISTLOS.test(folded),
        probation: PROBATION.test(folded),
        training: TRAINING.test(terminationClauses(text)),
        allotment: ALLOTMENT.test(terminationClauses(text)),
        ownHouse: relationship === 'mietverhaeltnis' && ownHouseGround(folded),
        electronic: sentenceMatching(input.texts, ELECTRONIC),
        sender: senderOf(input.lines),
        subtype: sub.label,
      },
    };
  },
  flags: kuendigungReviewFlags,
  sections: (input) => splitSections(input.lines, { headings: KUENDIGUNG_HEADINGS }),
  summary(f, flags) {
    const v = (n: string): string | null => (f.keyNumbers[n] as KeyNumber | undefined)?.value ?? null;
    const parts = [`${f.subtype}${f.sender ? ` von ${f.sender}` : ''}${v('schreibdatum') ? ` vom ${v('schreibdatum')}` : ''}.`];
    if (v('beendigungsdatum')) parts.push(`Das Verhältnis soll zum ${v('beendigungsdatum')} enden${v('kuendigungsfrist') ? ` (Kündigungsfrist ${v('kuendigungsfrist')})` : ''}.`);
    // Amounts the letter computes and names (key-numbers.ts): the first, as the letter labels it.
    const named = Object.entries(f.keyNumbers).find(([n]) => !(KUENDIGUNG_KEYS as readonly string[]).includes(n));
    if (named) parts.push(`Genannt wird außerdem: ${named[0].replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())} ${named[1].value}.`);
    const datum = dateOf(v('schreibdatum') ?? undefined);
    if (datum && flags.some((x) => x.topic === 'klagefrist')) parts.push(`Eine Kündigungsschutzklage ist bis zum ${fmtDate(kschgKlagefrist(datum))} möglich.`);
    const issues = flags.filter((x) => x.severity !== 'info' && x.topic !== 'klagefrist').map((x) => x.topic.replace(/_/g, ' '));
    if (issues.length) parts.push(`Zu prüfen: ${[...new Set(issues)].join(', ')}.`);
    if (parts.length < 2) parts.push('Ein Beendigungsdatum war nicht eindeutig zu lesen.');
    return parts.join(' ');
  },
};

export const kuendigungStage = analysisStage(kuendigungAnalyzer);
