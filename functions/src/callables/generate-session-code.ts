/**
 * generateSessionCode {sid} → {code} (spec §7).
 *
 * Gives a session a short join code players can type: 6 characters from an alphabet without the
 * look-alikes 0/O and 1/I. Only a session admin may ask (spec §6: the session's creator or a
 * member of the session's team). The code is unique among sessions: a candidate already used by
 * a session (query on `code`) or reserved in `sessionCodes/{code}` is skipped, and the session's
 * `code` and the `sessionCodes/{code} → {sid}` index (for players' lookup by code) are written in
 * one transaction that re-reads both, so two concurrent calls never share a code. A session that
 * already has a code keeps it (the call is idempotent).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { serverTimestamp } from '@sim/core/port/field-values';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';

export const name = 'generateSessionCode';

export const schema = z.object({
  sid: idSchema,
});

export type GenerateSessionCodeData = z.output<typeof schema>;

export interface GenerateSessionCodeResult {
  readonly code: string;
}

/** 32 characters (24 letters without I and O, digits 2-9), so a random byte maps without bias. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
/** Candidates tried before giving up; with 32^6 ≈ 10^9 codes, more than one is already rare. */
export const MAX_CANDIDATES = 10;

export interface GenerateSessionCodeDeps {
  /** The random source (injected in tests). */
  readonly randomBytes: (n: number) => Uint8Array;
}

export function codeFromBytes(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    code += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  }
  return code;
}

function existingCode(data: DocData | undefined): string | undefined {
  const code = data?.code;
  return typeof code === 'string' && code.length > 0 ? code : undefined;
}

/** Spec §6 session admin: the creator, or a member of the session's team. */
async function isSessionAdmin(port: DataPort, session: DocData, uid: string): Promise<boolean> {
  if (session.creator === uid) return true;
  const team = session.team;
  if (typeof team !== 'string' || team.length === 0 || team.includes('/')) return false;
  const teamSnap = await port.docs.get(`teams/${team}`);
  const members = teamSnap.data?.members;
  if (typeof members !== 'object' || members === null) return false;
  const member = (members as Record<string, unknown>)[uid];
  return typeof member === 'object' && member !== null;
}

type Attempt =
  { readonly kind: 'done'; readonly code: string } | { readonly kind: 'taken' | 'missing' };

export function createHandler(
  deps: GenerateSessionCodeDeps,
): CallableHandler<GenerateSessionCodeData, GenerateSessionCodeResult> {
  return async (ctx, { sid }) => {
    if (!ctx.auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
    const uid = ctx.auth.uid;
    const sessionPath = `sessions/${sid}`;
    const session = await ctx.port.docs.get(sessionPath);
    if (!session.exists || !session.data) throw new CallableError('not-found', 'sessionNotFound');
    if (!(await isSessionAdmin(ctx.port, session.data, uid))) {
      throw new CallableError('permission-denied', 'sessionNotAdmin');
    }
    const current = existingCode(session.data);
    if (current) return { code: current };

    for (let i = 0; i < MAX_CANDIDATES; i++) {
      const candidate = codeFromBytes(deps.randomBytes(CODE_LENGTH));
      const usedBySession = await ctx.port.docs.query({
        collection: 'sessions',
        where: [{ field: 'code', op: '==', value: candidate }],
        limit: 1,
      });
      if (usedBySession.length > 0) continue;
      const indexPath = `sessionCodes/${candidate}`;
      const attempt = await ctx.port.docs.runTransaction<Attempt>(async (tx) => {
        const fresh = await tx.get(sessionPath);
        const reserved = await tx.get(indexPath);
        if (!fresh.exists) return { kind: 'missing' };
        const already = existingCode(fresh.data);
        if (already) return { kind: 'done', code: already };
        if (reserved.exists) return { kind: 'taken' };
        tx.update(sessionPath, { code: candidate });
        tx.set(indexPath, { sid, createdBy: uid, created_at: serverTimestamp() });
        return { kind: 'done', code: candidate };
      });
      if (attempt.kind === 'missing') throw new CallableError('not-found', 'sessionNotFound');
      if (attempt.kind === 'done') return { code: attempt.code };
    }
    throw new CallableError('resource-exhausted', 'sessionCodeUnavailable');
  };
}

export const handle = createHandler({ randomBytes: (n) => randomBytes(n) });
