/**
 * pdf.js's text state copied without making the original a prototype (issue 20 §2).
 *
 * pdf.js's worker half keeps a `TextState` while it builds a page's text content and copies it
 * at every save (`q`) and every change of font: `Object.assign(Object.create(this), this)` plus
 * fresh copies of the three matrices. `Object.create(this)` makes the copied state a prototype:
 * V8 gives every such object a map of its own and every copy a new map chain, so each copy costs
 * map transitions and the states turn slow. In the CPU profile of bench:text's text pass that
 * method was 7.6 % of the samples, self time, and it feeds the garbage collector.
 *
 * The copy does not need the prototype link: `Object.assign` copies every field, and every field
 * of a TextState is its own property (class fields, the only ones pdf.js's `getTextContent`
 * assigns), so a copy whose prototype is TextState's own prototype has the same fields and
 * methods. The replacement below does that.
 *
 * TextState is not exported by pdf.js. It is found the one way pdf.js shows it: the first
 * `Object.create` of a TextState, which is the first copy the first text read on the thread
 * makes. Until then `Object.create` on the thread goes through a wrapper that only looks at its
 * argument; at that call the wrapper replaces `clone` on TextState's prototype and takes itself
 * out. If a later pdf.js changes the class so that it no longer looks like one (the fields and
 * methods checked below), nothing is replaced and pdf.js copies as before;
 * test/pipeline/pdfjs-text-state.test.ts fails then, so the change is seen.
 */

interface TextStateLike {
  textMatrix: number[];
  textLineMatrix: number[];
  fontMatrix: number[];
  clone(): TextStateLike;
}

let replaced = false;

/** Whether TextState's `clone` has been replaced on this thread (after its first text read). */
export function textStateCloneReplaced(): boolean {
  return replaced;
}

function looksLikeTextState(o: object): o is TextStateLike {
  const s = o as Partial<Record<string, unknown>>;
  return (
    Object.hasOwn(o, 'textLineMatrix') &&
    Object.hasOwn(o, 'textMatrix') &&
    Object.hasOwn(o, 'fontMatrix') &&
    Object.hasOwn(o, 'textHScale') &&
    typeof s.carriageReturn === 'function' &&
    typeof s.clone === 'function'
  );
}

function replaceClone(state: TextStateLike): void {
  let proto: object | null = Object.getPrototypeOf(state) as object | null;
  while (proto && !Object.hasOwn(proto, 'clone')) proto = Object.getPrototypeOf(proto) as object | null;
  if (!proto) return;
  const prototype = proto;
  (prototype as TextStateLike).clone = function clone(this: TextStateLike): TextStateLike {
    const copy = Object.assign(Object.create(prototype) as TextStateLike, this);
    copy.textMatrix = this.textMatrix.slice();
    copy.textLineMatrix = this.textLineMatrix.slice();
    copy.fontMatrix = this.fontMatrix.slice();
    return copy;
  };
  replaced = true;
}

/** Installs the wrapper that finds TextState (see above); pdfjs.ts calls it once, after loading pdf.js. */
export function replaceTextStateCloneAtFirstUse(): void {
  if (replaced) return;
  const create = Object.create;
  const wrapper = function create_(proto: object | null, properties?: PropertyDescriptorMap): unknown {
    if (proto !== null && typeof proto === 'object' && looksLikeTextState(proto)) {
      Object.create = create;
      replaceClone(proto);
    }
    return properties === undefined ? create(proto) : create(proto, properties);
  };
  Object.create = wrapper as typeof Object.create;
}
