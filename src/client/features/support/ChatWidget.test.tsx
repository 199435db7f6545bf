import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { renderScreen, typeInto } from '../../test/render';
import { ChatWidget } from './ChatWidget';

const SESSION = '7d3a9a52-1c0e-4f67-9d0e-5d1f4a3b2c10';

async function openChat() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open support chat' }));
  const chat = screen.getByRole('region', { name: 'Centerline Support' });
  return { chat, input: within(chat).getByLabelText('Your question') };
}

function send(input: HTMLElement, text: string) {
  typeInto(input, text);
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('support chat widget', () => {
  it('greets, sends a question with the conversation it belongs to, and shows the saved answer with its sources', async () => {
    const api = fakeApi({
      ...signedInAs('instructor'),
      'POST /api/support/chat': {
        content: 'From the help centre, “Proving a training record has not been changed”: …',
        options: [],
        intent: 'proofs',
        sources: [],
        sessionId: SESSION,
        ticket: null,
      },
      'GET /api/support/sessions/:id': {
        id: SESSION,
        title: 'prove it',
        createdAt: '2026-12-01T10:00:00.000Z',
        updatedAt: '2026-12-01T10:00:00.000Z',
        messages: 2,
        ticket: null,
        transcript: [
          {
            id: 'm1',
            author: 'user',
            authorName: null,
            content: 'prove it',
            intent: 'proofs',
            options: [],
            sources: [],
            createdAt: '2026-12-01T10:00:00.000Z',
          },
          {
            id: 'm2',
            author: 'bot',
            authorName: null,
            content: 'From the help centre, “Proving a training record has not been changed”: …',
            intent: 'proofs',
            options: [{ text: 'Talk to a person', action: 'topic:escalation' }],
            sources: [
              {
                articleId: 'proofs',
                title: 'Proving a training record has not been changed',
                url: '/support/articles/proofs',
              },
            ],
            createdAt: '2026-12-01T10:00:01.000Z',
          },
        ],
      },
      'GET /api/support/sessions': { sessions: [] },
    });
    renderScreen(<ChatWidget />);
    const { chat, input } = await openChat();
    expect(within(chat).getByText(/Ask me anything about Centerline/)).toBeTruthy();
    expect((within(chat).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    send(input, '   ');
    expect(api.callsTo('POST /api/support/chat')).toHaveLength(0);

    send(input, 'prove it');
    expect(await within(chat).findByText('Assistant is typing…')).toBeTruthy();
    const link = await within(chat).findByRole(
      'link',
      { name: 'Proving a training record has not been changed' },
      { timeout: 3000 },
    );
    expect(link.getAttribute('href')).toBe('/support/articles/proofs');
    expect(api.callsTo('POST /api/support/chat')[0]!.body).toEqual({
      message: 'prove it',
      sessionId: null,
    });
    expect(within(chat).getAllByText('prove it')).toHaveLength(1);

    // The next question belongs to the same conversation; an option sends its topic.
    fireEvent.click(within(chat).getByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(api.callsTo('POST /api/support/chat')).toHaveLength(2));
    expect(api.callsTo('POST /api/support/chat')[1]!.body).toEqual({
      message: 'Talk to a person',
      sessionId: SESSION,
      topic: 'escalation',
    });
  });

  it("answers from the spec's keywords, as whole words, when the server cannot be reached", async () => {
    const api = fakeApi({ ...signedInAs('viewer') });
    api.on('POST /api/support/chat', () => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen(<ChatWidget />);
    const { chat, input } = await openChat();
    send(input, 'how do I upload a logbook page?');
    expect(
      await within(chat).findByText(/open Document Import/, undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(within(chat).getByText(/your question was not saved/)).toBeTruthy();
    // "this" and "which" hold no keyword: the four options of the fallback, not a greeting.
    send(input, 'which of this is it');
    expect(
      await within(chat).findByText(/I understand you need help with that/, undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
  });

  it('says what the server refused, and does not pretend to answer', async () => {
    fakeApi({
      ...signedInAs('viewer'),
      'POST /api/support/chat': () =>
        apiError(429, 'Too many attempts. Try again in 1 minute.', 'rate_limited'),
    });
    renderScreen(<ChatWidget />);
    const { chat, input } = await openChat();
    send(input, 'hello');
    expect(
      await within(chat).findByText('Too many attempts. Try again in 1 minute.', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
  });
});
