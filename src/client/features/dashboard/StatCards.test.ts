import { describe, expect, it } from 'vitest';
import { trendLine } from './StatCards';

describe('dashboard trend lines', () => {
  it('says how a count moved over the period the server compared', () => {
    expect(trendLine({ previous: 2, change: 3, periodDays: 30 }, 'count')).toEqual({
      text: '+3 in the last 30 days',
      direction: 'up',
    });
    expect(trendLine({ previous: 5, change: -2, periodDays: 7 }, 'count')?.text).toBe(
      '−2 in the last 7 days',
    );
    expect(trendLine({ previous: 4, change: 0, periodDays: 30 }, 'count')).toEqual({
      text: 'No change in the last 30 days',
      direction: 'flat',
    });
  });

  it('gives rates in percentage points with one decimal, and the figure it started from', () => {
    expect(trendLine({ previous: 50, change: 12.5, periodDays: 30 }, 'rate')?.text).toBe(
      '+12.5 pts in the last 30 days (was 50.0%)',
    );
    expect(trendLine({ previous: 80, change: -0.25, periodDays: 30 }, 'rate')?.direction).toBe(
      'down',
    );
  });

  it('shows no number when there was nothing to compare with, and nothing without a trend', () => {
    expect(trendLine({ previous: null, change: null, periodDays: 30 }, 'rate')).toEqual({
      text: 'No figure 30 days ago to compare with',
      direction: null,
    });
    expect(trendLine(undefined, 'count')).toBeNull();
  });
});
