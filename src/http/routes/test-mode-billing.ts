import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceError } from '../../services/service-error.js';
import {
  cancelSubscription,
  completeCheckout,
  viewCheckout,
  viewPortal,
  type TestModeDeps,
} from '../../services/test-mode-billing.js';
import { escapeHtml, euros, page } from '../html.js';
import { installPageHeaders } from '../page-headers.js';

/**
 * Hosted pages of the built-in test-mode payment provider (SPEC §5). They stand where Stripe's
 * hosted checkout and portal would: no API key, the signed token in the link is the authority.
 */
export async function testModeBillingRoutes(app: FastifyInstance, deps: TestModeDeps): Promise<void> {
  installPageHeaders(app);
  const tokenOf = (source: unknown): string =>
    typeof source === 'object' && source !== null && typeof (source as { token?: unknown }).token === 'string'
      ? (source as { token: string }).token
      : '';
  const problem = (reply: FastifyReply, error: ServiceError) =>
    reply
      .code(error.code === 'not_found' ? 404 : 400)
      .type('text/html; charset=utf-8')
      .send(page('Link not valid', `<h1>Link not valid</h1><p>${escapeHtml(error.message)}</p>`));

  app.get('/billing/test-mode/checkout', { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const view = await viewCheckout(deps, token);
    if (!view.ok) return problem(reply, view.error);
    const v = view.value;
    const vat = Math.round(v.monthlyPriceCents * 0.19);
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Checkout',
        `<p class="badge">TEST MODE — no payment is taken</p>
<h1>Subscribe ${escapeHtml(v.organization.name)} to Klartext ${escapeHtml(v.tier)}</h1>
<div class="box"><table>
<tr><td>Plan</td><td>${escapeHtml(v.tier)} — ${v.includedCalls} calls per month included</td></tr>
<tr><td>Price</td><td>${euros(v.monthlyPriceCents)} per month</td></tr>
<tr><td>VAT (19 %)</td><td>${euros(vat)}</td></tr>
<tr><td><strong>Total per month</strong></td><td><strong>${euros(v.monthlyPriceCents + vat)}</strong></td></tr>
<tr><td>Overage</td><td>${euros(v.overageCentsPerCall)} per call beyond the included calls, invoiced separately</td></tr>
</table></div>
<form method="post" action="/billing/test-mode/checkout">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label>VAT ID (optional) <input name="vat_id" autocomplete="off" maxlength="20"></label>
<button type="submit">Complete checkout</button>
</form>`,
      ),
    );
  });

  app.post('/billing/test-mode/checkout', { schema: { hide: true } }, async (request, reply) => {
    const result = await completeCheckout(deps, tokenOf(request.body));
    if (!result.ok) return problem(reply, result.error);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Subscribed',
          `<p class="badge">TEST MODE</p><h1>Thank you</h1><p>${escapeHtml(result.value.name)} is now on the <strong>${escapeHtml(result.value.tier)}</strong> tier.</p><p><a class="button" href="/api-account/billing?checkout=success">Back to your account</a></p>`,
        ),
      );
  });

  app.get('/billing/test-mode/portal', { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const view = await viewPortal(deps, token);
    if (!view.ok) return problem(reply, view.error);
    const org = view.value;
    const cancel =
      org.tier !== 'trial' && org.billingSubscriptionId
        ? `<form method="post" action="/billing/test-mode/portal/cancel"><input type="hidden" name="token" value="${escapeHtml(token)}"><button class="secondary" type="submit">Cancel subscription</button></form>`
        : '<p>No active subscription.</p>';
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Billing portal',
        `<p class="badge">TEST MODE</p><h1>Billing for ${escapeHtml(org.name)}</h1>
<div class="box"><p>Current tier: <strong>${escapeHtml(org.tier)}</strong></p><p>Invoices: none in test mode.</p></div>${cancel}`,
      ),
    );
  });

  app.post('/billing/test-mode/portal/cancel', { schema: { hide: true } }, async (request, reply) => {
    const result = await cancelSubscription(deps, tokenOf(request.body));
    if (!result.ok) return problem(reply, result.error);
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Cancelled', `<p class="badge">TEST MODE</p><h1>Subscription cancelled</h1><p>${escapeHtml(result.value.name)} is back on the trial tier.</p><p><a class="button" href="/api-account/billing">Back to your account</a></p>`));
  });
}
