import { describe, expect, it } from 'vitest';
import { accountChanges } from '@/features/auth/account-changes';

const base = { currentEmail: 'a@b.co', oldPassword: 'secret1', newEmail: '', newPassword: '' };

describe('accountChanges (spec §5)', () => {
  it('is null when nothing changes, including the same email in another case', () => {
    expect(accountChanges(base, 'a@b.co')).toBeNull();
    expect(accountChanges({ ...base, newEmail: ' A@B.co ' }, 'a@b.co')).toBeNull();
  });
  it('keeps an email change, trimmed, and a password change', () => {
    expect(accountChanges({ ...base, newEmail: ' c@d.co ' }, 'a@b.co')).toEqual({
      newEmail: 'c@d.co',
    });
    expect(accountChanges({ ...base, newPassword: 'newpass' }, 'a@b.co')).toEqual({
      newPassword: 'newpass',
    });
    expect(accountChanges({ ...base, newEmail: 'c@d.co', newPassword: 'p' }, 'a@b.co')).toEqual({
      newEmail: 'c@d.co',
      newPassword: 'p',
    });
  });
});
