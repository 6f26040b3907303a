import type { Messages } from '../locales.js';

/** Copy of the area pages. */
export const AREA_MESSAGES: Messages = {
  de: {},
  en: {},
};
