/**
 * The engine's own Array.prototype.push, JSON.parse and JSON.stringify, taken when this module
 * is evaluated — before pdf.js's bundled polyfills replace them (pdfjs.ts imports this first).
 * (core-js makes its replacements print as `[native code]`, so only identity tells them apart.)
 */
const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };

/** Puts the built-ins taken above back. */
export function restoreNativeBuiltins(): void {
  Array.prototype.push = natives.push;
  JSON.parse = natives.parse;
  JSON.stringify = natives.stringify;
}
