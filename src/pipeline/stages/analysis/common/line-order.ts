/** Where a line stands among the letter's lines: moved down to layout/line-order.ts (the layout's OCR repairs use it too). */
export { isBefore, isBetween, placeOf } from '../../../layout/line-order.js';
