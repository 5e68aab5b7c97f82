// A link on the fake site becomes passages that hold the article's distinctive words.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ARTICLE_PHRASE, ARTICLE_TITLE, startWebPages } from '../../../tests/fakes/web-pages.js';
import { passagesOfLink } from './link-passages.js';
import { LinkFetchError } from './safe-fetch.js';

let site: Awaited<ReturnType<typeof startWebPages>>;
beforeAll(async () => {
  site = await startWebPages();
});
afterAll(async () => site?.close());

test('an article link becomes titled passages at its final address', async () => {
  const result = await passagesOfLink(`${site.url}/redirect?to=/article`, { allowPrivateHosts: [site.hostPort] });
  expect(result.url).toBe(`${site.url}/article`);
  expect(result.title).toBe(ARTICLE_TITLE);
  expect(result.passages.length).toBeGreaterThan(0);
  expect(result.passages.map((p) => p.content).join(' ')).toContain(ARTICLE_PHRASE);
  for (const passage of result.passages) expect(passage).toMatchObject({ url: `${site.url}/article`, title: ARTICLE_TITLE, heading: ARTICLE_TITLE });
});

test('a link that cannot be fetched fails with its reason', async () => {
  await expect(passagesOfLink(`${site.url}/article`)).rejects.toBeInstanceOf(LinkFetchError);
  await expect(passagesOfLink(`${site.url}/article`)).rejects.toMatchObject({ code: 'link_blocked' });
});
