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
