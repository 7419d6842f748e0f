/** Feedback for the team (`feedback/{id}`): created by the sender, read only by the backend. */
import { getDataPort } from '@/lib/data/port';

/** The bounds the access policy enforces (store/src/policy/collections.ts FEEDBACK_BOUNDS). */
export const FEEDBACK_LIMITS = { message: 2000, email: 320, page: 300 } as const;

/** The rules' address pattern: something@domain.tld without spaces. */
export const FEEDBACK_EMAIL = /^[^@ ]+@[^@ ]+[.][^@ ]+$/;

export interface Feedback {
  readonly message: string;
  /** Empty: no answer wanted. */
  readonly email: string;
  /** The path of the page the help was opened on. */
  readonly page: string;
  readonly locale: string;
}

/** The path sent with a message: a path, cut to the bound (the query and hash are left out). */
export function feedbackPage(pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return path.slice(0, FEEDBACK_LIMITS.page).replace(/\n/g, '');
}

export async function submitFeedback(uid: string, feedback: Feedback): Promise<void> {
  const docs = getDataPort().docs;
  const email = feedback.email.trim();
  await docs.set(`feedback/${docs.newId()}`, {
    uid,
    message: feedback.message.trim(),
    ...(email ? { email } : {}),
    page: feedbackPage(feedback.page),
    ...(/^[a-z]{2}$/.test(feedback.locale) ? { locale: feedback.locale } : {}),
    created_at: Date.now(),
  });
}
