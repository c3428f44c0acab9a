import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../contract/auth.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { MAX_CODE_ATTEMPTS } from '../../auth/codes.js';
import { authKit } from './auth-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

describe('password change', () => {
  it('needs a signed-in user, sends a code, sets the password with it and ends other sessions', async () => {
    const { email, access, refresh } = await kit.signedIn();
    expect((await kit.post('/api/me/password/', {})).statusCode).toBe(401);
    expect((await kit.post('/api/me/password/', {}, access)).json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordCodeSent });
    const { code, template } = await kit.lastEmail(email);
    expect(template).toBe('password-change-code');
    const wrong = await kit.post('/api/me/password/confirm/', { code: code === '000000' ? '111111' : '000000', password: 'another fine passphrase' }, access);
    expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
    const done = await kit.post('/api/me/password/confirm/', { code, password: 'another fine passphrase' }, access);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect((await kit.post('/api/auth/refresh/', { refresh })).statusCode).toBe(401);
    // The old session's access token ends with it; the new pair works.
    expect((await kit.get('/api/me/', access)).statusCode).toBe(401);
    expect((await kit.get('/api/me/', done.json<{ access: string }>().access)).statusCode).toBe(200);
    expect((await kit.lastEmail(email)).template).toBe('password-changed');
    expect((await kit.post('/api/auth/login/', { email, password: 'another fine passphrase' })).statusCode).toBe(200);
  });

  it('refuses a common password', async () => {
    const { email, access } = await kit.signedIn();
    await kit.post('/api/me/password/', {}, access);
    const { code } = await kit.lastEmail(email);
    const response = await kit.post('/api/me/password/confirm/', { code, password: 'iloveyou1' }, access);
    expect(response.json()).toMatchObject({ code: 'validation_failed', fields: { password: [expect.any(String)] } });
  });
});

describe('email change', () => {
  it('sends codes to both addresses and changes the address only with both', async () => {
    const { email, access } = await kit.signedIn();
    const next = kit.newEmail();
    expect((await kit.post('/api/me/email/', { new_email: next.toUpperCase() }, access)).json()).toEqual({ detail: ACCOUNT_MESSAGES.emailCodesSent });
    const oldMail = await kit.lastEmail(email, 'email-change-code');
    const newMail = await kit.lastEmail(next, 'email-change-code');
    expect(oldMail.code).not.toBe(newMail.code);
    const swapped = await kit.post('/api/me/confirm/', { old_email_code: newMail.code, new_email_code: oldMail.code }, access);
    expect(swapped.statusCode).toBe(400);
    const done = await kit.post('/api/me/confirm/', { old_email_code: oldMail.code, new_email_code: newMail.code }, access);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: ACCOUNT_MESSAGES.emailChanged, email: next });
    expect((await kit.get('/api/me/', access)).json().email).toBe(next);
    expect((await kit.post('/api/auth/login/', { email: next, password: kit.PASSWORD })).statusCode).toBe(200);
    expect((await kit.post('/api/auth/login/', { email, password: kit.PASSWORD })).statusCode).toBe(401);
  });

  it('checks both codes before using either: a mistyped new-address code leaves the old-address code good, and counts against the new one only', async () => {
    const { email, access } = await kit.signedIn();
    const next = kit.newEmail();
    await kit.post('/api/me/email/', { new_email: next }, access);
    const oldMail = await kit.lastEmail(email, 'email-change-code');
    const newMail = await kit.lastEmail(next, 'email-change-code');
    const typo = [newMail.code, oldMail.code].includes('000000') ? ([newMail.code, oldMail.code].includes('111111') ? '222222' : '111111') : '000000';
    const both = await kit.post('/api/me/confirm/', { old_email_code: typo, new_email_code: typo }, access);
    expect(Object.keys(both.json().fields).sort()).toEqual(['new_email_code', 'old_email_code']);
    // Up to the last attempt of the new code, the right old code is never spent.
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 2; i++) {
      const wrong = await kit.post('/api/me/confirm/', { old_email_code: oldMail.code, new_email_code: typo }, access);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'code_invalid', fields: { new_email_code: [expect.any(String)] } });
      expect(wrong.json().fields.old_email_code).toBeUndefined();
    }
    const done = await kit.post('/api/me/confirm/', { old_email_code: oldMail.code, new_email_code: newMail.code }, access);
    expect(done.statusCode).toBe(200);
    expect((await kit.get('/api/me/', access)).json().email).toBe(next);
    // Both codes are used now.
    expect((await kit.post('/api/me/confirm/', { old_email_code: oldMail.code, new_email_code: newMail.code }, access)).json()).toMatchObject({ code: 'no_pending_change' });
  });

  it('refuses an address in use, the current address, and a confirmation with nothing pending', async () => {
    const { email, access } = await kit.signedIn();
    const { email: other } = await kit.signedIn();
    expect((await kit.post('/api/me/email/', { new_email: other }, access)).json()).toMatchObject({ code: 'email_taken' });
    expect((await kit.post('/api/me/email/', { new_email: email }, access)).json()).toMatchObject({ code: 'email_same' });
    expect((await kit.post('/api/me/confirm/', { old_email_code: '123456', new_email_code: '654321' }, access)).json()).toMatchObject({ code: 'no_pending_change' });
  });
});
