import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@invigil/contracts';
import { bearer, createTestApp, DEMO, dbKind, loginAs, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
  userId = (await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) })).json().profileData.id;
});
afterAll(async () => t?.close());

const update = (body: object, tk = token) =>
  t.app.inject({ method: 'POST', url: '/api/dashboard/updateProfile', headers: bearer(tk), payload: body });
const valid = () => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  contactNumber: '9000000001',
  userInfoID: userId,
  email: DEMO.candidate2.email,
  orgId: 1,
});

describe(`profile (${dbKind})`, () => {
  it('returns the spec fields for the signed-in user, with the organisation from the header when a member', async () => {
    const res = await t.app.inject({ url: '/api/dashboard/getProfile', headers: { ...bearer(token), orgid: '2' } });
    expect(res.json().profileData).toEqual({
      firstname: 'Ravi',
      lastname: 'Kumar',
      contact_number: '9876501234',
      id: userId,
      email_address: DEMO.candidate2.email,
      organization_id: 2,
    });
    const foreignOrg = await t.app.inject({
      url: '/api/dashboard/getProfile',
      headers: { ...bearer(token), orgid: '999' },
    });
    expect(foreignOrg.json().profileData.organization_id).toBe(1);
  });

  it('updates names and contact number', async () => {
    const res = await update({ ...valid(), firstName: '  Ravindra ' });
    expect(res.json()).toEqual({ success: true, message: MESSAGES.profileUpdated });
    const after = await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) });
    expect(after.json().profileData).toMatchObject({ firstname: 'Ravindra', contact_number: '9000000001' });
  });

  it('validates the contact number and e-mail again on the server with the spec texts', async () => {
    const phone = await update({ ...valid(), contactNumber: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toContain(MESSAGES.invalidMobile);
    const mail = await update({ ...valid(), email: 'not-an-email' });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().message).toContain(MESSAGES.invalidEmail);
  });

  it("answers the spec's validation texts word for word", async () => {
    const mobile = await update({ ...valid(), contactNumber: '98765' });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().message).toBe('Invalid Mobile Number');
    const both = await update({ ...valid(), contactNumber: '98765', email: 'not-an-email' });
    expect(both.json().message).toBe('Invalid Email Address, Invalid Mobile Number');
  });

  it('never changes the e-mail, and never another user', async () => {
    const mail = await update({ ...valid(), email: 'someone.else@example.com' });
    expect(mail.statusCode).toBe(400);
    const other = await update({ ...valid(), userInfoID: userId + 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ statusCode: 404, message: 'User not found.' });
    const candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const profile = await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(candidate) });
    expect(profile.json().profileData.firstname).toBe('Asha');
  });

  it('changes the password: wrong old password, weak new password, success, then sign-in with the new one', async () => {
    const call = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/dashboard/updatePassword', headers: bearer(token), payload: body });
    expect((await call({ oldPassword: 'Wrong@1234', newPassword: 'Newpass@123' })).json()).toEqual({
      oldMatch: false,
      update: false,
    });
    const weak = await call({ oldPassword: DEMO.candidate2.password, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.passwordRule);
    const bad = await call({ oldPassword: DEMO.candidate2.password, newPassword: 'Newpass@123 with spaces' });
    expect(bad.statusCode).toBe(400);
    expect((await call({ oldPassword: DEMO.candidate2.password, newPassword: 'Newpass@123' })).json()).toEqual({
      oldMatch: true,
      update: true,
    });
    const relog = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: DEMO.candidate2.email, password: 'Newpass@123', regen: true },
    });
    expect(relog.statusCode).toBe(200);
  });

  it.each([
    ['updateProfile', '/api/dashboard/updateProfile', { firstName: 'A' }],
    [
      'updateProfile types',
      '/api/dashboard/updateProfile',
      { firstName: 1, lastName: [], contactNumber: 9, userInfoID: 'x', email: null },
    ],
    ['updatePassword', '/api/dashboard/updatePassword', { oldPassword: '' }],
  ])('answers 400 for a bad body on %s', async (_n, url, payload) => {
    const fresh = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(fresh), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
  });

  it('requires a session on every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/dashboard/getProfile'],
      ['POST', '/api/dashboard/updateProfile'],
      ['POST', '/api/dashboard/updatePassword'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});
