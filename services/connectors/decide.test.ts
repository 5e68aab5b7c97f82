import type { MemberFacts } from '../shared/actor.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideConnectStart, decideDelete, decideDisconnect, decideEstablish, mayManage, mayView } from './decide.js';
import { type ConnectionState, evolveConnection, NO_CONNECTION } from './events.js';
import { CONNECTORS, connectorInfo, isConnectionUuid } from './registry.js';
import { sitePath, withOutcome } from './return-path.js';

const drive = connectorInfo('google_drive')!;
const sharepoint = connectorInfo('sharepoint')!;
const now = new Date('2026-12-02T10:00:00Z');
const person = (userId: string, org: MemberFacts['org'] = null): MemberFacts => ({ userId, org });

function established(owner: { user_id: string; org_uuid: string | null }): ConnectionState {
  const { events } = decideEstablish(NO_CONNECTION, {
    connector: 'google_drive',
    owner: { owner_user_id: owner.user_id, org_uuid: owner.org_uuid },
    byUserId: owner.user_id,
    account: { accountId: 'acct', displayName: 'a@example.com' },
    scope: null,
    now,
  });
  return events.reduce(evolveConnection, NO_CONNECTION);
}

describe('starting a connection', () => {
  it('needs the connector set up here, an organisation for Enterprise-only ones, and an owner or admin for an organisation', () => {
    expect(() => decideConnectStart({ info: drive, configured: false, scope: 'user', actor: person('u') })).toThrow(/not set up on this server/);
    expect(() => decideConnectStart({ info: sharepoint, configured: true, scope: 'user', actor: person('u') })).toThrow(/Enterprise organisation/);
    expect(decideConnectStart({ info: sharepoint, configured: true, scope: 'user', actor: person('u', { org_uuid: 'o', role: 'member' }) })).toEqual({
      owner_user_id: 'u',
      org_uuid: null,
    });
    expect(() => decideConnectStart({ info: drive, configured: true, scope: 'org', actor: person('u') })).toThrow(/not in an organisation/);
    expect(() => decideConnectStart({ info: drive, configured: true, scope: 'org', actor: person('u', { org_uuid: 'o', role: 'member' }) })).toThrow(
      /owners and admins/,
    );
    expect(decideConnectStart({ info: drive, configured: true, scope: 'org', actor: person('u', { org_uuid: 'o', role: 'admin' }) })).toEqual({
      owner_user_id: 'u',
      org_uuid: 'o',
    });
  });
});

describe('a connection', () => {
  it('is renewed, not made again, when the same account comes back, connected or not', () => {
    const state = established({ user_id: 'u', org_uuid: null });
    const off = decideDisconnect(state, person('u'), now).reduce(evolveConnection, state);
    for (const s of [state, off]) {
      const again = decideEstablish(s, {
        connector: 'google_drive',
        owner: { owner_user_id: 'u', org_uuid: null },
        byUserId: 'u',
        account: { accountId: 'acct', displayName: 'new name' },
        scope: 'x',
        now,
      });
      expect(again.events.map((e) => e.type)).toEqual(['ConnectionRenewed']);
      expect(again.events.reduce(evolveConnection, s).status).toBe('connected');
    }
  });

  it('whatever happens to it, only its owner (or, for an organisation, its owners and admins) may change it, and a stranger never sees it', () => {
    const actors = fc.constantFrom(
      person('owner'),
      person('stranger'),
      person('owner', { org_uuid: 'o', role: 'owner' }),
      person('admin', { org_uuid: 'o', role: 'admin' }),
      person('member', { org_uuid: 'o', role: 'member' }),
      person('other', { org_uuid: 'p', role: 'owner' }),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(fc.constantFrom('disconnect', 'delete'), actors), { maxLength: 6 }), (orgConnection, steps) => {
        let state = established({ user_id: 'owner', org_uuid: orgConnection ? 'o' : null });
        for (const [step, actor] of steps) {
          const allowed = mayManage(state, actor);
          const visible = mayView(state, actor);
          try {
            const events = step === 'disconnect' ? decideDisconnect(state, actor, now) : decideDelete(state, actor, now);
            expect(allowed).toBe(true);
            state = events.reduce<ConnectionState>(evolveConnection, state);
          } catch (err) {
            expect(allowed).toBe(false);
            // Someone who may not see it is told it does not exist.
            expect((err as { code: string }).code).toBe(visible ? 'connector_org_forbidden' : 'connection_not_found');
          }
          if (orgConnection) expect(mayView(state, person('stranger'))).toBe(false);
          else expect(mayView(state, person('member', { org_uuid: 'o', role: 'member' }))).toBe(false);
        }
      }),
    );
  });

  it('disconnecting twice is one disconnection; a deleted one is gone', () => {
    const state = established({ user_id: 'u', org_uuid: null });
    const off = decideDisconnect(state, person('u'), now).reduce(evolveConnection, state);
    expect(decideDisconnect(off, person('u'), now)).toEqual([]);
    const gone = decideDelete(off, person('u'), now).reduce(evolveConnection, off);
    expect(() => decideDelete(gone, person('u'), now)).toThrow(/does not exist/);
  });
});

describe('the registry and the return path', () => {
  it('has the sixteen connectors of seed 001, five of them file sources', () => {
    expect(CONNECTORS).toHaveLength(16);
    expect(CONNECTORS.filter((c) => c.kind === 'file').map((c) => c.name)).toEqual(['google_drive', 'onedrive', 'sharepoint', 'dropbox', 'box']);
    expect(connectorInfo('notion')?.notInSpaces).toBe(true);
  });

  it('treats an id of 36 characters in five dash-separated parts as a connection uuid (seed 001 §5)', () => {
    expect(isConnectionUuid('0b6f4b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isConnectionUuid('google_drive')).toBe(false);
  });

  it('only ever returns to a path on this site', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const p = sitePath(s);
        if (p !== null) expect(new URL(p, 'http://site.invalid').origin).toBe('http://site.invalid');
      }),
    );
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/a\nb', '']) expect(sitePath(bad)).toBeNull();
    expect(sitePath('/spaces/x?showUploadModal')).toBe('/spaces/x?showUploadModal');
    expect(withOutcome('/spaces/x?tab=files', 'connected', 'box')).toBe('/spaces/x?tab=files&connected=box');
  });
});
