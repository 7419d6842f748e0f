/**
 * startTrial {uid, name?, pack} → {gameName, gameType, until} (spec §7, business.md §3.8).
 *
 * Starts a trial of a game type (`pack`) for the caller's team: the team is created when the
 * caller has none (caller = admin). In one transaction: `trialGrants/{uid}~{type}` (one trial
 * per user and game type, whatever team they are in later), `teams/{tid}.plans.{type}` = the
 * trial plan of `@sim/core/billing/plans` (TRIAL_DAYS, TRIAL_PLAYERS, TRIAL_LICENSES, a new
 * seat period from now) and the type added to the caller's games. Expiry needs no job: a plan
 * is active while `until` is in the future.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied
 * (an anonymous caller or one without email, or `uid` not the caller); permission-denied /
 * teamAdminOnly (a member of a team who is not its admin); failed-precondition /
 * trialAlreadyUsed (this user had a trial of this type); failed-precondition / trialPlanActive
 * (the team has an active plan of this type: a paid one, or a trial a colleague started).
 */
import { z } from 'zod';
import { type GameType, GAME_TYPES, planActive, planOf, trialPlan } from '@sim/core/billing/plans';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { teamCaller } from '../teams/caller';
import { ensureTeam } from '../teams/ensure-team';
import { cleanName, isTeamAdmin, memberOf, teamPath } from '../teams/team-docs';

export const name = 'startTrial';

export const schema = z
  .object({
    uid: idSchema,
    name: z.string().max(200).optional(),
    pack: z.enum(GAME_TYPES),
  })
  .strict();

export type StartTrialData = z.output<typeof schema>;

export interface StartTrialResult {
  /** The game type's product name (the SPA shows its own translation of `gameType`). */
  readonly gameName: string;
  readonly gameType: GameType;
  readonly until: number;
}

export const GAME_NAMES: Readonly<Record<GameType, string>> = {
  beergame: 'Beer game',
  leangame: 'Lean game',
};

export const trialGrantPath = (uid: string, type: GameType) => `trialGrants/${uid}~${type}`;

type Outcome = 'started' | 'used' | 'active' | 'admin-only';

export const handle: CallableHandler<StartTrialData, StartTrialResult> = async (ctx, data) => {
  const caller = teamCaller(ctx);
  if (data.uid !== caller.uid)
    throw new CallableError('permission-denied', 'errorPermissionDenied');
  const type = data.pack;
  const now = ctx.now();
  const port = ctx.port;
  const grant = trialGrantPath(caller.uid, type);
  // Refused before a team is made for someone who cannot have the trial anyway.
  if ((await port.docs.get(grant)).exists) {
    throw new CallableError('failed-precondition', 'trialAlreadyUsed');
  }
  const { teamId } = await ensureTeam(
    port,
    { uid: caller.uid, name: cleanName(data.name), email: caller.email },
    now,
  );
  const plan = trialPlan(now);
  const outcome = await port.docs.runTransaction<Outcome>(async (tx) => {
    const granted = (await tx.get(grant)).exists;
    const team = (await tx.get(teamPath(teamId))).data;
    if (granted) return 'used';
    const member = memberOf(team, caller.uid);
    if (!member || !isTeamAdmin(team, caller.uid)) return 'admin-only';
    if (planActive(planOf(team, type), now)) return 'active';
    tx.update(teamPath(teamId), {
      [`plans.${type}`]: { ...plan },
      [`members.${caller.uid}.games`]: member.games.includes(type)
        ? [...member.games]
        : [...member.games, type],
    });
    tx.set(grant, { teamId, type, granted_at: now });
    return 'started';
  });
  if (outcome === 'used') throw new CallableError('failed-precondition', 'trialAlreadyUsed');
  if (outcome === 'admin-only') throw new CallableError('permission-denied', 'teamAdminOnly');
  if (outcome === 'active') throw new CallableError('failed-precondition', 'trialPlanActive');
  return { gameName: GAME_NAMES[type], gameType: type, until: plan.until };
};
