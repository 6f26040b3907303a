/**
 * Whose relationship a first-person termination ends. "Hiermit kündige ich …" is the reader's own
 * termination when its object is the writer's own ("meinen Vertrag"), but the writer's (a private
 * landlord's, a small employer's) termination of the reader when its object is the relationship
 * with the reader: "kündige ich das seit dem 01.02.2013 zwischen uns bestehende
 * Arbeitsverhältnis", "kündige ich den mit Ihnen … geschlossenen Mietvertrag", "kündige ich Ihnen
 * …". Folded text in (layout/fold.ts `foldGerman`: lower case, umlauts as base letters).
 */

/** "kündige ich" (or "ich kündige"), then within the clause an object that names the reader's side, with no "mein…" before it (the
 * points of a date do not end the clause). */
const TO_READER = /(?:kundige ich|ich kundige)(?: hiermit)?(?: ihnen\b| (?:das|den|die|ihr\w*)\b(?:(?!\bmein)(?:[^.;:]|(?<=\d)\.(?=\d))){0,120}?\b(?:mit ihnen|zwischen uns|zwischen ihnen und (?:mir|uns)|ihnen|ihr\w*)\b)/u;

/** The first-person termination is declared to the reader (the writer ends the relationship). */
export function firstPersonToReader(folded: string): boolean {
  return TO_READER.test(folded);
}
