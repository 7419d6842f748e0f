/** The account form of the dashboard settings (spec §5: account update). */
export interface AccountForm {
  readonly currentEmail: string;
  readonly oldPassword: string;
  readonly newEmail: string;
  readonly newPassword: string;
}

/** What the form would change; null when nothing (an email equal to the current one is no change). */
export function accountChanges(
  form: AccountForm,
  email: string,
): { newEmail?: string; newPassword?: string } | null {
  const newEmail = form.newEmail.trim();
  const emailChanges = newEmail !== '' && newEmail.toLowerCase() !== email.toLowerCase();
  const passwordChanges = form.newPassword !== '';
  if (!emailChanges && !passwordChanges) return null;
  return {
    ...(emailChanges ? { newEmail } : {}),
    ...(passwordChanges ? { newPassword: form.newPassword } : {}),
  };
}
