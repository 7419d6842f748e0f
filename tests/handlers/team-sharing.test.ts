/**
 * Spec §6 sharing, end to end on both backends: an admin invites a colleague, the colleague
 * joins; then, as clients under the access policy (firestore.rules on the emulator), each sees
 * the other's games, templates and sessions, and administers the other's sessions; a stranger
 * sees none of it, and after leaving, neither does the colleague.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataPort, QuerySpec } from '@sim/core/port/data-port';
import type { CallableContext, CallerAuth } from '../../functions/src/callable';
import * as addTeamMember from '../../functions/src/callables/add-team-member';
import * as generateSessionCode from '../../functions/src/callables/generate-session-code';
import * as joinTeamMember from '../../functions/src/callables/join-team-member';
import * as removeTeamMember from '../../functions/src/callables/remove-team-member';
import type { MailMessage } from '../../functions/src/mail/mailer';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

function instructor(uid: string, email: string): CallerAuth {
  return {
    uid,
    token: { uid, email, email_verified: true, firebase: { sign_in_provider: 'password' } },
  };
}

const ctxOf = (port: DataPort, auth: CallerAuth): CallableContext => ({
  auth,
  port,
  now: () => FIXED_NOW,
});

describeBackends('team sharing', (backend) => {
  let service: DataPort;
  const sent: MailMessage[] = [];
  const tag = randomBytes(4).toString('hex');
  const ada = { uid: `ada-${tag}`, email: `ada-${tag}@school.test` };
  const bob = { uid: `bob-${tag}`, email: `bob-${tag}@school.test` };
  const eve = { uid: `eve-${tag}`, email: `eve-${tag}@elsewhere.test` };
  let teamId = '';

  const as = (who: { uid: string; email: string }) =>
    backend().as({ uid: who.uid, email: who.email, emailVerified: true, provider: 'password' });

  const ids = async (port: DataPort, spec: QuerySpec) =>
    (await port.docs.query(spec)).map((d) => d.id).sort();

  const byTeam = (collection: string): QuerySpec => ({
    collection,
    where: [{ field: 'team', op: '==', value: teamId }],
  });

  beforeAll(async () => {
    service = backend().service();
    // Ada's and Bob's work from before the team existed.
    await service.docs.set(`games/ga-${tag}`, {
      name: 'Ada beer',
      type: 'beergame',
      creator: ada.uid,
      creatorName: 'Ada',
      team: null,
      deleted: false,
      archived: false,
      created_at: 1,
    });
    await service.docs.set(`templates/ta-${tag}`, {
      title: 'Ada template',
      creator: ada.uid,
      team: null,
      created_at: 1,
    });
    await service.docs.set(`sessions/sa-${tag}`, {
      name: 'Ada draft class',
      creator: ada.uid,
      team: null,
      status: 'draft',
      deleted: false,
    });
    await service.docs.set(`sessions/sa-${tag}/private/rounds`, { configs: {} });
    await service.docs.set(`games/gb-${tag}`, {
      name: 'Bob beer',
      type: 'beergame',
      creator: bob.uid,
      creatorName: 'Bob',
      team: null,
      deleted: false,
      archived: false,
      created_at: 2,
    });
    await service.docs.set(`games/ge-${tag}`, {
      name: 'Eve beer',
      creator: eve.uid,
      team: null,
      deleted: false,
      archived: false,
      created_at: 3,
    });

    const invite = addTeamMember.createHandler({
      mailer: { send: async (m) => void sent.push(m) },
      appUrl: () => 'https://app.example.test',
    });
    const invited = await invite(ctxOf(service, instructor(ada.uid, ada.email)), {
      email: bob.email,
      games: ['beergame'],
      adminName: 'Ada',
    });
    teamId = invited.teamId;
    await joinTeamMember.handle(ctxOf(service, instructor(bob.uid, bob.email)), {
      teamId,
      userId: bob.uid,
      userEmail: bob.email,
      name: 'Bob',
    });
  });

  it("lets each teammate list the other's games, templates and sessions", async () => {
    const bobPort = as(bob);
    const adaPort = as(ada);
    expect(await ids(bobPort, byTeam('games'))).toEqual([`ga-${tag}`, `gb-${tag}`]);
    expect(await ids(adaPort, byTeam('games'))).toEqual([`ga-${tag}`, `gb-${tag}`]);
    expect(await ids(bobPort, byTeam('templates'))).toEqual([`ta-${tag}`]);
    expect(await ids(bobPort, byTeam('sessions'))).toEqual([`sa-${tag}`]);
    // The team document names them, so the games list marks each by its teammate.
    const [team] = await bobPort.docs.query({
      collection: 'teams',
      where: [{ field: 'memberIds', op: 'array-contains', value: bob.uid }],
      limit: 1,
    });
    expect(team?.id).toBe(teamId);
    expect(Object.keys(team?.data?.members as object).sort()).toEqual([ada.uid, bob.uid].sort());
  });

  it("makes the colleague a session admin of the team's sessions", async () => {
    const bobPort = as(bob);
    // A draft session and its round configurations are for its admins only.
    expect((await bobPort.docs.get(`sessions/sa-${tag}`)).exists).toBe(true);
    expect((await bobPort.docs.get(`sessions/sa-${tag}/private/rounds`)).exists).toBe(true);
    const { code } = await generateSessionCode.handle(
      ctxOf(service, instructor(bob.uid, bob.email)),
      { sid: `sa-${tag}` },
    );
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('shows a stranger none of it', async () => {
    const evePort = as(eve);
    await expect(ids(evePort, byTeam('games'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(ids(evePort, byTeam('sessions'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(evePort.docs.get(`sessions/sa-${tag}`)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(evePort.docs.get(`teams/${teamId}`)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    // Ada, the admin, lists the invitations; Bob, a member, does not.
    await expect(
      as(ada).docs.query({ collection: `teams/${teamId}/invites` }),
    ).resolves.toBeDefined();
    await expect(
      as(bob).docs.query({ collection: `teams/${teamId}/invites` }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  describe('after the colleague leaves', () => {
    beforeAll(async () => {
      await removeTeamMember.handle(ctxOf(service, instructor(bob.uid, bob.email)), {
        teamId,
        userId: bob.uid,
      });
    });

    it("no longer shows them the team's documents, nor the team theirs", async () => {
      const bobPort = as(bob);
      await expect(ids(bobPort, byTeam('games'))).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(bobPort.docs.get(`sessions/sa-${tag}`)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await ids(as(ada), byTeam('games'))).toEqual([`ga-${tag}`]);
      // Bob keeps his own game.
      expect(
        await ids(bobPort, {
          collection: 'games',
          where: [{ field: 'creator', op: '==', value: bob.uid }],
        }),
      ).toEqual([`gb-${tag}`]);
    });
  });
});
