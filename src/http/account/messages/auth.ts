import type { Messages } from '../locales.js';

/** Copy of the auth pages. */
export const AUTH_MESSAGES: Messages = {
  de: {},
  en: {},
};
