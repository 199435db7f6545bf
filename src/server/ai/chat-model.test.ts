import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../test/harness';
import { startFakeChatServer, type FakeChatServer } from '../test/fake-chat-server';
import { chatModelFromConfig, ChatModelError } from './chat-model';

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('chatModelFromConfig', () => {
  it('is null unless both AI_BASE_URL and AI_MODEL are set', () => {
    expect(chatModelFromConfig(testConfig())).toBeNull();
    expect(() => testConfig({ AI_MODEL: 'llama3' })).toThrow(/AI_BASE_URL and AI_MODEL/);
  });

  it('sends the system and user messages and returns the answer', async () => {
    server = await startFakeChatServer((body) => `echo: ${body.messages[1]?.content}`);
    const model = chatModelFromConfig(testConfig({ AI_BASE_URL: server.url, AI_MODEL: 'm1' }));
    expect(model?.name).toBe('m1');
    const answer = await model!.complete({ system: 'be brief', user: 'hello', maxTokens: 50 });
    expect(answer).toBe('echo: hello');
    expect(server.requests).toEqual([
      expect.objectContaining({
        model: 'm1',
        max_tokens: 50,
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hello' },
        ],
      }),
    ]);
  });

  it('reports a time-out, an error status and an empty answer as ChatModelError', async () => {
    server = await startFakeChatServer(() => 'late', { delayMs: 2_000 });
    const slow = chatModelFromConfig(
      testConfig({ AI_BASE_URL: server.url, AI_MODEL: 'm', AI_TIMEOUT_MS: '200' }),
    )!;
    await expect(slow.complete({ system: 's', user: 'u' })).rejects.toMatchObject({
      reason: 'timeout',
    });
    await server.close();

    server = await startFakeChatServer(() => ({ status: 500, body: { error: { message: 'x' } } }));
    const failing = chatModelFromConfig(testConfig({ AI_BASE_URL: server.url, AI_MODEL: 'm' }))!;
    const error = await failing.complete({ system: 's', user: 'u' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error).toMatchObject({ reason: 'error' });
    await server.close();

    server = await startFakeChatServer(() => ({ status: 200, body: { choices: [] } }));
    const empty = chatModelFromConfig(testConfig({ AI_BASE_URL: server.url, AI_MODEL: 'm' }))!;
    await expect(empty.complete({ system: 's', user: 'u' })).rejects.toMatchObject({
      reason: 'empty answer',
    });
  });
});
