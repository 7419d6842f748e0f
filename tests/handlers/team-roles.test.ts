/**
 * setTeamMemberRole on both backends: an admin makes a member admin (who can then let the first
 * admin leave), or an admin a member again; never the last admin, never by a member.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { CallableError, invokeCallable, type CallerAuth } from '../../functions/src/callable';
import * as removeTeamMember from '../../functions/src/callables/remove-team-member';
import * as setTeamMemberRole from '../../functions/src/callables/set-team-member-role';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

function instructor(uid: string): CallerAuth {
  return {
    uid,
    token: {
      uid,
      email: `${uid}@school.test`,
      email_verified: true,
      firebase: { sign_in_provider: 'password' },
    },
  };
}

async function expectRefused(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

describeBackends('setTeamMemberRole', (backend) => {
  let port: DataPort;
  beforeAll(() => {
    port = backend().service();
  });
  const ctx = (uid: string) => ({
    auth: instructor(uid),
    port,
    now: () => FIXED_NOW,
  });
  const roleOf = async (teamId: string, uid: string) =>
    ((await port.docs.get(`teams/${teamId}`)).data?.members as Record<string, DocData>)[uid]?.role;

  async function seed() {
    const t = randomBytes(4).toString('hex');
    const ada = `ada-${t}`;
    const bob = `bob-${t}`;
    const teamId = `team-${t}`;
    await port.docs.set(`teams/${teamId}`, {
      name: 'Ops',
      createdBy: ada,
      members: {
        [ada]: { name: 'Ada', email: `${ada}@school.test`, role: 'admin', games: [] },
        [bob]: { name: 'Bob', email: `${bob}@school.test`, role: 'member', games: [] },
      },
      memberIds: [ada, bob],
      plans: {},
    });
    for (const uid of [ada, bob]) {
      await port.docs.set(`userTeams/${uid}`, { teamId, joined_at: FIXED_NOW });
    }
    return { ada, bob, teamId };
  }

  describe('roles', () => {
    it('an admin makes a member admin, who can then let the first admin leave', async () => {
      const { ada, bob, teamId } = await seed();
      await expectRefused(
        removeTeamMember.handle(ctx(ada), { teamId, userId: ada }),
        'failed-precondition',
        'teamLastAdmin',
      );
      expect(
        await setTeamMemberRole.handle(ctx(ada), { teamId, userId: bob, role: 'admin' }),
      ).toEqual({ teamId, userId: bob, role: 'admin' });
      expect(await roleOf(teamId, bob)).toBe('admin');
      await removeTeamMember.handle(ctx(ada), { teamId, userId: ada });
      expect((await port.docs.get(`teams/${teamId}`)).data?.memberIds).toEqual([bob]);
    });

    it('an admin becomes a member again while another admin remains; the last one cannot', async () => {
      const { ada, bob, teamId } = await seed();
      await expectRefused(
        setTeamMemberRole.handle(ctx(ada), { teamId, userId: ada, role: 'member' }),
        'failed-precondition',
        'teamLastAdmin',
      );
      await setTeamMemberRole.handle(ctx(ada), { teamId, userId: bob, role: 'admin' });
      await setTeamMemberRole.handle(ctx(bob), { teamId, userId: ada, role: 'member' });
      expect(await roleOf(teamId, ada)).toBe('member');
      await expectRefused(
        setTeamMemberRole.handle(ctx(bob), { teamId, userId: bob, role: 'member' }),
        'failed-precondition',
        'teamLastAdmin',
      );
    });

    it('a member cannot change roles, nor can an outsider; an unknown member is named', async () => {
      const { ada, bob, teamId } = await seed();
      await expectRefused(
        setTeamMemberRole.handle(ctx(bob), { teamId, userId: bob, role: 'admin' }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectRefused(
        setTeamMemberRole.handle(ctx('eve'), { teamId, userId: 'eve', role: 'admin' }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectRefused(
        setTeamMemberRole.handle(ctx(ada), { teamId: 'no-team', userId: bob, role: 'admin' }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectRefused(
        setTeamMemberRole.handle(ctx(ada), { teamId, userId: 'nobody', role: 'admin' }),
        'not-found',
        'teamMemberUnknown',
      );
      expect(await roleOf(teamId, bob)).toBe('member');
      // An anonymous player, and a role that is not one, are refused before anything is read.
      await expectRefused(
        setTeamMemberRole.handle(
          {
            auth: {
              uid: 'anon',
              token: { uid: 'anon', firebase: { sign_in_provider: 'anonymous' } },
            },
            port,
            now: () => FIXED_NOW,
          },
          { teamId, userId: 'anon', role: 'admin' },
        ),
        'permission-denied',
        'errorPermissionDenied',
      );
      const err = await invokeCallable(
        setTeamMemberRole.name,
        setTeamMemberRole.schema,
        setTeamMemberRole.handle,
        { auth: instructor(ada), data: { teamId, userId: bob, role: 'owner' } },
        { port: () => port, now: () => FIXED_NOW },
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'invalid-argument' });
    });
  });
});
