import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
}

export type FakeChatReply =
  string | { status: number; body: unknown } | Promise<string | { status: number; body: unknown }>;

export interface FakeChatServer {
  /** Base URL for AI_BASE_URL (ends in `/v1`). */
  url: string;
  /** Every request body received, in order. */
  requests: unknown[];
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible chat-completions server, listening on loopback only.
 * `reply` returns the assistant text (wrapped in a chat completion) or a raw status and body.
 * `delayMs` holds every answer back, to exercise time-outs.
 */
export async function startFakeChatServer(
  reply: (body: ChatRequestBody) => FakeChatReply,
  options: { delayMs?: number } = {},
): Promise<FakeChatServer> {
  const requests: unknown[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path ?? '')) {
      send(res, 404, { error: { message: 'Not found' } });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
    requests.push(body);
    if (options.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, options.delayMs);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    const answer = await reply(body);
    if (typeof answer === 'string') {
      send(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
    } else {
      send(res, answer.status, answer.body);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}
