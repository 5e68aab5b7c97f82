import { expect, test } from 'vitest';
import { normaliseSiteDomain } from '../../../../services/settings/pure';
import { previewSiteDomain } from './site-domain-preview';

test.each(['https://www.Example.com/docs', 'EXAMPLE.com.', 'docs.example.co.uk:8443', 'bücher.de', 'www.com'])(
  'the preview of %s is what the server keeps',
  (raw) => {
    expect(previewSiteDomain(raw)).toBe(normaliseSiteDomain(raw));
  },
);

test.each(['', 'not a domain', 'localhost', '10.0.0.1', '[::1]', 'exa_mple.com', 'http://'])('%s is plainly no domain', (raw) => {
  expect(previewSiteDomain(raw)).toBeNull();
});
