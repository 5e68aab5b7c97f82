import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from '../shared/slug.js';
import { orgSlug } from './slug.js';

// The slug a client may send (spec/components/schemas/CreateOrganizationRequest.yaml).
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

describe('orgSlug', () => {
  it('drops accents the way thread and Space slugs do', () => {
    expect(orgSlug('Crème Brûlée')).toBe('creme-brulee');
    expect(orgSlug('Société Générale')).toBe('societe-generale');
    expect(orgSlug('Ærø Ça Ñandú')).toBe(slugify('Ærø Ça Ñandú', 40));
  });

  it('keeps plain names as they always were', () => {
    expect(orgSlug('Acme Corp')).toBe('acme-corp');
    expect(orgSlug('  --Big   Co 2024-- ')).toBe('big-co-2024');
  });

  it('falls back to a generated slug when the name has no letters or digits', () => {
    expect(orgSlug('★★★')).toMatch(/^org-[a-z0-9]+$/);
  });

  it('always gives a slug the API accepts back, at most 40 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const slug = orgSlug(name);
        expect(slug.length).toBeLessThanOrEqual(40);
        expect(slug).toMatch(SLUG_PATTERN);
      }),
    );
  });
});
