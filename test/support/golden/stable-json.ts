/**
 * The golden files' serialisation: object keys sorted (so a stage that builds the same answer
 * in another key order changes nothing), 2-space indent, arrays of numbers (evidence boxes) on
 * one line, a final newline. Arrays keep their order: row and posting order is behaviour.
 */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * A JSON array of numbers as JSON.stringify indents it: a raw newline after `[` and after each
 * `,`. JSON strings hold no raw newline, so this never matches inside one.
 */
const NUMBER_ARRAY = /\[\n\s*(-?\d[\d.eE+-]*(?:,\n\s*-?\d[\d.eE+-]*)*)\n\s*\]/gu;

export function stableJson(value: unknown): string {
  const text = JSON.stringify(sortKeys(value), null, 2).replace(NUMBER_ARRAY, (_, items: string) => `[${items.split(/,\n\s*/u).join(', ')}]`);
  return `${text}\n`;
}
