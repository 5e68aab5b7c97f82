// Erasure over every domain's redactors: after it, no byte of the person's name, address or
// question survives in any payload of theirs, and everyone else's events are exactly as they were.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type ErasedPerson, redactOne } from '../eventstore/erasure.js';
import { redactors } from './erasure.js';

type Ev = { type: string; streamId: string; data: Record<string, unknown> };
type Who = { id: string; name: string; email: string; question: string; thread: string; space: string; file: string; otherSpace: string; org: string };

/**
 * The events a person leaves in the log: account, a thread, a Space they deleted, a file, mail, an
 * invitation into someone else's Space, an organisation that closed when they, its last member, left.
 */
function eventsOf(p: Who, at: string): Ev[] {
  const t = `thread-${p.thread}`;
  const s = `space-${p.space}`;
  const f = `file-${p.file}`;
  const repo = { type: 'USER', owner_id: p.id };
  return [
    { type: 'AccountRegistered', streamId: `account-${p.id}`, data: { user_id: p.id, email: p.email, name: p.name, visitor_id: null, registered_at: at } },
    { type: 'AccountRenamed', streamId: `account-${p.id}`, data: { user_id: p.id, name: `${p.name} II`, renamed_at: at } },
    {
      type: 'AccountEmailChanged',
      streamId: `account-${p.id}`,
      data: { user_id: p.id, email: `new.${p.email}`, previous_email: p.email, changed_at: at },
    },
    {
      type: 'OrgMemberInvited',
      streamId: `org-${p.space}`,
      data: { org_uuid: p.space, invitation_id: `i-${p.id}`, email: p.email, role: 'member', invited_by: 'someone', invited_at: at, expires_at: at },
    },
    {
      type: 'OrgCreated',
      streamId: `org-${p.org}`,
      data: {
        org_uuid: p.org,
        name: `${p.name} Works`,
        slug: `${p.name}-works`,
        owner_user_id: p.id,
        owner_member_id: 'm',
        owner_email: p.email,
        created_at: at,
      },
    },
    {
      type: 'OrgDetailsChanged',
      streamId: `org-${p.org}`,
      data: { org_uuid: p.org, changes: { name: `${p.name} Labs`, email_domains: [`${p.name}.example`] }, changed_by: p.id, changed_at: at },
    },
    { type: 'AccountUsernameChanged', streamId: `account-${p.id}`, data: { user_id: p.id, username: p.name, changed_at: at } },
    {
      type: 'PersonalizationChanged',
      streamId: `account-settings-${p.id}`,
      data: { user_id: p.id, about_me: `I am ${p.name}, ${p.email}`, answer_style: 'default', changed_at: at },
    },
    {
      type: 'SiteInstructionSaved',
      streamId: `account-settings-${p.id}`,
      data: { user_id: p.id, domain: `${p.name}.example`, instructions: p.question, saved_at: at },
    },
    {
      type: 'ThreadStarted',
      streamId: t,
      data: {
        context_uuid: p.thread,
        thread_url_slug: 'x',
        frontend_context_uuid: null,
        title: p.question,
        owner_user_id: p.id,
        owner_visitor_id: null,
        thread_access: 'private read',
        incognito: false,
        expiry_time: null,
        started_at: at,
      },
    },
    {
      type: 'QuestionAsked',
      streamId: t,
      data: { context_uuid: p.thread, backend_uuid: `${p.thread}-b`, query_str: p.question, search_mode: 'auto', model: 'm', asked_at: at },
    },
    {
      type: 'AnswerSourcesFound',
      streamId: t,
      data: { backend_uuid: `${p.thread}-b`, sources: [{ url: 'https://e.x', name: p.question, snippet: p.name }], found_at: at },
    },
    {
      type: 'AnswerCompleted',
      streamId: t,
      data: { backend_uuid: `${p.thread}-b`, answer: `About ${p.question}`, related_questions: [p.question], completed_at: at },
    },
    {
      type: 'ThreadRenamed',
      streamId: t,
      data: { context_uuid: p.thread, title: `${p.question}!`, previous_title: p.question, renamed_by: p.id, renamed_at: at },
    },
    {
      type: 'MailQueued',
      streamId: `mail-${p.id}`,
      data: { mail_id: `m-${p.id}`, user_id: p.id, to: p.email, subject: `Hi ${p.name}`, text: `Hi ${p.name}`, queued_at: at },
    },
    {
      type: 'SpaceCreated',
      streamId: s,
      data: {
        uuid: p.space,
        title: `${p.name}'s`,
        description: p.question,
        instructions: p.question,
        emoji: '',
        enable_web_by_default: true,
        access: 1,
        template_id: null,
        owner_user_id: p.id,
        created_at: at,
      },
    },
    { type: 'SpaceEdited', streamId: s, data: { uuid: p.space, changes: { title: p.name }, edited_by: p.id, edited_at: at } },
    { type: 'SpaceLinkAdded', streamId: s, data: { uuid: p.space, link: 'https://e.x/', title: p.name, text: p.question, added_by: p.id, added_at: at } },
    {
      type: 'SpaceMemberInvited',
      streamId: `space-${p.otherSpace}`,
      data: { uuid: p.otherSpace, member_id: `mem-${p.id}`, email: p.email, level: 12, invited_by: 'someone', invited_at: at },
    },
    {
      type: 'FileUploadStarted',
      streamId: f,
      data: {
        file_uuid: p.file,
        repository: repo,
        object_key: 'k',
        filename: `${p.name}.pdf`,
        uploaded_by: p.id,
        counts_as_new: true,
        started_at: at,
        expires_at: at,
      },
    },
    {
      type: 'FileSubmitted',
      streamId: f,
      data: {
        file_uuid: p.file,
        version: 1,
        repository: repo,
        filename: `${p.name}.pdf`,
        content_type: 'application/pdf',
        file_type: 'pdf',
        is_attachment: false,
        file_size: 1,
        object_key: 'k',
        uploaded_by: p.id,
        uploader_email: p.email,
        reason: 'upload',
        submitted_at: at,
      },
    },
    {
      type: 'FilePassagesRecorded',
      streamId: f,
      data: {
        file_uuid: p.file,
        version: 1,
        part: 0,
        title: p.name,
        file_type: 'pdf',
        repository: repo,
        passages: [{ ordinal: 0, heading: p.name, content: p.question, page: 1 }],
      },
    },
    {
      type: 'FileIndexed',
      streamId: f,
      data: { file_uuid: p.file, version: 1, title: p.name, description: p.question, page_count: 1, passage_count: 1, indexed_at: at },
    },
    ...taskEventsOf(p, at),
    // Their tool servers: the name and address they gave, and what an answer asked a tool.
    {
      type: 'McpServerAdded',
      streamId: `mcp-${p.id}`,
      data: { user_id: p.id, server_id: 's1', name: `${p.name} tools`, url: `https://tools.example/${encodeURIComponent(p.email)}`, added_at: at },
    },
    {
      type: 'McpCallRequested',
      streamId: `mcp-${p.id}`,
      data: {
        user_id: p.id,
        call_id: 'c1',
        backend_uuid: p.thread,
        server_id: 's1',
        server_name: `${p.name} tools`,
        tool_name: 'search',
        arguments: { query: p.question },
        needs_approval: true,
        requested_at: at,
      },
    },
    {
      type: 'McpCallFinished',
      streamId: `mcp-${p.id}`,
      data: { user_id: p.id, call_id: 'c1', status: 'done', result: p.question, is_error: false, finished_at: at },
    },
  ];
}

/** A task of theirs: its title and prompt are their words, and so is its thread's slug. */
function taskEventsOf(p: Who, at: string): Ev[] {
  const task = { task_id: p.file, owner_id: p.id };
  const def = {
    type: 'SHORTCUT',
    title: p.question,
    query: { prompt: p.question, search_model: 'm', sources: ['web'] },
    schedule: null,
    expires_at: null,
    alert: null,
    next_run_at: null,
  };
  const s = `task-${p.file}`;
  return [
    { type: 'TaskCreated', streamId: s, data: { ...task, ...def, copied_from: null, created_at: at } },
    { type: 'TaskUpdated', streamId: s, data: { ...task, ...def, updated_at: at } },
    {
      type: 'TaskRunSucceeded',
      streamId: s,
      data: { ...task, title: p.question, occurrence_key: 'o', thread_slug: p.question, context_uuid: p.thread, finished_at: at },
    },
    { type: 'TaskRunFailed', streamId: s, data: { ...task, title: p.question, occurrence_key: 'o', reason: 'down', finished_at: at } },
  ];
}

const personOf = (p: Who): ErasedPerson => ({
  userId: p.id,
  emails: [p.email.toLowerCase()],
  names: [p.name, `${p.name} II`],
  streams: new Set([`account-${p.id}`, `thread-${p.thread}`, `space-${p.space}`, `file-${p.file}`, `org-${p.org}`]),
});

const word = (prefix: string) => fc.stringMatching(/^[a-z]{6,12}$/).map((s) => `${prefix}${s}`);
const who = (prefix: string) =>
  fc.record({
    id: fc.uuid(),
    name: word(`${prefix}name`),
    email: word(`${prefix}mail`).map((s) => `${s}@example.com`),
    question: word(`${prefix}question`).map((s) => `Why ${s}?`),
    thread: fc.uuid(),
    space: fc.uuid(),
    file: fc.uuid(),
    otherSpace: fc.uuid(),
    org: fc.uuid(),
  });

const distinct = (a: Who, b: Who) => new Set([a.id, a.thread, a.space, a.file, a.org, b.id, b.thread, b.space, b.file, b.org]).size === 10;

describe('erasure over every registered redactor', () => {
  test('no byte of the person survives; others are untouched; every payload keeps its keys', () => {
    fc.assert(
      fc.property(who('a'), who('b'), (a, b) => {
        fc.pre(distinct(a, b));
        const at = '2026-01-01T00:00:00.000Z';
        const mine = eventsOf(a, at);
        const theirs = eventsOf(b, at);
        const person = personOf(a);
        const after = [...mine, ...theirs].map((e) => ({ ...e, data: (redactOne(redactors, e, person) as Ev['data'] | undefined) ?? e.data }));
        const erasedText = JSON.stringify(after.slice(0, mine.length)).toLowerCase();
        for (const secret of [a.name, a.email, a.question]) expect(erasedText).not.toContain(secret.toLowerCase());
        expect(after.slice(mine.length)).toEqual(theirs);
        for (const [i, e] of after.entries()) expect(Object.keys(e.data).sort()).toEqual(Object.keys([...mine, ...theirs][i].data).sort());
      }),
      { numRuns: 100 },
    );
  });

  test('every event type in the sample has a redactor, so a new personal field cannot slip by unregistered', () => {
    const sample = eventsOf({ id: 'u', name: 'n', email: 'e@x', question: 'q', thread: 't', space: 's', file: 'f', otherSpace: 'o', org: 'g' }, '');
    for (const e of sample) expect(Object.keys(redactors)).toContain(e.type);
  });
});
