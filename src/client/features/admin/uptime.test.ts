import { describe, expect, it } from 'vitest';
import { uptimeText } from './AdminStatCards';

describe('uptimeText', () => {
  it('says minutes, then hours, then days', () => {
    expect(uptimeText(59)).toBe('0 min');
    expect(uptimeText(42 * 60 + 5)).toBe('42 min');
    expect(uptimeText(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(uptimeText(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3 d 4 h');
  });
});
