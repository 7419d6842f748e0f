/**
 * Joining a session by its code (spec §2 lobby): `sessionCodes/{code}` names the session
 * (written by generateSessionCode), which a player may read only while it is published. Kept
 * apart from session-api.ts so the home page's code field stays a small download.
 */
import { getDataPort } from '@/lib/data/port';
import { isSessionCode, normalizeCode } from '@/features/sessions/session-model';

export type CodeLookup =
  | { readonly kind: 'found'; readonly sid: string }
  | { readonly kind: 'invalid' | 'unknown' | 'notPublished' };

function isDenied(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'permission-denied'
  );
}

/** The session of a typed code; needs a signed-in user (sessionCodes are refused otherwise). */
export async function lookUpSessionCode(typed: string): Promise<CodeLookup> {
  const code = normalizeCode(typed);
  if (!isSessionCode(code)) return { kind: 'invalid' };
  const port = getDataPort();
  const entry = await port.docs.get(`sessionCodes/${code}`);
  const sid = entry.data?.['sid'];
  if (!entry.exists || typeof sid !== 'string' || sid === '' || sid.includes('/')) {
    return { kind: 'unknown' };
  }
  try {
    const session = await port.docs.get(`sessions/${sid}`);
    if (!session.exists || session.data?.['deleted'] === true) return { kind: 'unknown' };
    // A draft read here is the caller's own session: its admins may open it.
    return { kind: 'found', sid };
  } catch (error) {
    if (isDenied(error)) return { kind: 'notPublished' };
    throw error;
  }
}
