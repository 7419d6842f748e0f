/** Shared helpers of the handler tests: contexts as the wrapper builds them, and a scripted random source. */
import type { DataPort } from '@sim/core/port/data-port';
import type { CallableContext, CallerAuth } from '../../functions/src/callable';
import { CODE_ALPHABET } from '../../functions/src/callables/generate-session-code';

export const FIXED_NOW = Date.UTC(2026, 0, 15, 9, 30);

export function caller(uid: string, email?: string): CallerAuth {
  return {
    uid,
    token: {
      uid,
      ...(email ? { email } : {}),
      firebase: { sign_in_provider: email ? 'password' : 'anonymous' },
    },
  };
}

export function context(port: DataPort, auth: CallerAuth | null): CallableContext {
  return { auth, port, now: () => FIXED_NOW };
}

/** The bytes that make `codeFromBytes` produce exactly this code. */
export function bytesOf(code: string): Uint8Array {
  return Uint8Array.from(
    [...code].map((ch) => {
      const index = CODE_ALPHABET.indexOf(ch);
      if (index < 0) throw new Error(`"${ch}" is not in the code alphabet`);
      return index;
    }),
  );
}

/** A random source that yields these codes in order, then fails the test if asked for more. */
export function scriptedRandom(...codes: string[]): {
  randomBytes: (n: number) => Uint8Array;
  used: () => number;
} {
  let next = 0;
  return {
    randomBytes: () => {
      const code = codes[next++];
      if (code === undefined) throw new Error('scripted random source exhausted');
      return bytesOf(code);
    },
    used: () => next,
  };
}

/**
 * Gives an instructor a team of their own with unlimited plans of both game types, so that the
 * players of tests about the games themselves are never refused a seat (business.md §3.7: without
 * a plan, an instructor seats FREE_PLAYERS players a period). The games keep no team. Idempotent.
 */
export async function withUnlimitedPlans(port: DataPort, uid: string): Promise<void> {
  const teamId = `unlimited-${uid}`;
  const unlimited = {
    active: true,
    until: FIXED_NOW + 10 * 365 * 24 * 60 * 60 * 1000,
    planName: 'Unlimited',
    players: null,
    unlimitedPlayers: true,
    licenses: 1,
    periodStart: 0,
  };
  await port.docs.set(`teams/${teamId}`, {
    id: teamId,
    name: uid,
    createdBy: uid,
    created_at: 0,
    members: { [uid]: { name: uid, email: '', role: 'admin', games: ['beergame', 'leangame'] } },
    memberIds: [uid],
    plans: { beergame: unlimited, leangame: unlimited },
  });
  await port.docs.set(`userTeams/${uid}`, { teamId, joined_at: 0 });
}
