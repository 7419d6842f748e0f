/**
 * Referral conversions on both backends (business.md §3.10): the first payment of a team brought
 * by an opted-in referrer is listed to that referrer alone; later payments, referrers who did not
 * opt in, self-referrals and teammates are not.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import { recordReferralConversion } from '../../functions/src/referral/conversion';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

describeBackends('referral conversions', (backend) => {
  let port: DataPort;

  beforeAll(() => {
    port = backend().service();
  });

  const get = async (path: string) => (await port.docs.get(path)).data;

  async function world(opts: { optedIn?: boolean; invitedBy?: string; teammate?: boolean } = {}) {
    const t = randomBytes(4).toString('hex');
    const rita = `rita-${t}`;
    const bo = `bo-${t}`;
    const teamId = `team-${t}`;
    await port.docs.set(`users/${rita}`, {
      firstname: 'Rita',
      ...(opts.optedIn === false ? {} : { joinedReferralProgram: true }),
    });
    await port.docs.set(`users/${bo}`, { firstname: 'Bo', invitedBy: opts.invitedBy ?? rita });
    const members = [bo, ...(opts.teammate ? [rita] : [])];
    await port.docs.set(`teams/${teamId}`, {
      name: 'Bo team',
      createdBy: bo,
      members: Object.fromEntries(
        members.map((uid) => [uid, { name: uid, email: '', role: 'admin', games: [] }]),
      ),
      memberIds: members,
      plans: {},
    });
    const pay = (invoiceId: string, net = 49_000) =>
      recordReferralConversion(
        port,
        { teamId, invoiceId, payerUid: bo, net, currency: 'EUR' },
        FIXED_NOW,
      );
    return { rita, bo, teamId, pay };
  }

  describe('recordReferralConversion', () => {
    it("credits the referrer of the team's first payment, once", async () => {
      const w = await world();
      expect(await w.pay('inv-1')).toBe('recorded');
      expect(await get(`referrals/${w.rita}/conversions/inv-1`)).toEqual({
        teamId: w.teamId,
        net: 49_000,
        currency: 'EUR',
        created_at: FIXED_NOW,
        status: 'recorded',
      });
      // The same payment again, and the next one: nothing more.
      expect(await w.pay('inv-1')).toBe('not-first');
      expect(await w.pay('inv-2', 99_000)).toBe('not-first');
      const listed = await port.docs.query({ collection: `referrals/${w.rita}/conversions` });
      expect(listed.map((d) => d.id)).toEqual(['inv-1']);
      // The referrer reads it under the access policy; the payer does not.
      const rita = backend().as({ uid: w.rita, provider: 'password', email: 'r@x.test' });
      const seen = await rita.docs.query({ collection: `referrals/${w.rita}/conversions` });
      expect(seen.map((d) => d.data?.net)).toEqual([49_000]);
      const bo = backend().as({ uid: w.bo, provider: 'password', email: 'b@x.test' });
      await expect(bo.docs.get(`referrals/${w.rita}/conversions/inv-1`)).rejects.toMatchObject({
        code: 'permission-denied',
      });
    });

    it('credits nobody when the referrer did not join the program, is the payer or is in the team', async () => {
      const notIn = await world({ optedIn: false });
      expect(await notIn.pay('inv-1')).toBe('no-referrer');
      expect(await get(`referrals/${notIn.rita}/conversions/inv-1`)).toBeUndefined();

      const teammate = await world({ teammate: true });
      expect(await teammate.pay('inv-1')).toBe('no-referrer');
      expect(await get(`referrals/${teammate.rita}/conversions/inv-1`)).toBeUndefined();

      const self = await world();
      await port.docs.set(`users/${self.bo}`, { invitedBy: self.bo, joinedReferralProgram: true });
      expect(await self.pay('inv-1')).toBe('no-referrer');
      expect(await get(`referrals/${self.bo}/conversions/inv-1`)).toBeUndefined();
      // Only the first payment counts, even without a referrer.
      expect(await notIn.pay('inv-2')).toBe('not-first');
    });
  });
});
