import type { ChatOption } from '@shared/api/support';
import { t } from '../../i18n/app';

/**
 * The spec's local keyword replies, for when the server cannot be reached: matched as whole
 * words, so "this" and "which" are not "hi" and "whichever" is not "help".
 */
const LOCAL_TOPICS = [
  { id: 'upload', words: ['upload', 'uploads', 'document', 'documents'] },
  { id: 'users', words: ['user', 'users', 'team', 'member', 'members'] },
  { id: 'reports', words: ['report', 'reports', 'compliance'] },
  { id: 'escalation', words: ['help', 'support', 'human'] },
] as const;

export function localReply(message: string): { content: string; options: ChatOption[] } {
  const words = new Set(message.toLowerCase().match(/[a-z]+/g) ?? []);
  const topic = LOCAL_TOPICS.find((topic) => topic.words.some((w) => words.has(w)));
  const offline = t('support:chat.offline');
  if (!topic) {
    return {
      content: `${t('support:chat.local.fallback')}\n\n${offline}`,
      options: [
        { text: t('support:chat.options.upload'), action: 'topic:upload' },
        { text: t('support:chat.options.users'), action: 'topic:users' },
        { text: t('support:chat.options.reports'), action: 'topic:reports' },
        { text: t('support:chat.options.helpCentre'), action: 'open:/support' },
      ],
    };
  }
  return {
    content: `${t(`support:chat.local.${topic.id}`)}\n\n${offline}`,
    options: [{ text: t('support:chat.options.helpCentre'), action: 'open:/support' }],
  };
}
