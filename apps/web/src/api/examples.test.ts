import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setApiTransport } from '../lib/api-client';
import { examplesKeys, examplesQueryOptions, filterQuery } from './examples';

describe('the GET /examples request (browse and admin alike)', () => {
  it('trims values and leaves out empty ones, so equal filter sets share one cache entry', () => {
    expect(filterQuery({ q: '  sum ', subjectId: '', typeId: ' 2 ' }, { signedIn: true })).toEqual({
      q: 'sum',
      typeId: '2',
    });
  });

  it('never sends liked, solved or withoutHelp for a visitor (the one guard)', () => {
    const query = {
      difficultyId: '2',
      liked: 'true',
      solved: 'false',
      withoutHelp: 'true',
    } as const;
    expect(filterQuery(query, { signedIn: false })).toEqual({ difficultyId: '2' });
    expect(filterQuery(query, { signedIn: true })).toEqual(query);
  });

  it('keys a list by viewer, clean filters, page size and first page', () => {
    const options = examplesQueryOptions({ q: ' x ', liked: 'true' }, null, 25);
    expect(options.queryKey).toEqual(examplesKeys.list('visitor', { q: 'x' }, 25));
    expect(examplesQueryOptions({ q: 'x' }, 'user-1', 20).queryKey).toEqual([
      'examples',
      'list',
      'user-1',
      { q: 'x' },
      20,
      1,
    ]);
    expect(examplesQueryOptions({ q: 'x' }, null, 20, 3).queryKey).toEqual([
      'examples',
      'list',
      'visitor',
      { q: 'x' },
      20,
      3,
    ]);
  });

  it('asks a list opened at page N for that page, then goes on with the cursors', async () => {
    const calls: string[] = [];
    const pages = [
      { examples: [], total: 100, nextCursor: 'c4' },
      { examples: [], total: 100, nextCursor: null },
    ];
    setApiTransport(async (input) => {
      calls.push(String(input));
      const data = pages[calls.length - 1];
      return new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      const client = new QueryClient();
      const options = examplesQueryOptions({ q: 'x' }, null, 20, 3);
      const data = await client.fetchInfiniteQuery({ ...options, pages: 2 });
      expect(data.pages).toHaveLength(2);
      expect(calls).toEqual([
        '/api/examples?q=x&limit=20&page=3',
        '/api/examples?q=x&limit=20&cursor=c4',
      ]);
    } finally {
      setApiTransport((input, init) => fetch(input, init));
    }
  });
});
