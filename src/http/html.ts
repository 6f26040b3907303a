/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A plain page of the service (the test-mode provider's hosted pages), styled by the account
 * area's stylesheet: no inline style or script, so the pages' CSP holds.
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Klartext</title>
<link rel="stylesheet" href="/assets/klartext.css">
</head><body><main class="wrap"><div class="card narrow">${body}</div></main></body></html>`;
}

/** Euro cents as German money text: 9900 → "99,00 €". */
export function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}
