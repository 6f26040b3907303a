import type { FastifyInstance } from 'fastify';
import { DOCUMENT_TYPES } from '../../domain/document-types.js';
import { TIER_LIMITS, TIERS } from '../../domain/tiers.js';
import type { AccountAreaDeps } from './deps.js';
import { formatCount, formatMoney, formatUnitPrice } from './format.js';
import { localeOf } from './i18n.js';
import { renderPage } from './render.js';

/**
 * GET /: what the service reads, that documents are never stored, the tiers and prices of the
 * seed (from domain/tiers.ts, so the page and the billing cannot disagree), links to sign-up,
 * the docs and the OpenAPI document.
 */
export async function landingRoutes(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const locale = localeOf(request);
    const tiers = TIERS.map((tier) => {
      const limits = tier === 'enterprise' ? null : TIER_LIMITS[tier];
      return {
        tier,
        included: limits ? formatCount(limits.includedCalls, locale) : null,
        price: limits?.monthlyPriceCents != null ? formatMoney(limits.monthlyPriceCents, locale) : null,
        overage: limits ? formatUnitPrice(limits.overageCentsPerCall, locale) : null,
      };
    });
    return renderPage(request, reply, 'landing.eta', {
      titleKey: 'common.tagline',
      documentTypes: DOCUMENT_TYPES,
      tiers,
      trialCalls: formatCount(TIER_LIMITS.trial.includedCalls, locale),
      baseUrl: deps.config.publicBaseUrl,
    });
  });
}
