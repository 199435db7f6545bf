import OpenAI from 'openai';
import type { Config } from '../config';

/**
 * A chat model behind an OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp). Optional: the
 * built-in reasoners always work without one, and callers fall back to them when `complete`
 * throws.
 */
export interface ChatModel {
  readonly name: string;
  complete(request: {
    system: string;
    user: string;
    maxTokens?: number;
    signal?: AbortSignal;
  }): Promise<string>;
}

/** Why a model answer could not be used; `reason` is short enough to show in a run's summary. */
export class ChatModelError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'error' | 'empty answer',
    message: string,
  ) {
    super(message);
    this.name = 'ChatModelError';
  }
}

// Local servers (Ollama, llama.cpp) need no key, but the client library insists on one.
const NO_KEY = 'not-needed';

/** The configured model, or null when AI_BASE_URL and AI_MODEL are not both set. */
export function chatModelFromConfig(config: Config): ChatModel | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  const model = config.AI_MODEL;
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY ?? NO_KEY,
    timeout: config.AI_TIMEOUT_MS,
    maxRetries: 0,
  });
  return {
    name: model,
    async complete({ system, user, maxTokens, signal }) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
          },
          // A signal of its own per request: the client library leaves a listener on the
          // signal it is given, and a run shares one signal across hundreds of requests.
          { signal: signal ? AbortSignal.any([signal]) : undefined },
        );
      } catch (error) {
        throw toChatModelError(error);
      }
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw new ChatModelError('empty answer', 'The model returned no text');
      }
      return content;
    },
  };
}

function toChatModelError(error: unknown): ChatModelError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ChatModelError('timeout', 'The model did not answer in time');
  }
  if (error instanceof OpenAI.APIUserAbortError) {
    return new ChatModelError('timeout', 'The model request was cancelled');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ChatModelError('unreachable', 'The model server could not be reached');
  }
  if (error instanceof OpenAI.APIError) {
    return new ChatModelError('error', `The model server answered ${error.status ?? 'an error'}`);
  }
  // Anything else (a body that is not a chat completion) counts as a failed answer.
  return new ChatModelError('error', error instanceof Error ? error.message : String(error));
}
