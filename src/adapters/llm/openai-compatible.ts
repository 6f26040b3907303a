/**
 * LlmClient over an OpenAI-compatible chat-completions endpoint (`POST {baseUrl}/chat/completions`,
 * e.g. an EU-hosted provider). Uses `response_format: { type: "json_schema" }`, temperature 0,
 * a timeout, and never throws for model-side failures: a non-200, a refusal or unparsable
 * content is `null`, and the pipeline keeps its own result. The API key goes only into the
 * Authorization header; neither key nor document text is logged here.
 */
import type { LlmClient, LlmRequest } from '../../ports/llm-client.js';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number; // default 20 s
  fetch?: typeof fetch;
}

export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions): LlmClient {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    enabled: true,
    async completeJson(request: LlmRequest): Promise<unknown | null> {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const res = await doFetch(url, {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({
            model: options.model,
            temperature: 0,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.schema } },
          }),
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] };
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string') return null;
        return JSON.parse(content) as unknown;
      } catch {
        return null;
      }
    },
  };
}
