import { GUARD_MESSAGES, type GuardMessageKey } from '@/features/auth/route-guard';

/** The guard's message passed in navigation state, if it is one of the known keys. */
export function guardMessageFrom(state: unknown): GuardMessageKey | undefined {
  if (typeof state !== 'object' || state === null || !('guardMessage' in state)) return undefined;
  const key = (state as { guardMessage: unknown }).guardMessage;
  return (GUARD_MESSAGES as readonly unknown[]).includes(key)
    ? (key as GuardMessageKey)
    : undefined;
}
