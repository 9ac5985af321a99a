// What the server refuses over HTTP, and what the client sees of it: the signed-out, the unapproved, role User, and
// malformed input (field issues in the error details).
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '@trialdesk/shared';
import { appCheckHeader } from '@trialdesk/scripts/client';
import { callableUrl } from '@trialdesk/scripts/stack';
import { as, expectError, signedOut, stack } from './helpers.js';

describe('refusals over HTTP', () => {
  it('answers unauthenticated to a signed-out caller, with the message key', async () => {
    const anonymous = signedOut();
    const error = await expectError(anonymous.call('studies-list', { page: 1, pageSize: 10 }), 'unauthenticated');
    expect(error.details).toEqual({ key: 'errors.unauthenticated' });
    await expectError(anonymous.call('users-me', {}), 'unauthenticated');
    await expectError(anonymous.call('users-requestAccess', {}), 'unauthenticated');
  });

  it('answers permission-denied to a pending account and to role User, but lets them read their own standing', async () => {
    for (const account of ['pending', 'user'] as const) {
      const client = await as(account);
      const error = await expectError(client.call('studies-list', { page: 1, pageSize: 10 }), 'permission-denied');
      expect(error.details).toEqual({ key: 'errors.permissionDenied' });
      await expectError(
        client.call('studies-create', { title: 'Not allowed', specialty: 'Other', status: 'Unknown' }),
        'permission-denied',
      );
      await expectError(client.call('references-list', { page: 1, pageSize: 10 }), 'permission-denied');
      await expectError(client.call('users-list', { page: 1, pageSize: 10 }), 'permission-denied');
      const me = await client.call('users-me', {});
      expect(me.email).toBe(`${account}@trialdesk.test`);
    }
    const pending = await as('pending');
    expect((await pending.call('users-me', {})).user).toMatchObject({ status: 'PendingEditor', roleApproved: false });
  });

  it('answers invalid-argument with every field issue, and writes nothing', async () => {
    const editor = await as('editor');
    const before = (await editor.call('studies-list', { page: 1, pageSize: 10 })).total;
    const error = await expectError(
      editor.call('studies-create', { title: 'x', specialty: 'Astrology' as 'Other', status: 'Recruiting' }),
      'invalid-argument',
    );
    // The SDK appends the HTTP status to the server's message.
    expect(error.message).toMatch(/^Some fields are not valid\./);
    const issues = error.details as FieldIssue[];
    expect(issues.map((issue) => issue.path).sort()).toEqual(['specialty', 'title']);
    for (const issue of issues) {
      expect(issue.key).toMatch(/^validation\./);
      expect(issue.message.length).toBeGreaterThan(0);
    }
    const dates = await expectError(
      editor.call('studies-create', {
        title: 'Dates in the wrong order',
        specialty: 'Other',
        status: 'Recruiting',
        startDate: '2026-05-01',
        endDate: '2026-04-01',
      }),
      'invalid-argument',
    );
    expect(dates.details).toEqual([expect.objectContaining({ path: 'endDate', key: 'validation.endBeforeStart' })]);
    expect((await editor.call('studies-list', { page: 1, pageSize: 10 })).total).toBe(before);

    // Unknown fields, a server-kept field and a bad page size are refused too.
    const extra = await expectError(
      editor.call('studies-create', {
        title: 'Valid title',
        specialty: 'Other',
        status: 'Unknown',
        referenceCount: 5,
      } as never),
      'invalid-argument',
    );
    expect((extra.details as FieldIssue[]).length).toBeGreaterThan(0);
    const page = await expectError(editor.call('studies-list', { page: 1, pageSize: 7 }), 'invalid-argument');
    expect((page.details as FieldIssue[]).map((issue) => issue.path)).toEqual(['pageSize']);
    const patient = await expectError(
      editor.call('references-create', { studyId: 'abc', patientId: '<script>' }),
      'invalid-argument',
    );
    expect((patient.details as FieldIssue[]).map((issue) => issue.path)).toEqual(['patientId']);
  });

  it('refuses a __proto__ key in the raw request body, which the SDK decoder would make a prototype', async () => {
    const editor = await as('editor');
    const study = await editor.call('studies-create', {
      title: 'Prototype target',
      specialty: 'Other',
      status: 'Unknown',
    });
    const token = await editor.auth.currentUser!.getIdToken();
    // Sent as bytes: a JavaScript object literal would not keep `__proto__` as a key.
    const body = `{"data":{"id":"${study.id}","version":${study.version},"__proto__":{"summary":"polluted"}}}`;
    const response = await fetch(callableUrl(stack().urls, 'studies-update'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        ...(await appCheckHeader(stack().urls, stack().projectId)),
      },
      body,
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { status: string; details: FieldIssue[] } };
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.details.map((issue) => [issue.path, issue.key])).toEqual([['__proto__', 'validation.forbiddenKey']]);
    expect(await editor.call('studies-get', { id: study.id })).toEqual(study);
  });
});
