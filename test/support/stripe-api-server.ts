import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API, for the Stripe adapter's tests: it records every request
 * the SDK sends (method, path, query and form parameters as Stripe receives them, e.g.
 * `line_items[0][price]`) and answers with JSON objects carrying the fields the SDK and the
 * adapter read. Point the adapter at it with STRIPE_API_BASE / apiBase.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** The status the fake answered with. */
  status?: number;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  /** Also on the subscription, as checkout puts it there. */
  overagePrice?: string;
  /** Epoch seconds. */
  created: number;
  billingCycleAnchor: number;
  cancelAtPeriodEnd?: boolean;
}

/** A request the fake holds unanswered until the test releases it. */
export interface HeldRequest {
  /** Settles when the request has arrived (and is being held). */
  readonly arrived: Promise<void>;
  /** Answers it: normally (200), or as a temporary failure (500). */
  release(outcome: 'answer' | 'fail'): void;
}

export class FakeStripeApi {
  readonly requests: RecordedRequest[] = [];
  readonly #subscriptions = new Map<string, FakeSubscription[]>();
  /** Route key (`POST /v1/billing/meter_events`) → how many of the next requests answer 500. */
  readonly #failures = new Map<string, number>();
  /** Routes whose requests are read and never answered: a Stripe that accepts and hangs. */
  readonly #hanging = new Set<string>();
  /** Route → the next request to it is held until released. */
  readonly #holds = new Map<string, { arrived: () => void; released: Promise<'answer' | 'fail'> }>();
  #customers = 0;
  #sessions = 0;
  #server: Server;
  url = '';

  private constructor() {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res);
    });
  }

  static async start(): Promise<FakeStripeApi> {
    const fake = new FakeStripeApi();
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The customer's subscriptions as GET /v1/subscriptions will list them (newest first). */
  setSubscriptions(customer: string, subscriptions: FakeSubscription[]): void {
    this.#subscriptions.set(customer, subscriptions);
  }

  /** The next `count` requests to `route` (e.g. `POST /v1/billing/meter_events`) answer 500. */
  failNext(route: string, count: number): void {
    this.#failures.set(route, count);
  }

  /**
   * Requests to `route` are read and then never answered (until `answerAgain` or close): the
   * connection stays open, as with a Stripe that accepts connections and hangs. Only the
   * client's own timeout ends such a request.
   */
  neverAnswer(route: string): void {
    this.#hanging.add(route);
  }

  /** Requests to `route` are answered again (those already hanging stay unanswered). */
  answerAgain(route: string): void {
    this.#hanging.delete(route);
  }

  /** The next request to `route` is held unanswered until the returned handle releases it. */
  holdNext(route: string): HeldRequest {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release!: (outcome: 'answer' | 'fail') => void;
    const released = new Promise<'answer' | 'fail'>((resolve) => (release = resolve));
    this.#holds.set(route, { arrived, released });
    return { arrived: arrival, release };
  }

  requestsTo(route: string): RecordedRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    this.requests.push(recorded);
    const route = `${recorded.method} ${recorded.path}`;
    if (this.#hanging.has(route)) return;
    const hold = this.#holds.get(route);
    let failHeld = false;
    if (hold) {
      this.#holds.delete(route);
      hold.arrived();
      failHeld = (await hold.released) === 'fail';
      // The client may have given up meanwhile; answering a closed socket is harmless.
    }
    const failures = this.#failures.get(route) ?? 0;
    if (failHeld || failures > 0) {
      if (!failHeld) this.#failures.set(route, failures - 1);
      recorded.status = 500;
      return send(res, 500, { error: { type: 'api_error', message: 'Fake Stripe: temporary failure' } });
    }
    const f = recorded.form;
    recorded.status = 200;
    switch (route) {
      case 'POST /v1/customers':
        this.#customers += 1;
        return send(res, 200, { id: `cus_fake${this.#customers}`, object: 'customer', name: f.name, email: f.email, metadata: metadataOf(f) });
      case 'POST /v1/checkout/sessions':
        this.#sessions += 1;
        return send(res, 200, {
          id: `cs_fake${this.#sessions}`,
          object: 'checkout.session',
          mode: f.mode,
          customer: f.customer,
          url: `https://checkout.stripe.test/c/pay/cs_fake${this.#sessions}`,
        });
      case 'POST /v1/billing_portal/sessions':
        this.#sessions += 1;
        return send(res, 200, {
          id: `bps_fake${this.#sessions}`,
          object: 'billing_portal.session',
          customer: f.customer,
          return_url: f.return_url,
          url: `https://billing.stripe.test/p/session/bps_fake${this.#sessions}`,
        });
      case 'GET /v1/subscriptions': {
        const subs = [...(this.#subscriptions.get(recorded.query.customer ?? '') ?? [])].sort((a, b) => b.created - a.created);
        return send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data: subs.map(subscriptionObject) });
      }
      case 'POST /v1/billing/meter_events':
        return send(res, 200, {
          object: 'billing.meter_event',
          created: Math.floor(Date.now() / 1000),
          event_name: f.event_name,
          identifier: f.identifier,
          livemode: false,
          payload: { stripe_customer_id: f['payload[stripe_customer_id]'], value: f['payload[value]'] },
          timestamp: Number(f.timestamp),
        });
      default:
        recorded.status = 404;
        return send(res, 404, { error: { type: 'invalid_request_error', message: `Fake Stripe has no route ${route}` } });
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

function subscriptionObject(s: FakeSubscription): Record<string, unknown> {
  const item = (price: string, n: number) => ({
    id: `si_${s.id}_${n}`,
    object: 'subscription_item',
    price: { id: price, object: 'price' },
    current_period_start: s.billingCycleAnchor,
  });
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    created: s.created,
    billing_cycle_anchor: s.billingCycleAnchor,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    items: {
      object: 'list',
      has_more: false,
      data: [item(s.price, 0), ...(s.overagePrice ? [item(s.overagePrice, 1)] : [])],
    },
    metadata: {},
  };
}

/** Settings the Stripe-backed test servers use (valid shapes, fake values). */
export const STRIPE_TEST_SETTINGS = {
  secretKey: 'sk_test_fake_for_tests',
  webhookSecret: 'whsec_test_fake_for_tests',
  prices: { starter: 'price_starter', pro: 'price_pro', business: 'price_business' },
  overagePrices: { starter: 'price_overage_starter', pro: 'price_overage_pro', business: 'price_overage_business' },
  meterEventName: 'klartext_overage_calls',
} as const;

let eventCounter = 0;

/** A Stripe event envelope around `object`, as Stripe posts it. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}_${Date.now()}`): Record<string, unknown> {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
