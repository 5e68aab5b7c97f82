// @vitest-environment happy-dom
// A link whose page was cut at the text a link keeps says so on its row.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { LINK_TEXT_CUT } from './space-links';
import { addSpace, renderApp } from './space-test-kit';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  mocks.reset();
});
afterAll(mocks.close);

it('says which links are searched only in part', async () => {
  const at = '2026-01-01T00:00:00.000Z';
  const space = addSpace(mocks, {
    focused_web_config: {
      link_configs: [
        { link: 'https://example.com/long', title: 'A long page', added_at: at, text_truncated: true },
        { link: 'https://example.com/short', title: 'A short page', added_at: at },
      ],
    },
  });
  renderApp(`/spaces/${space.slug}`);
  const rows = within(await screen.findByRole('list', { name: 'Links' })).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).queryByText(LINK_TEXT_CUT)?.textContent).toBe(LINK_TEXT_CUT);
  expect(within(rows[1]).queryByText(LINK_TEXT_CUT)).toBeNull();
});
