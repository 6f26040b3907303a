/**
 * An optional language model that answers one chat turn with JSON matching a schema
 * (OpenAI-compatible chat completions with `response_format: json_schema`). Off by default:
 * the built-in engine answers fully without it. Callers treat every answer as untrusted input:
 * it is validated and every number it contains is checked against the document.
 */
export interface LlmRequest {
  system: string;
  user: string;
  /** JSON schema name and body the answer must follow. */
  schemaName: string;
  schema: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface LlmClient {
  /** Whether a model is configured; `none` says false and is never asked. */
  readonly enabled: boolean;
  /** The parsed JSON answer, or null when the model gave none (error, refusal, unparsable). */
  completeJson(request: LlmRequest): Promise<unknown | null>;
}
