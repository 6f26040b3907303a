/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A minimal, self-contained page (no external assets: the service runs without a CDN). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Klartext</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1f24;line-height:1.5}
h1{font-size:1.4rem}.box{border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
.badge{display:inline-block;background:#fff8c5;border:1px solid #d4a72c;border-radius:4px;padding:0 .4rem;font-size:.8rem}
button{font-size:1rem;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f883d;background:#1f883d;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#cf222e;border-color:#cf222e}label{display:block;margin:.5rem 0}
input{font-size:1rem;padding:.3rem}table{border-collapse:collapse}td{padding:.2rem .8rem .2rem 0}
</style></head><body>${body}</body></html>`;
}

/** Euro cents as German money text: 9900 → "99,00 €". */
export function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}
