/**
 * The team callables (addTeamMember, joinTeamMember, removeTeamMember) on both backends, acting
 * as the functions do (service credential), with the outbox mailer and a fixed clock.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import {
  CallableError,
  invokeCallable,
  type CallableContext,
  type CallerAuth,
} from '../../functions/src/callable';
import * as addTeamMember from '../../functions/src/callables/add-team-member';
import * as joinTeamMember from '../../functions/src/callables/join-team-member';
import * as removeTeamMember from '../../functions/src/callables/remove-team-member';
import type { MailMessage, Mailer } from '../../functions/src/mail/mailer';
import { createOutboxMailer } from '../../functions/src/mail/outbox-mailer';
import { ensureTeam } from '../../functions/src/teams/ensure-team';
import { INVITES_PER_DAY, INVITE_TTL_MS, inviteIdFor } from '../../functions/src/teams/team-docs';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

const APP_URL = 'https://app.example.test';
const DAY = 24 * 60 * 60 * 1000;

async function expectCallableError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

/** An instructor's auth as the callable wrapper hands it over (verified email by default). */
function instructor(uid: string, email: string, verified = true): CallerAuth {
  return {
    uid,
    token: {
      uid,
      email,
      email_verified: verified,
      firebase: { sign_in_provider: 'password' },
    },
  };
}

function anonymous(uid: string): CallerAuth {
  return { uid, token: { uid, firebase: { sign_in_provider: 'anonymous' } } };
}

function ctxAt(port: DataPort, auth: CallerAuth | null, now = FIXED_NOW): CallableContext {
  return { auth, port, now: () => now };
}

/** A mailer that keeps what it sends, and can be made to fail. */
function recordingMailer(): Mailer & { sent: MailMessage[]; fail: boolean } {
  const box = {
    sent: [] as MailMessage[],
    fail: false,
    async send(message: MailMessage) {
      if (box.fail) throw new Error('SMTP down');
      box.sent.push(message);
    },
  };
  return box;
}

/** Fresh ids per test: the backend is shared by the suite. */
function ids() {
  const tag = randomBytes(4).toString('hex');
  return {
    ada: `ada-${tag}`,
    bob: `bob-${tag}`,
    eve: `eve-${tag}`,
    adaEmail: `ada-${tag}@school.test`,
    bobEmail: `bob-${tag}@school.test`,
    eveEmail: `eve-${tag}@evil.test`,
  };
}

describeBackends('team callables', (backend) => {
  let port: DataPort;
  let mailer: ReturnType<typeof recordingMailer>;
  let invite: ReturnType<typeof addTeamMember.createHandler>;

  beforeAll(() => {
    port = backend().service();
    mailer = recordingMailer();
    invite = addTeamMember.createHandler({ mailer, appUrl: () => APP_URL });
  });

  const get = async (path: string) => (await port.docs.get(path)).data;

  /** A team whose admin is `admin` and whose other members are `members`. */
  async function seedTeam(
    admin: { uid: string; email: string },
    members: { uid: string; email: string; role?: 'admin' | 'member'; games?: string[] }[] = [],
    extra: DocData = {},
  ): Promise<string> {
    const teamId = `team-${randomBytes(4).toString('hex')}`;
    const all = [{ ...admin, role: 'admin' as const, games: ['beergame'] }, ...members];
    await port.docs.set(`teams/${teamId}`, {
      id: teamId,
      name: 'Ops faculty',
      createdBy: admin.uid,
      created_at: FIXED_NOW - DAY,
      members: Object.fromEntries(
        all.map((m) => [
          m.uid,
          { name: m.uid, email: m.email, role: m.role ?? 'member', games: m.games ?? [] },
        ]),
      ),
      memberIds: all.map((m) => m.uid),
      plans: {},
      ...extra,
    });
    for (const m of all) {
      await port.docs.set(`userTeams/${m.uid}`, { teamId, joined_at: FIXED_NOW - DAY });
    }
    return teamId;
  }

  describe('addTeamMember', () => {
    it("creates the caller's team on the first invitation, stores the invitation and mails the link", async () => {
      const u = ids();
      await port.docs.set(`users/${u.ada}`, { firstname: 'Ada', lastname: 'Lovelace' });
      await port.docs.set(`games/g-${u.ada}`, { name: 'Beer 1', creator: u.ada, team: null });
      await port.docs.set(`templates/t-${u.ada}`, { title: 'Mine', creator: u.ada, team: null });
      await port.docs.set(`sessions/s-${u.ada}`, { name: 'Class', creator: u.ada, team: null });
      await port.docs.set(`games/g-${u.eve}`, { name: 'Not hers', creator: u.eve, team: null });

      const result = await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        email: `  ${u.bobEmail.toUpperCase()} `,
        name: 'Bob',
        games: ['beergame'],
        adminName: 'Someone else',
        locale: 'fr',
      });

      expect(result).toMatchObject({ invited: true, email: u.bobEmail });
      const teamId = result.teamId;
      expect(result.inviteUrl).toBe(`${APP_URL}/dashboard/intro?joinTeam=${teamId}`);
      expect(result.expiresAt).toBe(FIXED_NOW + INVITE_TTL_MS);
      expect(await get(`teams/${teamId}`)).toMatchObject({
        createdBy: u.ada,
        name: 'Ada Lovelace',
        memberIds: [u.ada],
        members: {
          [u.ada]: { name: 'Ada Lovelace', email: u.adaEmail, role: 'admin', games: [] },
        },
        plans: {},
      });
      expect(await get(`userTeams/${u.ada}`)).toEqual({ teamId, joined_at: FIXED_NOW });
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.bobEmail)}`)).toEqual({
        email: u.bobEmail,
        name: 'Bob',
        games: ['beergame'],
        invitedBy: u.ada,
        invitedByName: 'Ada Lovelace',
        created_at: FIXED_NOW,
        expiresAt: FIXED_NOW + 14 * DAY,
      });
      // The admin's documents join the team; another instructor's do not.
      expect((await get(`games/g-${u.ada}`))?.team).toBe(teamId);
      expect((await get(`templates/t-${u.ada}`))?.team).toBe(teamId);
      expect((await get(`sessions/s-${u.ada}`))?.team).toBe(teamId);
      expect((await get(`games/g-${u.eve}`))?.team).toBeNull();

      const mail = mailer.sent.find((m) => m.to === u.bobEmail);
      expect(mail?.subject).toBe('Ada Lovelace vous invite dans son équipe sur SimGames');
      expect(mail?.text).toContain(result.inviteUrl);
      expect(mail?.text).toContain('Bonjour Bob,');
      // The request's adminName is not what the email shows: the team knows the admin's name.
      expect(mail?.text).not.toContain('Someone else');
    });

    it('writes the email to mailOutbox with the local adapter', async () => {
      const u = ids();
      const outbox = addTeamMember.createHandler({
        mailer: createOutboxMailer(
          () => port,
          () => FIXED_NOW,
        ),
        appUrl: () => APP_URL,
      });
      const { inviteUrl } = await outbox(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        email: u.bobEmail,
        games: [],
        adminName: 'Ada',
      });
      const mails = await port.docs.query({
        collection: 'mailOutbox',
        where: [{ field: 'to', op: '==', value: u.bobEmail }],
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.data).toMatchObject({ to: u.bobEmail, created_at: FIXED_NOW });
      expect(String(mails[0]?.data?.text)).toContain(inviteUrl);
      expect(String(mails[0]?.data?.html)).toContain(`href="${inviteUrl}"`);
    });

    it('escapes the names a client typed in the HTML part', async () => {
      const u = ids();
      await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        email: u.bobEmail,
        name: '<img src=x onerror=alert(1)>',
        games: [],
        adminName: '<b>Ada</b>',
      });
      const mail = mailer.sent.find((m) => m.to === u.bobEmail);
      expect(mail?.html).not.toContain('<img');
      expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });

    it('uses the existing team and creates one team for concurrent first invitations', async () => {
      const u = ids();
      const ctx = ctxAt(port, instructor(u.ada, u.adaEmail));
      const results = await Promise.all(
        ['one', 'two', 'three'].map((who) =>
          invite(ctx, { email: `${who}-${u.bobEmail}`, games: [], adminName: 'Ada' }),
        ),
      );
      const teams = new Set(results.map((r) => r.teamId));
      expect(teams.size).toBe(1);
      const listed = await port.docs.query({
        collection: 'teams',
        where: [{ field: 'memberIds', op: 'array-contains', value: u.ada }],
      });
      expect(listed).toHaveLength(1);
    });

    it('lets an admin invite into their team by id', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail });
      const result = await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        teamId,
        email: u.bobEmail,
        games: ['leangame', 'beergame'],
        adminName: 'Ada',
      });
      expect(result.teamId).toBe(teamId);
      expect((await get(`teams/${teamId}/invites/${inviteIdFor(u.bobEmail)}`))?.games).toEqual([
        'leangame',
        'beergame',
      ]);
    });

    it('refuses a member who is not an admin, and writes nothing', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      const ctx = ctxAt(port, instructor(u.bob, u.bobEmail));
      await expectCallableError(
        invite(ctx, { teamId, email: u.eveEmail, games: [], adminName: 'Bob' }),
        'permission-denied',
        'teamAdminOnly',
      );
      // Without a team id the member's own team is used: still not an admin of it.
      await expectCallableError(
        invite(ctx, { email: u.eveEmail, games: [], adminName: 'Bob' }),
        'permission-denied',
        'teamAdminOnly',
      );
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.eveEmail)}`)).toBeUndefined();
    });

    it("refuses an invitation into another instructor's team", async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail });
      await expectCallableError(
        invite(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          email: u.eveEmail,
          games: ['beergame'],
          adminName: 'Eve',
        }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectCallableError(
        invite(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId: 'no-such-team',
          email: u.bobEmail,
          games: [],
          adminName: 'Eve',
        }),
        'permission-denied',
        'teamAdminOnly',
      );
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.eveEmail)}`)).toBeUndefined();
    });

    it('refuses a malformed address, a member, an anonymous or signed-out caller', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      const ctx = ctxAt(port, instructor(u.ada, u.adaEmail));
      await expectCallableError(
        invite(ctx, { teamId, email: 'not an address', games: [], adminName: 'Ada' }),
        'invalid-argument',
        'authInvalidEmail',
      );
      await expectCallableError(
        invite(ctx, { teamId, email: u.bobEmail.toUpperCase(), games: [], adminName: 'Ada' }),
        'already-exists',
        'teamMemberExists',
      );
      await expectCallableError(
        invite(ctxAt(port, anonymous(u.eve)), { email: u.bobEmail, games: [], adminName: 'A' }),
        'permission-denied',
        'errorPermissionDenied',
      );
      await expectCallableError(
        invite(ctxAt(port, null), { email: u.bobEmail, games: [], adminName: 'A' }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      expect(
        await port.docs.query({
          collection: 'teams',
          where: [{ field: 'memberIds', op: 'array-contains', value: u.eve }],
        }),
      ).toEqual([]);
    });

    it('refuses a payload with unknown or repeated game types before the handler runs', async () => {
      for (const games of [['chess'], ['beergame', 'beergame']]) {
        const err = await invokeCallable(
          addTeamMember.name,
          addTeamMember.schema,
          invite,
          { auth: instructor('x', 'x@school.test'), data: { email: 'a@b.test', games } },
          { port: () => port, now: () => FIXED_NOW },
        ).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(HttpsError);
        expect(err).toMatchObject({ code: 'invalid-argument' });
      }
    });

    it('counts members and pending invitations against the licences of an active plan', async () => {
      const u = ids();
      const plans = {
        beergame: { active: true, until: FIXED_NOW + 30 * DAY, licenses: 2, players: 50 },
        leangame: { active: true, until: FIXED_NOW - DAY, licenses: 1 },
      };
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [], { plans });
      const ctx = ctxAt(port, instructor(u.ada, u.adaEmail));
      // The admin holds one beergame licence: one invitation fills the plan's two.
      await invite(ctx, { teamId, email: u.bobEmail, games: ['beergame'], adminName: 'Ada' });
      await expectCallableError(
        invite(ctx, { teamId, email: u.eveEmail, games: ['beergame'], adminName: 'Ada' }),
        'resource-exhausted',
        'teamLicensesExhausted',
      );
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.eveEmail)}`)).toBeUndefined();
      // Renewing the pending invitation takes no second licence; an expired plan caps nothing.
      await invite(ctx, { teamId, email: u.bobEmail, games: ['beergame'], adminName: 'Ada' });
      await invite(ctx, { teamId, email: u.eveEmail, games: ['leangame'], adminName: 'Ada' });
    });

    it('stops a team sending more than a day of invitations', async () => {
      const u = ids();
      const day = new Date(FIXED_NOW).toISOString().slice(0, 10);
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [], {
        inviteQuota: { day, count: INVITES_PER_DAY - 1 },
      });
      const ctx = ctxAt(port, instructor(u.ada, u.adaEmail));
      await invite(ctx, { teamId, email: u.bobEmail, games: [], adminName: 'Ada' });
      expect((await get(`teams/${teamId}`))?.inviteQuota).toEqual({ day, count: INVITES_PER_DAY });
      const sentBefore = mailer.sent.length;
      await expectCallableError(
        invite(ctx, { teamId, email: u.eveEmail, games: [], adminName: 'Ada' }),
        'resource-exhausted',
        'teamInvitesPerDay',
      );
      expect(mailer.sent.length).toBe(sentBefore);
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.eveEmail)}`)).toBeUndefined();
      // The next day counts from zero.
      await invite(ctxAt(port, instructor(u.ada, u.adaEmail), FIXED_NOW + DAY), {
        teamId,
        email: u.eveEmail,
        games: [],
        adminName: 'Ada',
      });
    });

    it('keeps the invitation but says so when the email cannot be sent', async () => {
      const u = ids();
      const failing = recordingMailer();
      failing.fail = true;
      const handler = addTeamMember.createHandler({ mailer: failing, appUrl: () => APP_URL });
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail });
      await expectCallableError(
        handler(ctxAt(port, instructor(u.ada, u.adaEmail)), {
          teamId,
          email: u.bobEmail,
          games: [],
          adminName: 'Ada',
        }),
        'unavailable',
        'teamInviteMailFailed',
      );
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.bobEmail)}`)).toBeDefined();
    });
  });

  describe('joinTeamMember', () => {
    async function invited(u: ReturnType<typeof ids>, games: ('beergame' | 'leangame')[] = []) {
      const { teamId } = await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        email: u.bobEmail,
        games,
        adminName: 'Ada',
      });
      return teamId;
    }

    it('adds the invitee with the invited games, deletes the invitation and shares their documents', async () => {
      const u = ids();
      const teamId = await invited(u, ['beergame']);
      await port.docs.set(`games/g-${u.bob}`, { name: 'Bob beer', creator: u.bob, team: null });
      const result = await joinTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
        teamId,
        userId: u.bob,
        userEmail: u.bobEmail.toUpperCase(),
        name: 'Bob Builder',
      });
      expect(result).toEqual({ teamId, role: 'member', games: ['beergame'] });
      const team = await get(`teams/${teamId}`);
      expect(team?.memberIds).toEqual([u.ada, u.bob]);
      expect((team?.members as DocData)[u.bob]).toEqual({
        name: 'Bob Builder',
        email: u.bobEmail,
        role: 'member',
        games: ['beergame'],
        joined_at: FIXED_NOW,
      });
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.bobEmail)}`)).toBeUndefined();
      expect(await get(`userTeams/${u.bob}`)).toEqual({ teamId, joined_at: FIXED_NOW });
      expect((await get(`games/g-${u.bob}`))?.team).toBe(teamId);

      // Joining again changes nothing.
      const again = await joinTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
        teamId,
        userId: u.bob,
        userEmail: u.bobEmail,
        name: 'Bob',
      });
      expect(again).toEqual({ teamId, role: 'member', games: ['beergame'] });
    });

    it('refuses a team id without an invitation (the id alone grants nothing)', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail });
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          userId: u.eve,
          userEmail: u.eveEmail,
          name: 'Eve',
        }),
        'permission-denied',
        'teamInviteMissing',
      );
      // An unknown team reads the same, so ids cannot be probed.
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId: 'no-such-team',
          userId: u.eve,
          userEmail: u.eveEmail,
          name: 'Eve',
        }),
        'permission-denied',
        'teamInviteMissing',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada]);
      expect(await get(`userTeams/${u.eve}`)).toBeUndefined();
    });

    it("refuses someone signed in with another address than the invitation's", async () => {
      const u = ids();
      const teamId = await invited(u);
      // Eve's own token, naming Bob's address: refused before anything is read.
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          userId: u.eve,
          userEmail: u.bobEmail,
          name: 'Eve',
        }),
        'permission-denied',
        'errorPermissionDenied',
      );
      // Eve's own address: no invitation for it.
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          userId: u.eve,
          userEmail: u.eveEmail,
          name: 'Eve',
        }),
        'permission-denied',
        'teamInviteMissing',
      );
      // Another user id than the caller's.
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          userId: u.bob,
          userEmail: u.eveEmail,
          name: 'Eve',
        }),
        'permission-denied',
        'errorPermissionDenied',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada]);
      expect(await get(`teams/${teamId}/invites/${inviteIdFor(u.bobEmail)}`)).toBeDefined();
    });

    it('refuses an unverified address: anyone can sign up with the invited one', async () => {
      const u = ids();
      const teamId = await invited(u);
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.eve, u.bobEmail, false)), {
          teamId,
          userId: u.eve,
          userEmail: u.bobEmail,
          name: 'Bob?',
        }),
        'failed-precondition',
        'teamJoinVerifyEmail',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada]);
    });

    it('refuses an expired invitation and an anonymous caller', async () => {
      const u = ids();
      const teamId = await invited(u);
      await expectCallableError(
        joinTeamMember.handle(
          ctxAt(port, instructor(u.bob, u.bobEmail), FIXED_NOW + INVITE_TTL_MS + 1),
          { teamId, userId: u.bob, userEmail: u.bobEmail, name: 'Bob' },
        ),
        'permission-denied',
        'teamInviteMissing',
      );
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, anonymous(u.bob)), {
          teamId,
          userId: u.bob,
          userEmail: u.bobEmail,
          name: 'Bob',
        }),
        'permission-denied',
        'errorPermissionDenied',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada]);
    });

    it('refuses a member of another team until they leave it', async () => {
      const u = ids();
      const teamId = await invited(u);
      const other = await seedTeam({ uid: u.eve, email: u.eveEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      const join = () =>
        joinTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
          teamId,
          userId: u.bob,
          userEmail: u.bobEmail,
          name: 'Bob',
        });
      await expectCallableError(join(), 'failed-precondition', 'teamAlreadyInOther');
      await removeTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
        teamId: other,
        userId: u.bob,
      });
      await expect(join()).resolves.toMatchObject({ teamId, role: 'member' });
    });

    it('refuses the join when the licences filled up since the invitation', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [], {
        plans: { beergame: { active: true, licenses: 2 } },
      });
      await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        teamId,
        email: u.bobEmail,
        games: ['beergame'],
        adminName: 'Ada',
      });
      // Another member took the second licence meanwhile.
      await port.docs.update(`teams/${teamId}`, {
        [`members.${u.eve}`]: {
          name: 'Eve',
          email: u.eveEmail,
          role: 'member',
          games: ['beergame'],
        },
      });
      await expectCallableError(
        joinTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
          teamId,
          userId: u.bob,
          userEmail: u.bobEmail,
          name: 'Bob',
        }),
        'resource-exhausted',
        'teamLicensesExhausted',
      );
    });
  });

  describe('removeTeamMember', () => {
    it('lets an admin remove a member, whose documents leave the team with them', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      await port.docs.set(`games/g-${u.bob}`, { name: 'Bob beer', creator: u.bob, team: teamId });
      await port.docs.set(`games/g-${u.ada}`, { name: 'Ada beer', creator: u.ada, team: teamId });
      await expect(
        removeTeamMember.handle(ctxAt(port, instructor(u.ada, u.adaEmail)), {
          teamId,
          userId: u.bob,
        }),
      ).resolves.toEqual({ removed: true });
      const team = await get(`teams/${teamId}`);
      expect(team?.memberIds).toEqual([u.ada]);
      expect(Object.keys(team?.members as DocData)).toEqual([u.ada]);
      expect(await get(`userTeams/${u.bob}`)).toBeUndefined();
      expect((await get(`games/g-${u.bob}`))?.team).toBeNull();
      expect((await get(`games/g-${u.ada}`))?.team).toBe(teamId);
    });

    it('lets a member leave', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      await removeTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
        teamId,
        userId: u.bob,
      });
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada]);
    });

    it('refuses a member removing someone else, and an outsider', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      await expectCallableError(
        removeTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
          teamId,
          userId: u.ada,
        }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectCallableError(
        removeTeamMember.handle(ctxAt(port, instructor(u.eve, u.eveEmail)), {
          teamId,
          userId: u.bob,
        }),
        'permission-denied',
        'teamAdminOnly',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada, u.bob]);
    });

    it('never removes the last admin, leaving or removed', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      await expectCallableError(
        removeTeamMember.handle(ctxAt(port, instructor(u.ada, u.adaEmail)), {
          teamId,
          userId: u.ada,
        }),
        'failed-precondition',
        'teamLastAdmin',
      );
      expect((await get(`teams/${teamId}`))?.memberIds).toEqual([u.ada, u.bob]);
    });

    it('keeps one admin when two admins remove each other at once', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail, role: 'admin' },
      ]);
      const outcomes = await Promise.allSettled([
        removeTeamMember.handle(ctxAt(port, instructor(u.ada, u.adaEmail)), {
          teamId,
          userId: u.bob,
        }),
        removeTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), {
          teamId,
          userId: u.ada,
        }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const team = await get(`teams/${teamId}`);
      expect(team?.memberIds).toHaveLength(1);
      const [left] = team?.memberIds as string[];
      expect((team?.members as Record<string, DocData>)[left!]?.role).toBe('admin');
    });

    it('refuses an unknown member', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail });
      await expectCallableError(
        removeTeamMember.handle(ctxAt(port, instructor(u.ada, u.adaEmail)), {
          teamId,
          userId: u.eve,
        }),
        'not-found',
        'teamMemberUnknown',
      );
    });

    it('lets an admin cancel a pending invitation, and nobody else', async () => {
      const u = ids();
      const teamId = await seedTeam({ uid: u.ada, email: u.adaEmail }, [
        { uid: u.bob, email: u.bobEmail },
      ]);
      await invite(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        teamId,
        email: u.eveEmail,
        games: [],
        adminName: 'Ada',
      });
      const inviteId = inviteIdFor(u.eveEmail);
      await expectCallableError(
        removeTeamMember.handle(ctxAt(port, instructor(u.bob, u.bobEmail)), { teamId, inviteId }),
        'permission-denied',
        'teamAdminOnly',
      );
      expect(await get(`teams/${teamId}/invites/${inviteId}`)).toBeDefined();
      await removeTeamMember.handle(ctxAt(port, instructor(u.ada, u.adaEmail)), {
        teamId,
        inviteId,
      });
      expect(await get(`teams/${teamId}/invites/${inviteId}`)).toBeUndefined();
    });
  });

  describe('ensureTeam', () => {
    it('finds a team made before the membership index, and indexes it', async () => {
      const u = ids();
      const teamId = `legacy-${u.ada}`;
      await port.docs.set(`teams/${teamId}`, {
        name: 'Legacy',
        members: { [u.ada]: { name: 'Ada', role: 'admin', games: [] } },
        memberIds: [u.ada],
      });
      const ensured = await ensureTeam(
        port,
        { uid: u.ada, name: 'Ada', email: u.adaEmail },
        FIXED_NOW,
      );
      expect(ensured).toMatchObject({ teamId, created: false });
      expect(await get(`userTeams/${u.ada}`)).toMatchObject({ teamId });
    });
  });
});
