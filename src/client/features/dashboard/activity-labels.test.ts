import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../i18n/app';
import { activityDetail, activityLabel } from './activity-labels';

describe('activityLabel', () => {
  it('labels the three known actions', () => {
    expect(activityLabel('create_training_event')).toBe('Training event created');
    expect(activityLabel('upload_document')).toBe('Document uploaded');
    expect(activityLabel('validate_data')).toBe('Data validated');
  });

  it('shows any other action with spaces for underscores', () => {
    expect(activityLabel('sign_in')).toBe('sign in');
    expect(activityLabel('change_role')).toBe('change role');
  });

  it('names every other action in the reader’s language, and one it does not know as sent', async () => {
    await switchLanguage('fr');
    try {
      expect(activityLabel('update_preferences')).toBe('préférences mises à jour');
      expect(activityLabel('create_training_event')).toBe('Événement de formation créé');
      expect(activityLabel('some_future_action')).toBe('some future action');
    } finally {
      await switchLanguage('en');
    }
  });
});

describe('activityDetail', () => {
  it('joins the known detail fields that are text', () => {
    expect(activityDetail({ studentName: 'Ana Ruiz', eventType: 'Line Check' })).toBe(
      'Ana Ruiz · Line Check',
    );
    expect(activityDetail({ filename: 'roster.xlsx', size: 4 })).toBe('roster.xlsx');
    expect(activityDetail({ email: 'a@b.c' })).toBeNull();
  });
});
