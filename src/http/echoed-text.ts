/** The most of a client's text (a field name, a path) an error message repeats. */
export const MAX_ECHOED_NAME = 64;

/**
 * A client's text as an error message repeats it: whole up to MAX_ECHOED_NAME characters,
 * else that many and an ellipsis — a 100 KB field name or a 15 KB path is not echoed whole.
 */
export function echoed(text: string): string {
  return text.length <= MAX_ECHOED_NAME ? text : `${text.slice(0, MAX_ECHOED_NAME)}…`;
}
