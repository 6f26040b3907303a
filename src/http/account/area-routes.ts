import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_TYPES, isDocumentType } from '../../domain/document-types.js';
import { PAID_CHECKOUT_TIERS } from '../../domain/tiers.js';
import { isScope, SCOPES, type Scope } from '../../domain/scopes.js';
import type { AnalyzeBody } from '../../services/analyze-document.js';
import { openBillingPortal, startCheckout } from '../../services/billing.js';
import {
  getOrganizationKey,
  issueApiKey,
  listOrganizationKeys,
  MAX_KEY_NAME_LENGTH,
  revokeOrganizationKey,
} from '../../services/manage-keys.js';
import { limitsOf } from '../../services/organization-limits.js';
import {
  ACCOUNT_AREA_KEY_ID,
  CLIENT_CLOSED_REQUEST,
  recordAnalyzeCall,
  runMeteredAnalysis,
  type AnalyzeForm,
} from '../../services/run-metered-analysis.js';
import type { PagePreview } from '../../pipeline/run-pipeline.js';
import { watchResponse } from '../response-done.js';
import { fail, ok, type Outcome, type ServiceError } from '../../services/service-error.js';
import { usageOverview } from '../../services/usage-overview.js';
import type { ApiKeyRecord } from '../../ports/store.js';
import { ApiError } from '../api-error.js';
import { readUploadForm } from '../multipart-upload.js';
import type { AccountAreaDeps } from './deps.js';
import { keyNumberEvidence, pagesView, statementDownloads, statementEvidence } from './evidence-view.js';
import { formatCount, formatDate, formatDateTime, formatMoney, formatUnitPrice } from './format.js';
import { requireAccount } from './guard.js';
import { localeOf } from './i18n.js';
import type { Locale } from './locales.js';
import { renderPage } from './render.js';
import { consumeUploadToken, issueUploadToken } from './upload-token.js';
import { usageChart } from './usage-chart.js';

/**
 * The signed-in pages: keys, usage, try it, billing (issue 9). Every route is behind
 * requireAccount; every urlencoded POST behind @fastify/csrf-protection, the multipart "Try it"
 * POST behind its single-use upload token (upload-token.ts). Handlers call one service each and
 * render; an organization only ever sees and changes its own keys.
 */
export async function areaRoutes(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  const signedIn = requireAccount(deps);
  const guards: Guards = { signedIn, withCsrf: [signedIn, app.csrfProtection] };
  keysPages(app, deps, guards);
  usagePage(app, deps, guards);
  tryItPage(app, deps, guards);
  billingPages(app, deps, guards);
}

/** The preHandlers of the signed-in pages: a session, and for urlencoded forms a CSRF token too. */
interface Guards {
  signedIn: ReturnType<typeof requireAccount>;
  withCsrf: [ReturnType<typeof requireAccount>, FastifyInstance['csrfProtection']];
}

/** Keys: the list, creating a key (shown once), revoking with a confirmation step. */
function keysPages(app: FastifyInstance, deps: AccountAreaDeps, guards: Guards): void {
  const keyMode = deps.config.apiKeyMode;
  const { signedIn, withCsrf } = guards;
  const keysPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { created?: { apiKey: string; record: ApiKeyRecord }; errors?: Record<string, string>; values?: { name: string; scopes: string[] } },
    status = 200,
  ) => {
    const locale = localeOf(request);
    const organization = request.account!.organization;
    const keys = await listOrganizationKeys(deps, organization.id);
    const revokedId = (request.query as Record<string, unknown>).revoked;
    const revoked = typeof revokedId === 'string' ? keys.find((k) => k.id === revokedId && k.revokedAt) : undefined;
    if (extra.created) reply.header('Cache-Control', 'no-store');
    return renderPage(
      request,
      reply,
      'keys.eta',
      {
        titleKey: 'area.keys.title',
        form: true,
        languageSwitch: !extra.created,
        keys: keys.map((k) => keyRow(k, locale)).reverse(),
        scopes: SCOPES,
        maxName: MAX_KEY_NAME_LENGTH,
        baseUrl: deps.config.publicBaseUrl,
        created: extra.created ? { apiKey: extra.created.apiKey, name: extra.created.record.name, scopes: extra.created.record.scopes } : null,
        revoked: revoked ? { name: revoked.name, prefix: revoked.prefix } : null,
        errors: extra.errors ?? {},
        values: extra.values ?? { name: '', scopes: [...SCOPES] },
      },
      status,
    );
  };

  app.get('/keys', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => keysPage(request, reply, {}));

  app.post('/keys', { preHandler: withCsrf, schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const scopeValues = ([] as unknown[]).concat(body.scopes ?? []).filter((s): s is string => typeof s === 'string');
    const values = { name, scopes: scopeValues };
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'area.keys.error.nameMissing';
    else if (name.length > MAX_KEY_NAME_LENGTH) errors.name = 'area.keys.error.nameTooLong';
    const scopes = scopeValues.filter(isScope);
    if (scopes.length === 0 || scopes.length !== scopeValues.length) errors.scopes = 'area.keys.error.scopes';
    if (Object.keys(errors).length > 0) return keysPage(request, reply, { errors, values }, 400);

    const issued = await issueApiKey({ ...deps, keyMode }, { organizationId: request.account!.organization.id, name, scopes: [...new Set<Scope>(scopes)] });
    if (!issued.ok) return keysPage(request, reply, { errors: { form: 'area.keys.error.failed' }, values }, 400);
    // The full key is in this response only: not in a URL, not in the session, not in a log.
    return keysPage(request, reply, { created: issued.value });
  });

  app.get<{ Params: { id: string } }>('/keys/:id/revoke', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => {
    const found = await getOrganizationKey(deps, request.account!.organization.id, request.params.id);
    if (!found.ok) return notFound(request, reply);
    return renderPage(request, reply, 'revoke.eta', {
      titleKey: 'area.revoke.title',
      form: true,
      key: keyRow(found.value, localeOf(request)),
    });
  });

  app.post<{ Params: { id: string } }>('/keys/:id/revoke', { preHandler: withCsrf, schema: { hide: true } }, async (request, reply) => {
    const revoked = await revokeOrganizationKey(deps, request.account!.organization.id, request.params.id);
    if (!revoked.ok) return notFound(request, reply);
    return reply.redirect(`/api-account/keys?revoked=${encodeURIComponent(revoked.value.id)}`, 303);
  });
}

/** Usage: the period's usage record, a bar per UTC day, the next tier's cost at this volume. */
function usagePage(app: FastifyInstance, deps: AccountAreaDeps, guards: Guards): void {
  const { signedIn } = guards;
  app.get('/usage', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => {
    const locale = localeOf(request);
    const organization = request.account!.organization;
    await deps.settlements?.settled(organization.id);
    const overview = await usageOverview(deps, organization);
    const period = { start: new Date(overview.record.period.start), end: new Date(overview.record.period.end) };
    const chart = usageChart(period, overview.daily, deps.clock.now());
    const money = (cents: number) => formatMoney(cents, locale);
    return renderPage(request, reply, 'usage.eta', {
      titleKey: 'area.usage.title',
      tier: organization.tier,
      usage: overview.record.usage,
      period: { start: formatDateTime(period.start, locale), end: formatDateTime(period.end, locale) },
      chart: {
        ...chart,
        bars: chart.bars.map((b) => ({ ...b, label: formatDate(new Date(`${b.day}T00:00:00Z`), locale) })),
        labels: chart.labels.map((l) => ({ ...l, label: shortDay(l.day, locale) })),
        busiestLabel: chart.busiest ? formatDate(new Date(`${chart.busiest.day}T00:00:00Z`), locale) : null,
      },
      projectedCalls: overview.projectedCalls,
      current: overview.atCurrentVolume,
      projected: overview.atProjectedVolume,
      money,
      unitPrice: (cents: number) => formatUnitPrice(cents, locale),
      count: (n: number) => formatCount(n, locale),
    });
  });
}

/** Try it: a real, metered analyze call of the organization, shown as tables and raw JSON. */
function tryItPage(app: FastifyInstance, deps: AccountAreaDeps, guards: Guards): void {
  const { signedIn } = guards;
  const tryPage = (request: FastifyRequest, reply: FastifyReply, extra: Record<string, unknown>, status = 200) =>
    renderPage(
      request,
      reply,
      'try.eta',
      {
        titleKey: 'area.try.title',
        documentTypes: DOCUMENT_TYPES,
        uploadToken: issueUploadToken(request),
        selectedType: 'kontoauszug',
        result: null,
        problem: null,
        ...extra,
      },
      status,
    );

  app.get('/try', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => tryPage(request, reply, {}));

  app.post('/try', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => {
    if (!consumeUploadToken(request, (request.query as Record<string, unknown>).token)) {
      return renderPage(request, reply, 'error.eta', { titleKey: 'common.csrf.title', bodyKey: 'common.csrf.body' }, 403);
    }
    const organization = request.account!.organization;
    let selectedType: string | undefined;
    // Billing and the audit record wait until the page is written or the client has left
    // (services/run-metered-analysis settleDelivery): a result nobody received is not billed.
    const lifetime = watchResponse(reply);
    const result = await runMeteredAnalysis(
      {
        ...deps,
        maxPages: deps.config.maxPages,
        processingTimeoutMs: deps.config.processingTimeoutMs,
        reportsOverage: deps.billing.usageReporting !== null,
      },
      {
        organization,
        requestId: request.id,
        startedAt: performance.now(),
        signal: AbortSignal.any([lifetime.clientGone, app.drain.signal]),
        previewWidthPx: PREVIEW_WIDTH_PX,
        readForm: async () => {
          const form = await readForm(request);
          if (form.ok) selectedType = form.value.documentType;
          return form;
        },
      },
    );
    const settling = lifetime.done.then(async (delivered) => {
      if (result.ok) {
        await result.settle(delivered).catch((err: Error) =>
          request.log.error({ err: { name: err.name, message: err.message } }, 'settling a reservation failed'),
        );
      }
      await recordAnalyzeCall(deps, {
        organizationId: organization.id,
        keyId: ACCOUNT_AREA_KEY_ID,
        documentType: result.documentType,
        statusCode: delivered ? result.status : CLIENT_CLOSED_REQUEST,
        pages: result.pages,
        latencyMs: Math.round(reply.elapsedTime),
      }).catch((err: Error) => request.log.error({ err: { name: err.name, message: err.message } }, 'audit insert failed'));
    });
    deps.settlements?.track(organization.id, settling);

    const selected = selectedType && isDocumentType(selectedType) ? selectedType : 'kontoauszug';
    if (result.ok) return tryPage(request, reply, { selectedType: selected, result: resultView(result.body, result.previews ?? [], localeOf(request)) });
    if (result.limiterError) {
      request.log.error({ err: { name: result.limiterError.name, message: result.limiterError.message } }, 'rate limiter unavailable');
    }
    if (result.failure && result.error.code === 'processing_failed') {
      request.log.warn({ failure: result.failure, document_type: result.documentType }, 'processing failed');
    }
    if (result.retryAfterSeconds) reply.header('Retry-After', String(result.retryAfterSeconds));
    return tryPage(request, reply, { selectedType: selected, problem: problemView(result.error, result.retryAfterSeconds) }, result.status);
  });
}

/** Pages are shown this many pixels wide on the try-it page (about 110 dpi of an A4 page). */
const PREVIEW_WIDTH_PX = 900;

/** Billing: the current plan, upgrade buttons to checkout, the billing portal. */
function billingPages(app: FastifyInstance, deps: AccountAreaDeps, guards: Guards): void {
  const { signedIn, withCsrf } = guards;
  const billingPage = (request: FastifyRequest, reply: FastifyReply, error: string | null, status = 200) => {
    const locale = localeOf(request);
    const organization = request.account!.organization;
    const limits = limitsOf(organization);
    const checkout = (request.query as Record<string, unknown>).checkout;
    return renderPage(
      request,
      reply,
      'billing.eta',
      {
        titleKey: 'area.billing.title',
        form: true,
        tier: organization.tier,
        included: formatCount(limits.includedCalls, locale),
        overage: limits.overageCentsPerCall > 0 ? formatUnitPrice(limits.overageCentsPerCall, locale) : null,
        price: limits.monthlyPriceCents !== null ? formatMoney(limits.monthlyPriceCents, locale) : null,
        canCheckout: organization.tier === 'trial',
        hasPortal: organization.tier !== 'trial' || organization.billingCustomerId !== null,
        offers: PAID_CHECKOUT_TIERS.map((tier) => {
          const l = limitsOf({ ...organization, tier });
          return {
            tier,
            price: formatMoney(l.monthlyPriceCents ?? 0, locale),
            included: formatCount(l.includedCalls, locale),
            overage: formatUnitPrice(l.overageCentsPerCall, locale),
          };
        }),
        notice: checkout === 'success' || checkout === 'cancelled' ? checkout : null,
        error,
      },
      status,
    );
  };

  /** The payment provider is down: say so, nothing changed, try again (503 like the API). */
  const providerDown = (request: FastifyRequest, reply: FastifyReply, error: ServiceError) => {
    if (error.cause) request.log.error({ err: { name: error.cause.name, message: error.cause.message } }, 'payment provider unreachable');
    reply.header('Retry-After', '30');
    return billingPage(request, reply, 'area.billing.error.provider', 503);
  };

  app.get('/billing', { preHandler: signedIn, schema: { hide: true } }, async (request, reply) => billingPage(request, reply, null));

  app.post('/billing/checkout', { preHandler: withCsrf, schema: { hide: true } }, async (request, reply) => {
    const tier = (request.body as Record<string, unknown> | undefined)?.tier;
    const started = await startCheckout(deps, request.account!.organization, typeof tier === 'string' ? tier : '');
    if (!started.ok) {
      if (started.error.code === 'service_unavailable') return providerDown(request, reply, started.error);
      const key = request.account!.organization.tier === 'trial' ? 'area.billing.error.tier' : 'area.billing.error.paid';
      return billingPage(request, reply, key, 400);
    }
    return reply.redirect(started.value.url, 303);
  });

  app.post('/billing/portal', { preHandler: withCsrf, schema: { hide: true } }, async (request, reply) => {
    const opened = await openBillingPortal(deps, request.account!.organization);
    if (!opened.ok) {
      if (opened.error.code === 'service_unavailable') return providerDown(request, reply, opened.error);
      return billingPage(request, reply, 'area.billing.error.noPortal', 400);
    }
    return reply.redirect(opened.value.url, 303);
  });
}

// ---- view models ----------------------------------------------------------------------------

function keyRow(k: ApiKeyRecord, locale: Locale) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    created: formatDateTime(k.createdAt, locale),
    lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : null,
    revoked: k.revokedAt ? formatDateTime(k.revokedAt, locale) : null,
  };
}

function shortDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

async function notFound(request: FastifyRequest, reply: FastifyReply) {
  return renderPage(request, reply, 'error.eta', { titleKey: 'common.notFound.title', bodyKey: 'common.notFound.body' }, 404);
}

/** The upload form through the same reader as the API; its refusals become values. */
async function readForm(request: FastifyRequest): Promise<Outcome<AnalyzeForm>> {
  try {
    const form = await readUploadForm(request, { fields: ['document_type'], file: 'file' });
    return ok({ documentType: form.fields.get('document_type'), file: form.file });
  } catch (err) {
    if (err instanceof ApiError) return fail(err.code, err.message, err.param);
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return fail('invalid_request', 'The file is larger than 10 MB.', 'file');
    if (typeof code === 'string' && code.startsWith('FST_')) return fail('invalid_request', 'The form could not be read.');
    throw err;
  }
}

/** Which message explains a refusal on the page; the API's own message is shown beside it. */
function problemView(error: ServiceError, retryAfterSeconds?: number) {
  const key =
    error.code === 'quota_exceeded'
      ? 'area.try.problem.quota'
      : error.code === 'rate_limited'
        ? 'area.try.problem.rateLimited'
        : error.code === 'document_not_recognized'
          ? 'area.try.problem.notRecognized'
          : error.code === 'processing_failed' || error.code === 'service_unavailable'
            ? 'area.try.problem.failed'
            : error.param === 'document_type' || error.code === 'document_type_unsupported'
              ? 'area.try.problem.documentType'
              : 'area.try.problem.file';
  return { key, code: error.code, detail: error.message, retryAfterSeconds: retryAfterSeconds ?? null };
}

interface CheckView {
  rule: string;
  holds: boolean;
  values: [string, string][];
}

function resultView(body: AnalyzeBody, previews: readonly PagePreview[], locale: Locale) {
  const raw = JSON.stringify(body, null, 2);
  const pages = pagesView(previews);
  const common = { documentType: body.document_type, pages: body.pages, latencyMs: body.latency_ms, raw, pageViews: pages };
  if ('tables' in body) {
    const statements = body.statement === undefined ? [] : Array.isArray(body.statement) ? body.statement : [body.statement];
    const accounts = body.accounts ? statementEvidence(body.accounts, pages, locale) : null;
    const downloads = statementDownloads(body, 'kontoauszug');
    return { ...common, kind: 'tables' as const, tables: body.tables, statements, accounts, downloads };
  }
  const analysis = body.analysis;
  const rawChecks = (analysis as { checks?: unknown }).checks;
  const checks: CheckView[] = Array.isArray(rawChecks)
    ? rawChecks
        .filter((c): c is { rule: string; holds: boolean; values?: Record<string, unknown> } => typeof c?.rule === 'string' && typeof c?.holds === 'boolean')
        .map((c) => ({ rule: c.rule, holds: c.holds, values: Object.entries(c.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string]) }))
    : [];
  const boxes = keyNumberEvidence(analysis.key_numbers, pages);
  return {
    ...common,
    kind: 'analysis' as const,
    summary: analysis.summary,
    keyNumbers: Object.entries(analysis.key_numbers).map(([name, n]) => ({ name, value: n.value, page: n.page, box: boxes.get(name) ?? null })),
    flags: analysis.review_flags,
    checks,
    sections: analysis.sections,
  };
}
