// The members of a group of the source as the app sync resolves them, against the fakes on
// 127.0.0.1: a private GitHub repository's collaborators by user id (paged), and a Slack channel's
// members by account key with their addresses where Slack gives them (looked up once per person).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeGitHub } from '../../../tests/fakes/oauth/github.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { createFakeSlack } from '../../../tests/fakes/oauth/slack.js';
import { githubRepositoryMembers } from './github-members.js';
import { slackChannelReaders } from './slack-channel-readers.js';

const github = createFakeGitHub();
const slack = createFakeSlack();
let githubFake: OAuthFake;
let slackFake: OAuthFake;
beforeAll(async () => {
  githubFake = await startOAuthFake({ family: 'github', clientId: 'c', clientSecret: 's', api: github.api });
  slackFake = await startOAuthFake({ family: 'slack', clientId: 'c', clientSecret: 's', api: slack.api });
});
afterAll(async () => {
  await githubFake?.close();
  await slackFake?.close();
});

test("a private repository's collaborators, every page of them, by user id", async () => {
  const ids = Array.from({ length: 130 }, (_, i) => String(1000 + i));
  github.repo('acme/secret', { private: true, collaborators: ids });
  expect(await githubRepositoryMembers(fakeCallDeps(githubFake, 'github').deps, 'acme/secret')).toEqual(ids);
});

test("a Slack channel's members by account key, with the addresses Slack gives, each person looked up once", async () => {
  slack.channel({ id: 'C1', name: 'hives', members: ['U1', 'U2', 'U3'] });
  slack.channel({ id: 'C2', name: 'board', members: ['U1'] });
  slack.users.set('U1', { name: 'ada', real_name: 'Ada', email: 'Ada@Acme.example' });
  slack.users.set('U2', { name: 'bo', real_name: 'Bo' });
  const deps = fakeCallDeps(slackFake, 'slack').deps;
  const known = new Map<string, string | null>();
  const before = slack.state.calls.usersInfo;
  expect(await slackChannelReaders(deps, 'C1', known)).toEqual(['T1:U1', 'T1:U2', 'T1:U3', 'email:ada@acme.example']);
  expect(await slackChannelReaders(deps, 'C2', known)).toEqual(['T1:U1', 'email:ada@acme.example']);
  expect(slack.state.calls.usersInfo - before).toBe(3);
});
