/**
 * Plans on both backends (business.md §3.7, §3.8): startTrial, and the player seats joinAs takes
 * (a plan's maximum per period, the free allowance without a plan, rejoins, observers and the
 * game's admins not counted, unlimited plans, many players joining at once).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  DAY_MS,
  FREE_PLAYERS,
  TRIAL_LICENSES,
  TRIAL_PLAYERS,
  freePeriodStart,
} from '@sim/core/billing/plans';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import {
  CallableError,
  invokeCallable,
  type CallableContext,
  type CallerAuth,
} from '../../functions/src/callable';
import { noTimer } from '../../functions/src/beer/beer-game';
import * as addTeamMember from '../../functions/src/callables/add-team-member';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as startTrial from '../../functions/src/callables/start-trial';
import type { Mailer } from '../../functions/src/mail/mailer';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

const NOW = FIXED_NOW;

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'accepted',
    (err: unknown) => err,
  );
}

async function expectRefused(promise: Promise<unknown>, code: string, messageKey: string) {
  const err = await refusal(promise);
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

function instructor(uid: string, email: string): CallerAuth {
  return {
    uid,
    token: { uid, email, email_verified: true, firebase: { sign_in_provider: 'password' } },
  };
}

function player(uid: string): CallerAuth {
  return { uid, token: { uid, firebase: { sign_in_provider: 'anonymous' } } };
}

function ctxAt(port: DataPort, auth: CallerAuth | null, now = NOW): CallableContext {
  return { auth, port, now: () => now };
}

const tag = () => randomBytes(4).toString('hex');

const noMail: Mailer = { send: async () => undefined };

describeBackends('plans', (backend) => {
  let port: DataPort;
  const join = joinAs.createHandler({ timer: noTimer });

  beforeAll(() => {
    port = backend().service();
  });

  const get = async (path: string) => (await port.docs.get(path)).data;

  /** A team of `admin` (and `members`) with these plans; returns its id. */
  async function seedTeam(admin: string, plans: DocData, members: string[] = []): Promise<string> {
    const teamId = `team-${tag()}`;
    const all = [admin, ...members];
    await port.docs.set(`teams/${teamId}`, {
      id: teamId,
      name: 'Ops faculty',
      createdBy: admin,
      created_at: NOW - DAY_MS,
      members: Object.fromEntries(
        all.map((uid) => [
          uid,
          {
            name: uid,
            email: `${uid}@school.test`,
            role: uid === admin ? 'admin' : 'member',
            games: ['beergame'],
          },
        ]),
      ),
      memberIds: all,
      plans,
    });
    for (const uid of all) await port.docs.set(`userTeams/${uid}`, { teamId, joined_at: NOW });
    return teamId;
  }

  /** A published beer game of `creator` (four roles) in `team`; returns its id. */
  async function seedGame(creator: string, team: string | null): Promise<string> {
    const gid = port.docs.newId();
    const docs = buildBeerGameDocs({
      gid,
      creator,
      creatorName: creator,
      name: 'Class',
      template: structuredClone(defaultBeerTemplate(4)),
      now: NOW,
      draft: false,
    });
    const batch = port.docs.batch();
    batch.set(`games/${gid}`, { ...docs.game, team });
    batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
    for (const [fid, doc] of Object.entries(docs.facilities)) {
      batch.set(`games/${gid}/facilities/${fid}`, { ...doc });
    }
    await batch.commit();
    return gid;
  }

  async function roles(gid: string): Promise<string[]> {
    return Object.keys(((await get(`games/${gid}`))?.facilities ?? {}) as DocData).sort();
  }

  const plan = (players: number | null, extra: DocData = {}): DocData => ({
    active: true,
    until: NOW + 30 * DAY_MS,
    duration: 365,
    planName: 'Class',
    players,
    unlimitedPlayers: players === null,
    licenses: 2,
    periodStart: NOW - DAY_MS,
    ...extra,
  });

  const usageOf = (teamId: string, id: string) => get(`teams/${teamId}/planUsage/${id}`);

  describe('joinAs seats', () => {
    it('seats players up to the plan maximum, refuses the next and writes nothing for it', async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const teamId = await seedTeam(admin, { beergame: plan(3) });
      const gid = await seedGame(admin, teamId);
      const [f1, f2, f3, f4] = await roles(gid);
      const p1 = `p1-${t}`;
      const p2 = `p2-${t}`;
      const p3 = `p3-${t}`;
      const p4 = `p4-${t}`;
      await join(ctxAt(port, player(p1)), { gid, roleId: f1! });
      await join(ctxAt(port, player(p2)), { gid, roleId: f2! });
      await join(ctxAt(port, player(p3)), { gid, roleId: f3! });
      const id = `beergame~${NOW - DAY_MS}`;
      expect(await usageOf(teamId, id)).toEqual({
        type: 'beergame',
        kind: 'plan',
        used: 3,
        max: 3,
        periodStart: NOW - DAY_MS,
        until: NOW + 30 * DAY_MS,
      });
      expect(await get(`teams/${teamId}/planUsage/${id}/seats/${p1}`)).toEqual({
        gid,
        joined_at: NOW,
      });

      await expectRefused(
        join(ctxAt(port, player(p4)), { gid, roleId: f4! }),
        'resource-exhausted',
        'planPlayersLimitReached',
      );
      const game = await get(`games/${gid}`);
      expect(game?.players).toEqual([p1, p2, p3]);
      expect((game?.facilities as Record<string, DocData>)[f4!]?.user ?? null).toBeNull();
      expect(await get(`users/${p4}`)).toBeUndefined();
      expect(await get(`teams/${teamId}/planUsage/${id}/seats/${p4}`)).toBeUndefined();
      expect((await usageOf(teamId, id))?.used).toBe(3);

      // A seated player comes back, even in another role: no second seat.
      await quitGame.createHandler({ timer: noTimer })(ctxAt(port, player(p1)), { gid });
      await join(ctxAt(port, player(p1)), { gid, roleId: f4! });
      expect((await usageOf(teamId, id))?.used).toBe(3);
    });

    it("does not count observers, the game's creator, the team's members, nor a refused role", async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const colleague = `bob-${t}`;
      const teamId = await seedTeam(admin, { beergame: plan(1) }, [colleague]);
      const gid = await seedGame(admin, teamId);
      const [f1, f2, f3, f4] = await roles(gid);
      await join(ctxAt(port, player(`obs-${t}`)), { gid, roleId: 'observer' });
      await join(ctxAt(port, instructor(admin, `${admin}@school.test`)), { gid, roleId: f1! });
      await join(ctxAt(port, instructor(colleague, `${colleague}@school.test`)), {
        gid,
        roleId: f2!,
      });
      expect(await usageOf(teamId, `beergame~${NOW - DAY_MS}`)).toBeUndefined();
      // A role held by another player is refused before any seat is taken.
      await expectRefused(
        join(ctxAt(port, player(`p1-${t}`)), { gid, roleId: f1! }),
        'already-exists',
        'roleTaken',
      );
      await expectRefused(
        join(ctxAt(port, player(`p1-${t}`)), { gid, roleId: 'nope' }),
        'not-found',
        'roleUnknown',
      );
      expect(await usageOf(teamId, `beergame~${NOW - DAY_MS}`)).toBeUndefined();
      await join(ctxAt(port, player(`p1-${t}`)), { gid, roleId: f3! });
      expect((await usageOf(teamId, `beergame~${NOW - DAY_MS}`))?.used).toBe(1);
      await expectRefused(
        join(ctxAt(port, player(`p2-${t}`)), { gid, roleId: f4! }),
        'resource-exhausted',
        'planPlayersLimitReached',
      );
    });

    it('never refuses nor counts under an unlimited plan', async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const teamId = await seedTeam(admin, { beergame: plan(null) });
      for (let g = 0; g < 3; g++) {
        const gid = await seedGame(admin, teamId);
        for (const fid of await roles(gid)) {
          await join(ctxAt(port, player(`p${g}${fid}-${t}`)), { gid, roleId: fid });
        }
      }
      expect(await port.docs.query({ collection: `teams/${teamId}/planUsage` })).toEqual([]);
    });

    it('without an active plan, the free allowance seats FREE_PLAYERS a period, counted apart from any plan', async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const teamId = await seedTeam(admin, {
        beergame: plan(500, { until: NOW - 1, periodStart: NOW - 400 * DAY_MS }),
      });
      const games = [];
      for (let g = 0; g < 3; g++) games.push(await seedGame(admin, teamId));
      const seats = [];
      for (const gid of games) for (const fid of await roles(gid)) seats.push({ gid, fid });
      for (const [i, { gid, fid }] of seats.slice(0, FREE_PLAYERS).entries()) {
        await join(ctxAt(port, player(`p${i}-${t}`)), { gid, roleId: fid });
      }
      const next = seats[FREE_PLAYERS]!;
      await expectRefused(
        join(ctxAt(port, player(`late-${t}`)), { gid: next.gid, roleId: next.fid }),
        'resource-exhausted',
        'planPlayersLimitReached',
      );
      const start = freePeriodStart(NOW);
      expect(await usageOf(teamId, `beergame~free~${start}`)).toMatchObject({
        kind: 'free',
        used: FREE_PLAYERS,
        max: FREE_PLAYERS,
        periodStart: start,
        until: start + 30 * DAY_MS,
      });
      // The next free period seats them again.
      await join(ctxAt(port, player(`late-${t}`), start + 30 * DAY_MS), {
        gid: next.gid,
        roleId: next.fid,
      });
      expect((await usageOf(teamId, `beergame~free~${start + 30 * DAY_MS}`))?.used).toBe(1);
    });

    it("counts the games of an instructor without a team under the instructor, and a trial's new period lets the refused player in", async () => {
      const t = tag();
      const cleo = `cleo-${t}`;
      const games = [];
      for (let g = 0; g < 3; g++) games.push(await seedGame(cleo, null));
      const seats = [];
      for (const gid of games) for (const fid of await roles(gid)) seats.push({ gid, fid });
      for (const [i, { gid, fid }] of seats.slice(0, FREE_PLAYERS).entries()) {
        await join(ctxAt(port, player(`p${i}-${t}`)), { gid, roleId: fid });
      }
      const next = seats[FREE_PLAYERS]!;
      const late = ctxAt(port, player(`late-${t}`));
      await expectRefused(
        join(late, { gid: next.gid, roleId: next.fid }),
        'resource-exhausted',
        'planPlayersLimitReached',
      );
      expect(
        (await get(`users/${cleo}/planUsage/beergame~free~${freePeriodStart(NOW)}`))?.used,
      ).toBe(FREE_PLAYERS);

      // Cleo starts a trial: her team is created, her games join it, a new period starts.
      const started = await startTrial.handle(ctxAt(port, instructor(cleo, `${cleo}@x.test`)), {
        uid: cleo,
        name: 'Cleo',
        pack: 'beergame',
      });
      expect(started.gameType).toBe('beergame');
      await join(late, { gid: next.gid, roleId: next.fid });
      const teamId = (await get(`userTeams/${cleo}`))?.teamId as string;
      expect((await get(`games/${next.gid}`))?.team).toBe(teamId);
      expect(await usageOf(teamId, `beergame~${NOW}`)).toMatchObject({
        kind: 'plan',
        used: 1,
        max: TRIAL_PLAYERS,
      });
    });

    it('20 players joining at once with 10 seats left: exactly 10 are seated', async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const teamId = await seedTeam(admin, { beergame: plan(15) });
      const id = `beergame~${NOW - DAY_MS}`;
      await port.docs.set(`teams/${teamId}/planUsage/${id}`, {
        type: 'beergame',
        kind: 'plan',
        used: 5,
        max: 15,
        periodStart: NOW - DAY_MS,
        until: NOW + 30 * DAY_MS,
      });
      const seats: { gid: string; fid: string; uid: string }[] = [];
      for (let g = 0; g < 5; g++) {
        const gid = await seedGame(admin, teamId);
        for (const fid of await roles(gid)) seats.push({ gid, fid, uid: `p${seats.length}-${t}` });
      }
      expect(seats).toHaveLength(20);
      const outcomes = await Promise.all(
        seats.map(({ gid, fid, uid }) =>
          refusal(join(ctxAt(port, player(uid)), { gid, roleId: fid })),
        ),
      );
      const accepted = seats.filter((_, i) => outcomes[i] === 'accepted').map((s) => s.uid);
      const refused = outcomes.filter((o) => o !== 'accepted');
      expect(accepted).toHaveLength(10);
      expect(refused).toHaveLength(10);
      for (const err of refused) {
        expect(err).toMatchObject({
          code: 'resource-exhausted',
          messageKey: 'planPlayersLimitReached',
        });
      }
      expect((await usageOf(teamId, id))?.used).toBe(15);
      const seated = await port.docs.query({ collection: `teams/${teamId}/planUsage/${id}/seats` });
      expect(seated.map((s) => s.id).sort()).toEqual([...accepted].sort());
      // The games hold exactly the seated players.
      const players = new Set<string>();
      for (const gid of new Set(seats.map((s) => s.gid))) {
        for (const uid of ((await get(`games/${gid}`))?.players ?? []) as string[])
          players.add(uid);
      }
      expect([...players].sort()).toEqual([...accepted].sort());
    }, 120_000);

    it('reaches the player as resource-exhausted with the message key', async () => {
      const t = tag();
      const admin = `ada-${t}`;
      const teamId = await seedTeam(admin, { beergame: plan(0) });
      const gid = await seedGame(admin, teamId);
      const [f1] = await roles(gid);
      const err = await invokeCallable(
        joinAs.name,
        joinAs.schema,
        join,
        { auth: player(`p-${t}`), data: { gid, roleId: f1 } },
        { port: () => port, now: () => NOW },
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpsError);
      expect(err).toMatchObject({
        code: 'resource-exhausted',
        message: 'planPlayersLimitReached',
        details: { messageKey: 'planPlayersLimitReached' },
      });
    });
  });

  describe('startTrial', () => {
    it("creates the caller's team, gives the trial plan and the game type, once per user and type", async () => {
      const t = tag();
      const ada = `ada-${t}`;
      const auth = instructor(ada, `${ada}@school.test`);
      await port.docs.set(`games/g-${t}`, { name: 'Mine', creator: ada, team: null });
      const result = await startTrial.handle(ctxAt(port, auth), {
        uid: ada,
        name: 'Ada',
        pack: 'beergame',
      });
      expect(result).toEqual({
        gameName: 'Beer game',
        gameType: 'beergame',
        until: NOW + 14 * DAY_MS,
      });
      const teamId = (await get(`userTeams/${ada}`))?.teamId as string;
      const team = await get(`teams/${teamId}`);
      expect(team).toMatchObject({
        createdBy: ada,
        memberIds: [ada],
        members: { [ada]: { role: 'admin', games: ['beergame'] } },
        plans: {
          beergame: {
            active: true,
            trial: true,
            planName: 'trial',
            duration: 14,
            until: NOW + 14 * DAY_MS,
            players: TRIAL_PLAYERS,
            unlimitedPlayers: false,
            licenses: TRIAL_LICENSES,
            periodStart: NOW,
          },
        },
      });
      expect(await get(`trialGrants/${ada}~beergame`)).toEqual({
        teamId,
        type: 'beergame',
        granted_at: NOW,
      });
      expect((await get(`games/g-${t}`))?.team).toBe(teamId);

      await expectRefused(
        startTrial.handle(ctxAt(port, auth, NOW + 20 * DAY_MS), {
          uid: ada,
          pack: 'beergame',
        }),
        'failed-precondition',
        'trialAlreadyUsed',
      );
      // Another game type is a trial of its own.
      const lean = await startTrial.handle(ctxAt(port, auth), { uid: ada, pack: 'leangame' });
      expect(lean.gameName).toBe('Lean game');
      const after = await get(`teams/${teamId}`);
      expect((after?.members as Record<string, DocData>)[ada]?.games).toEqual([
        'beergame',
        'leangame',
      ]);
    });

    it('two requests at once give one trial', async () => {
      const t = tag();
      const ada = `ada-${t}`;
      const auth = instructor(ada, `${ada}@school.test`);
      const outcomes = await Promise.all(
        [0, 1].map(() =>
          refusal(startTrial.handle(ctxAt(port, auth), { uid: ada, pack: 'beergame' })),
        ),
      );
      expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
      expect(outcomes.find((o) => o !== 'accepted')).toMatchObject({
        messageKey: 'trialAlreadyUsed',
      });
      const teams = await port.docs.query({
        collection: 'teams',
        where: [{ field: 'memberIds', op: 'array-contains', value: ada }],
      });
      expect(teams).toHaveLength(1);
    });

    it('a trial leaves licences for two colleagues of the game type', async () => {
      const t = tag();
      const ada = `ada-${t}`;
      const auth = instructor(ada, `${ada}@school.test`);
      await startTrial.handle(ctxAt(port, auth), { uid: ada, pack: 'beergame' });
      const invite = addTeamMember.createHandler({ mailer: noMail, appUrl: () => 'https://x' });
      for (const who of ['bob', 'cy']) {
        await invite(ctxAt(port, auth), { email: `${who}-${t}@school.test`, games: ['beergame'] });
      }
      await expectRefused(
        invite(ctxAt(port, auth), { email: `dee-${t}@school.test`, games: ['beergame'] }),
        'resource-exhausted',
        'teamLicensesExhausted',
      );
    });

    it('is refused over an active plan of the type, and after a paid plan ended it is given', async () => {
      const t = tag();
      const ada = `ada-${t}`;
      const auth = instructor(ada, `${ada}@school.test`);
      const paid = plan(50);
      const teamId = await seedTeam(ada, { beergame: paid });
      await expectRefused(
        startTrial.handle(ctxAt(port, auth), { uid: ada, pack: 'beergame' }),
        'failed-precondition',
        'trialPlanActive',
      );
      expect((await get(`teams/${teamId}`))?.plans).toEqual({ beergame: paid });
      expect(await get(`trialGrants/${ada}~beergame`)).toBeUndefined();
      // A colleague admin's running trial is not stacked either.
      const bob = `bob-${t}`;
      await seedTeam(bob, { leangame: { ...plan(30), trial: true } });
      await expectRefused(
        startTrial.handle(ctxAt(port, instructor(bob, `${bob}@school.test`)), {
          uid: bob,
          pack: 'leangame',
        }),
        'failed-precondition',
        'trialPlanActive',
      );
      const later = NOW + 31 * DAY_MS;
      const result = await startTrial.handle(ctxAt(port, auth, later), {
        uid: ada,
        pack: 'beergame',
      });
      expect(result.until).toBe(later + 14 * DAY_MS);
    });

    it('refuses a member who is not admin, another uid, an anonymous player and no sign-in', async () => {
      const t = tag();
      const ada = `ada-${t}`;
      const bob = `bob-${t}`;
      const teamId = await seedTeam(ada, {}, [bob]);
      const bobAuth = instructor(bob, `${bob}@school.test`);
      await expectRefused(
        startTrial.handle(ctxAt(port, bobAuth), { uid: bob, pack: 'beergame' }),
        'permission-denied',
        'teamAdminOnly',
      );
      expect((await get(`teams/${teamId}`))?.plans).toEqual({});
      expect(await get(`trialGrants/${bob}~beergame`)).toBeUndefined();
      await expectRefused(
        startTrial.handle(ctxAt(port, bobAuth), { uid: ada, pack: 'beergame' }),
        'permission-denied',
        'errorPermissionDenied',
      );
      await expectRefused(
        startTrial.handle(ctxAt(port, player(`anon-${t}`)), { uid: `anon-${t}`, pack: 'beergame' }),
        'permission-denied',
        'errorPermissionDenied',
      );
      await expectRefused(
        startTrial.handle(ctxAt(port, null), { uid: ada, pack: 'beergame' }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      expect(await get(`trialGrants/anon-${t}~beergame`)).toBeUndefined();
    });

    it('refuses an unknown pack and unknown fields before the handler runs', async () => {
      for (const data of [
        { uid: 'u1', pack: 'chess' },
        { uid: 'u1', pack: 'beergame', plan: { players: 1000 } },
        { uid: '../u1', pack: 'beergame' },
      ]) {
        const err = await invokeCallable(
          startTrial.name,
          startTrial.schema,
          startTrial.handle,
          { auth: instructor('u1', 'u1@school.test'), data },
          { port: () => port, now: () => NOW },
        ).catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'invalid-argument' });
      }
    });
  });
});
