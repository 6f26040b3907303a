import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` characters drawn uniformly from [0-9A-Za-z] by a CSPRNG. Bytes ≥ 248 are rejected so
 * that every character is equally likely (248 = 4 × 62), which keeps keys at full entropy
 * (32 chars ≈ 190 bits).
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix = 'org' | 'key' | 'req' | 'aud' | 'cs' | 'ps' | 'rsv';

/** Prefixed public ids (`org_…`, `key_…`): the prefix tells a reader what the id names. */
export function newId(prefix: IdPrefix, length = 20): string {
  return `${prefix}_${randomBase62(length)}`;
}
