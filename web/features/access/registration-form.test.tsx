// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RegistrationForm } from './registration-form';

afterEach(cleanup);

describe('the registration form', () => {
  const initial = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
  it('says where a locked address comes from: the invitation, or the Google account', () => {
    render(<RegistrationForm initial={initial} emailLocked googleCredential="google-token" onDone={() => undefined} />);
    expect(screen.getByText('This is the address of your Google account.')).toBeTruthy();
    expect(screen.queryByText(/invitation was sent to/)).toBeNull();
    cleanup();
    render(<RegistrationForm initial={initial} emailLocked inviteToken="invite-token" onDone={() => undefined} />);
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeTruthy();
  });
});
