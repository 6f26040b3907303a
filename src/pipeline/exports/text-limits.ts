/**
 * Text as the export formats take it: one line (a statement's line breaks and control
 * characters become single spaces), cut or split by characters (code points, as XSD lengths
 * and SWIFT field lengths count), never by UTF-16 units.
 */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\u0000-\u001f\u007f]+/gu, ' ').trim();
}

export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

export function pieces(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/**
 * Text in pieces of at most `size` characters, broken at the last space of a piece where it has
 * one (the space itself dropped: importers trim each piece and join them with one), else hard.
 */
export function wrapWords(text: string, size: number): string[] {
  const out: string[] = [];
  let rest = [...text.trim()];
  while (rest.length > size) {
    const window = rest.slice(0, size + 1);
    const space = window.lastIndexOf(' ');
    const end = space > 0 ? space : size;
    out.push(rest.slice(0, end).join('').trimEnd());
    rest = rest.slice(space > 0 ? end + 1 : end);
    while (rest[0] === ' ') rest.shift();
  }
  if (rest.length > 0) out.push(rest.join(''));
  return out;
}
