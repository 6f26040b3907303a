import type { LlmClient } from '../../ports/llm-client.js';

/** The default: no model. */
export const noLlm: LlmClient = {
  enabled: false,
  async completeJson() {
    return null;
  },
};
