import type { Dispatcher } from 'undici';
import { prng } from '../../scripts/fixtures/degrade.js';
import { postAnalyze, type CallRecord } from './client.js';
import type { DocumentKind, DocumentSet, LoadDocument } from './documents.js';
import { analyzeForm, type EncodedBody } from '../../test/support/multipart.js';
import type { RunOrg } from './organizations.js';

/**
 * Offered load per organization: requests are started on a fixed schedule (`perMinute`),
 * each with a document drawn from `mix`, by at most `concurrency` callers, alternating
 * between the instances, until the duration or `maxRequests` is reached. A caller that falls
 * behind schedule sends at once (open loop, bounded by its concurrency). Then every call in
 * flight is awaited, so the result holds one record per request sent.
 */
export interface Stream {
  org: RunOrg;
  perMinute: number;
  mix: Partial<Record<DocumentKind, number>>;
  concurrency: number;
  maxRequests?: number;
  /** Start this many ms after the run starts (default 0). */
  startAfterMs?: number;
}

export interface Target {
  name: string;
  url: string;
}

export interface DriveOptions {
  targets: Target[];
  durationMs: number;
  dispatcher: Dispatcher;
  docs: DocumentSet;
  seed?: number;
  onRecord?: (r: CallRecord) => void;
  /** Stops sending new requests when it returns true (checked before each request). */
  stop?: () => boolean;
}

export async function drive(streams: Stream[], options: DriveOptions): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  const bodies = new Map<LoadDocument, EncodedBody>();
  const bodyOf = (doc: LoadDocument) => {
    let b = bodies.get(doc);
    if (!b) bodies.set(doc, (b = analyzeForm(doc)));
    return b;
  };
  const rand = prng(options.seed ?? 1);
  let roundRobin = 0;
  const start = Date.now();
  const end = start + options.durationMs;

  const runStream = async (stream: Stream): Promise<void> => {
    const interval = 60_000 / stream.perMinute;
    const first = start + (stream.startAfterMs ?? 0);
    let next = 0;
    const kinds = Object.entries(stream.mix).filter(([, w]) => (w ?? 0) > 0) as [DocumentKind, number][];
    const total = kinds.reduce((n, [, w]) => n + w, 0);
    const pick = (): LoadDocument => {
      let r = rand() * total;
      let kind = kinds[0]![0];
      for (const [k, w] of kinds) {
        if ((r -= w) < 0) {
          kind = k;
          break;
        }
      }
      const list = options.docs.byKind[kind];
      return list[Math.floor(rand() * list.length)]!;
    };
    const caller = async (): Promise<void> => {
      for (;;) {
        const k = next++;
        if (stream.maxRequests !== undefined && k >= stream.maxRequests) return;
        const at = first + k * interval;
        if (at >= end) return;
        const wait = at - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (options.stop?.() || Date.now() >= end) return;
        const doc = pick();
        const target = options.targets[roundRobin++ % options.targets.length]!;
        const body = bodyOf(doc);
        const record = await postAnalyze({
          dispatcher: options.dispatcher,
          url: target.url,
          apiKey: stream.org.apiKey,
          body: body.body,
          contentType: body.contentType,
          meta: { org: stream.org.label, kind: doc.kind, documentType: doc.documentType, instance: target.name },
        });
        records.push(record);
        options.onRecord?.(record);
      }
    };
    await Promise.all(Array.from({ length: stream.concurrency }, caller));
  };
  await Promise.all(streams.map(runStream));
  return records;
}
