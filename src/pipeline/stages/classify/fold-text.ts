/**
 * Folds German text for matching that survives spelling and OCR variants: lower case,
 * umlauts and their transliterations (ä/ae → a, ß → ss), runs of white space to one space.
 * Apply the same fold to patterns and text.
 */
export function foldGerman(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/ß/g, 'ss')
    .replace(/ä|ae/g, 'a')
    .replace(/ö|oe/g, 'o')
    .replace(/ü|ue/g, 'u')
    .replace(/\s+/g, ' ');
}
