/**
 * createDemoGame {email, roleId?, name?, playerName?, showName?} → {id, name, type, facilities,
 * fromTemplate, roleId} (spec §2 /demo, §7).
 *
 * A visitor of /demo, signed in anonymously, plays a whole beer game alone: the demo template
 * (`@sim/core/templates/demo-game`, 20 weeks, no timer) is written as a published game whose
 * creator is the visitor, the visitor joins the chosen role (the retailer by default) through
 * joinAs, and the computer plays every other role, so each order turns the week at once.
 *
 * The address is checked as verifyEmail {reason: 'demo'} checks it (the client's own call proves
 * nothing to the backend). Abuse bounds, counted in one transaction with the game's documents:
 * one demo per address per day (`demoGrants/{sha256(email)}~{day}`, which also keeps the
 * address for the team, read by nobody on the client), DEMOS_PER_CALLER_PER_DAY per visitor and
 * DEMOS_PER_DAY in all (`demoUsage/{day}` and `demoUsage/{day}~{uid}`); days are UTC.
 *
 * Nothing beyond the demo game is granted: the caller stays an anonymous user without a profile
 * type, team, plan or seat; being the demo's creator makes it the admin of that game alone.
 *
 * Refusals: unauthenticated / errorUnauthenticated; failed-precondition / errorAlreadyLoggedIn
 * (an account with an email: it creates games from its dashboard); the verifyEmail refusals
 * (authInvalidEmail, authDisposableEmail, authEmailAlreadyInUse); not-found / roleUnknown;
 * resource-exhausted / demoEmailPerDay, demoCallerPerDay, demoDailyLimit.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { buildBeerGameDocs } from '@sim/core/beer/game-docs';
import { DAY_MS } from '@sim/core/billing/plans';
import {
  DEMO_DEFAULT_ROLE,
  DEMO_TEMPLATE_ID,
  demoBeerTemplate,
} from '@sim/core/templates/demo-game';
import { CallableError, type CallableHandler } from '../callable';
import { gamePath, facilityPath, paramsPath } from '../beer/beer-game';
import { idSchema } from '../ids';
import * as joinAs from './join-as';
import * as verifyEmail from './verify-email';

export const name = 'createDemoGame';

/** Demo games a day in all: a bound on what anonymous visitors can make the backend store. */
export const DEMOS_PER_DAY = 500;
/** Demo games a day per visitor (uid), whatever addresses it gives. */
export const DEMOS_PER_CALLER_PER_DAY = 3;
export const DEMO_NAME_MAX = 60;

export const schema = z
  .object({
    // Checked as an address by the verifyEmail rules, so a malformed one gets its own key.
    email: z.string().max(320),
    roleId: idSchema.optional(),
    /** The game's name in the visitor's language ("Demo game"). */
    name: z.string().max(200).optional(),
    playerName: z.string().max(200).optional(),
    /** The visitor agrees to be named on the public leaderboard. */
    showName: z.boolean().optional(),
  })
  .strict();

export type CreateDemoGameData = z.output<typeof schema>;

export interface CreateDemoGameResult {
  readonly id: string;
  readonly name: string;
  readonly type: 'beergame';
  readonly facilities: readonly { readonly id: string; readonly name: string }[];
  readonly fromTemplate: string;
  readonly roleId: string;
}

export interface CreateDemoGameDeps {
  /** Whether an account with this (normalised) address exists (verifyEmail's lookup). */
  readonly isRegistered: (email: string) => Promise<boolean>;
}

export const demoDay = (now: number): number => Math.floor(now / DAY_MS);
export const demoGrantPath = (email: string, day: number): string =>
  `demoGrants/${createHash('sha256').update(verifyEmail.normaliseEmail(email), 'utf8').digest('hex')}~${day}`;
export const demoUsagePath = (day: number): string => `demoUsage/${day}`;
export const demoCallerUsagePath = (day: number, uid: string): string => `demoUsage/${day}~${uid}`;

function gameName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  return [...cleaned].slice(0, DEMO_NAME_MAX).join('').trim() || 'Demo';
}

function countOf(data: Record<string, unknown> | undefined): number {
  const count = data?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
}

type Outcome = 'created' | 'email' | 'caller' | 'day';

export function createHandler(
  deps: CreateDemoGameDeps,
): CallableHandler<CreateDemoGameData, CreateDemoGameResult> {
  const checkEmail = verifyEmail.createHandler({ isRegistered: deps.isRegistered });
  return async (ctx, data) => {
    if (!ctx.auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
    const uid = ctx.auth.uid;
    if (typeof ctx.auth.token.email === 'string') {
      throw new CallableError('failed-precondition', 'errorAlreadyLoggedIn');
    }
    const { email } = await checkEmail(ctx, { email: data.email, reason: 'demo' });
    const template = demoBeerTemplate();
    const roleId = data.roleId ?? DEMO_DEFAULT_ROLE;
    if (!Object.hasOwn(template.config.facilities, roleId)) {
      throw new CallableError('not-found', 'roleUnknown');
    }
    const now = ctx.now();
    const day = demoDay(now);
    const gid = ctx.port.docs.newId();
    const docs = buildBeerGameDocs({
      gid,
      creator: uid,
      creatorName: '',
      name: gameName(data.name),
      template,
      now,
    });
    const game = {
      ...docs.game,
      demo: true,
      fromTemplate: DEMO_TEMPLATE_ID,
      facilities: Object.fromEntries(
        Object.entries(docs.game.facilities).map(([fid, f]) => [
          fid,
          { ...f, computer: fid !== roleId },
        ]),
      ),
    };
    const grant = demoGrantPath(email, day);
    const usage = demoUsagePath(day);
    const callerUsage = demoCallerUsagePath(day, uid);
    const outcome = await ctx.port.docs.runTransaction<Outcome>(async (tx) => {
      const [granted, all, mine] = await Promise.all([
        tx.get(grant),
        tx.get(usage),
        tx.get(callerUsage),
      ]);
      if (granted.exists) return 'email';
      if (countOf(mine.data) >= DEMOS_PER_CALLER_PER_DAY) return 'caller';
      if (countOf(all.data) >= DEMOS_PER_DAY) return 'day';
      tx.set(grant, { email, uid, gid, created_at: now });
      tx.set(usage, { day, count: countOf(all.data) + 1 });
      tx.set(callerUsage, { day, uid, count: countOf(mine.data) + 1 });
      tx.set(gamePath(gid), game);
      tx.set(paramsPath(gid), { ...docs.privateParams });
      for (const [fid, facility] of Object.entries(docs.facilities)) {
        tx.set(facilityPath(gid, fid), { ...facility });
      }
      return 'created';
    });
    if (outcome === 'email') throw new CallableError('resource-exhausted', 'demoEmailPerDay');
    if (outcome === 'caller') throw new CallableError('resource-exhausted', 'demoCallerPerDay');
    if (outcome === 'day') throw new CallableError('resource-exhausted', 'demoDailyLimit');
    if (data.showName !== undefined) {
      await ctx.port.docs.set(
        `users/${uid}`,
        { leaderboardConsent: data.showName },
        { merge: true },
      );
    }
    await joinAs.handle(ctx, {
      gid,
      roleId,
      isDemo: true,
      ...(data.playerName !== undefined ? { playerName: data.playerName } : {}),
    });
    return {
      id: gid,
      name: game.name,
      type: 'beergame',
      facilities: Object.values(game.facilities).map((f) => ({ id: f.id, name: f.name })),
      fromTemplate: DEMO_TEMPLATE_ID,
      roleId,
    };
  };
}

export const handle = createHandler({ isRegistered: verifyEmail.isRegisteredInAuth });
