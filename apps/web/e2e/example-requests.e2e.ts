import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listExampleIds, navigateInApp } from './harness';
import { PAGE_WORK_MARKER, pageWorkDone, useBrowserTests } from './browser-tests';

/**
 * How many API requests the example page makes. It used to page through the whole list to find
 * an example's position and neighbours (7 list requests for the last demo example, as many for an
 * unknown id); now one position request answers them, and Random example's one request carries
 * the pick's position too. Its "More like this" list is one request more. A first visit is rendered
 * on the server with its data in the page: no request at all.
 */
describe('example page: API requests', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' } });
  /** The demo catalogue's ids in list order. */
  let ids: number[];

  beforeAll(async () => {
    ids = await listExampleIds(e2e.server);
  });

  /** A fresh page and the path (with query) of every API request it makes. */
  async function open(): Promise<{ page: Page; requests: string[] }> {
    const page = await e2e.open();
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const path = url.pathname + url.search;
      if (url.pathname.startsWith('/api/') && path !== PAGE_WORK_MARKER) requests.push(path);
    });
    return { page, requests };
  }

  const listRequests = (requests: string[]) =>
    requests.filter((r) => /^\/api\/examples(\?|$)/.test(r));
  const positionRequests = (requests: string[]) =>
    requests.filter((r) => /^\/api\/examples\/\d+\/position(\?|$)/.test(r));

  it('the demo catalogue has more than 100 examples (several list pages)', () => {
    expect(ids.length).toBeGreaterThan(100);
  });

  it('the last example of the demo catalogue: served with its position; reached in the app, one position request, no list request', async () => {
    const last = ids.at(-1)!;
    const { page, requests } = await open();
    await page.goto(`${e2e.server.url}/examples/${last}`);
    await page.getByText(`${ids.length} of ${ids.length} in this list`).waitFor();
    await pageWorkDone(page);
    expect(requests).toEqual([]);

    // A fresh page that has not got it yet: from /about, inside the app.
    const inApp = await open();
    await inApp.page.goto(`${e2e.server.url}/about`);
    await inApp.page.locator('[data-path="/about"]').waitFor();
    inApp.requests.length = 0;
    await navigateInApp(inApp.page, `/examples/${last}`);
    await inApp.page.getByRole('heading', { level: 1, name: `Example ${last}` }).waitFor();
    await inApp.page.getByText(`${ids.length} of ${ids.length} in this list`).waitFor();
    await pageWorkDone(inApp.page);
    expect(positionRequests(inApp.requests)).toEqual([`/api/examples/${last}/position`]);
    expect(listRequests(inApp.requests)).toEqual([]);
    // The example, its position and its "More like this" list: one request each.
    expect(inApp.requests.filter((r) => r.startsWith(`/api/examples/${last}`)).sort()).toEqual([
      `/api/examples/${last}`,
      `/api/examples/${last}/position`,
      `/api/examples/${last}/related`,
    ]);
    const previous = inApp.page.getByRole('link', { name: 'Previous' });
    expect(await previous.getAttribute('href')).toBe(`/examples/${ids.at(-2)}`);
    expect(await inApp.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('an unknown id: served with status 404 and no request; reached in the app, one position request (404), no list request', async () => {
    const { page, requests } = await open();
    const response = await page.goto(`${e2e.server.url}/examples/999999`);
    expect(response?.status()).toBe(404);
    await page.getByText('Example not found').waitFor();
    await pageWorkDone(page);
    expect(requests).toEqual([]);

    const inApp = await open();
    await inApp.page.goto(`${e2e.server.url}/about`);
    await inApp.page.locator('[data-path="/about"]').waitFor();
    inApp.requests.length = 0;
    await navigateInApp(inApp.page, '/examples/999999');
    await inApp.page.getByText('Example not found').waitFor();
    await pageWorkDone(inApp.page);
    expect(positionRequests(inApp.requests)).toEqual(['/api/examples/999999/position']);
    expect(listRequests(inApp.requests)).toEqual([]);
  });

  it('Random example: one request for the pick and its position, one for its related list, then no position or list request', async () => {
    const { page, requests } = await open();
    await page.goto(`${e2e.server.url}/examples/${ids[0]}`);
    await page.getByText(`1 of ${ids.length} in this list`).waitFor();
    await pageWorkDone(page);
    requests.length = 0;

    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/examples/random',
    );
    await page.getByRole('button', { name: 'Random example' }).click();
    const picked: number = (await (await answered).json()).data.example.id;
    await page.waitForURL((url) => url.pathname === `/examples/${picked}`);
    await page.getByRole('heading', { level: 1, name: `Example ${picked}` }).waitFor();
    const at = ids.indexOf(picked) + 1;
    expect(at).toBeGreaterThan(0);
    await page.getByText(`${at} of ${ids.length} in this list`).waitFor();
    await pageWorkDone(page);
    expect(requests.sort()).toEqual(
      ['/api/examples/random', `/api/examples/${picked}/related`].sort(),
    );
  });
});
