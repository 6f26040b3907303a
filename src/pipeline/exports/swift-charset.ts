import transliterate from '@sindresorhus/transliterate';

/**
 * Text in the SWIFT `x` character set that MT940 allows (a–z A–Z 0–9 / - ? : ( ) . , ' +
 * space), as German banks write it: umlauts and ß spelled out (ä → ae, ß → ss, by
 * @sindresorhus/transliterate's German rules), other accents dropped, `&` as `+`, `€` as `EUR`,
 * anything else outside the set a space. `?` is removed too: it separates the `:86:` subfields.
 */
const OUTSIDE_SWIFT_X = /[^A-Za-z0-9/\-:().,'+ ]+/gu;

export function swiftText(text: string | null | undefined): string {
  const latin = transliterate(text ?? '', {
    customReplacements: [
      ['&', '+'],
      ['€', 'EUR'],
    ],
  });
  return latin.replace(OUTSIDE_SWIFT_X, ' ').replace(/\s+/gu, ' ').trim();
}
