import { describe, expect, it } from 'vitest';
import { ProviderHttpError } from '../provider-call.js';
import { nextLinkPath } from './link-header.js';

describe("a Link header's next page", () => {
  const base = 'https://api.github.com';
  it('is the path and query of the link named next', () => {
    const header = '<https://api.github.com/user/repos?page=3&per_page=2>; rel="next", <https://api.github.com/user/repos?page=9&per_page=2>; rel="last"';
    expect(nextLinkPath(header, base)).toBe('/user/repos?page=3&per_page=2');
    expect(nextLinkPath('<https://api.github.com/user/repos?page=1>; rel="prev"', base)).toBeNull();
    expect(nextLinkPath(null, base)).toBeNull();
  });

  it('keeps a configured base path', () => {
    expect(nextLinkPath('<https://ghe.example/api/v3/user/repos?page=2>; rel="next"', 'https://ghe.example/api/v3')).toBe('/user/repos?page=2');
  });

  it('refuses a link to another origin or outside the API path', () => {
    for (const link of ['https://evil.example/user/repos?page=2', 'http://api.github.com/user/repos', 'https://ghe.example/other/user/repos'])
      expect(() => nextLinkPath(`<${link}>; rel="next"`, link.includes('ghe') ? 'https://ghe.example/api/v3' : base)).toThrow(ProviderHttpError);
  });
});
