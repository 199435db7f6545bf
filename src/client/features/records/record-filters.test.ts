import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromParams, toServerQuery } from './record-filters';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('record filters in the query string', () => {
  it('reads every filter and sends the server its own parameter names', () => {
    const filters = read(
      'q=ana&status=failed&type=Recurrent&instructor=Fox&from=2025-01-01&to=2025-03-31&page=3',
    );
    expect(filters).toEqual({
      q: 'ana',
      status: 'failed',
      type: 'Recurrent',
      instructor: 'Fox',
      from: '2025-01-01',
      to: '2025-03-31',
      page: 3,
    });
    expect(Object.fromEntries(new URLSearchParams(toServerQuery(filters, 25)))).toEqual({
      search: 'ana',
      status: 'failed',
      eventType: 'Recurrent',
      instructor: 'Fox',
      from: '2025-01-01',
      to: '2025-03-31',
      page: '3',
      pageSize: '25',
    });
    expect(activeFilterCount(filters)).toBe(5);
  });

  it('drops what the server would refuse instead of failing the whole list', () => {
    const filters = read('status=archived&from=2025-02-30&to=yesterday&page=-2');
    expect(filters).toMatchObject({ status: 'all', from: '', to: '', page: 1 });
    expect(toServerQuery(filters, 25)).toBe('page=1&pageSize=25');
    expect(activeFilterCount(filters)).toBe(0);
  });

  it('trims the search and leaves blank filters out', () => {
    expect(toServerQuery(read('q=%20%20&type=%20&instructor=%20Dana%20'), 10)).toBe(
      'instructor=Dana&page=1&pageSize=10',
    );
  });
});
