/**
 * Referral conversions (business.md §3.10): when a team pays for the first time, the instructor
 * whose `?invitedby=` link brought the payer (else the team's creator) is credited with a
 * conversion, `referrals/{referrer}/conversions/{invoiceId}` = `{teamId, net, currency,
 * created_at, status: 'recorded'}`, which the referrer reads on the Referral tab. Rewards are
 * settled by hand (business.md §5.3: no automatic credit).
 *
 * A conversion needs: the team's first payment (the team document keeps `referral` once one was
 * looked at, so later payments and retries of the same one add nothing), a referrer who joined
 * the program (`users/{uid}.joinedReferralProgram`), and who is neither the payer nor a member
 * of the paying team. The payment step (`markPaid`) calls it after marking the invoice paid.
 */
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { memberOf, teamPath } from '../teams/team-docs';

export interface ReferralPayment {
  readonly teamId: string;
  readonly invoiceId: string;
  /** Who paid (the admin who bought the plan). */
  readonly payerUid: string;
  /** Net amount in minor units. */
  readonly net: number;
  readonly currency: string;
}

export type ReferralOutcome = 'recorded' | 'not-first' | 'no-referrer';

export const conversionPath = (referrer: string, invoiceId: string) =>
  `referrals/${referrer}/conversions/${invoiceId}`;

function referrerOf(profile: DocData | undefined): string | null {
  const invitedBy = profile?.invitedBy;
  return typeof invitedBy === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(invitedBy)
    ? invitedBy
    : null;
}

export async function recordReferralConversion(
  port: DataPort,
  payment: ReferralPayment,
  now: number,
): Promise<ReferralOutcome> {
  return port.docs.runTransaction<ReferralOutcome>(async (tx) => {
    const team = (await tx.get(teamPath(payment.teamId))).data;
    if (!team || team.referral !== undefined) return 'not-first';
    const payer = (await tx.get(`users/${payment.payerUid}`)).data;
    const creator = typeof team.createdBy === 'string' ? team.createdBy : null;
    const creatorProfile =
      creator && creator !== payment.payerUid ? (await tx.get(`users/${creator}`)).data : undefined;
    const candidate = referrerOf(payer) ?? referrerOf(creatorProfile);
    const eligible =
      candidate !== null &&
      candidate !== payment.payerUid &&
      memberOf(team, candidate) === null &&
      (await tx.get(`users/${candidate}`)).data?.joinedReferralProgram === true;
    const referrer = eligible ? candidate : null;
    tx.update(teamPath(payment.teamId), {
      referral: { referrer, invoiceId: payment.invoiceId, at: now },
    });
    if (!referrer) return 'no-referrer';
    tx.set(conversionPath(referrer, payment.invoiceId), {
      teamId: payment.teamId,
      net: payment.net,
      currency: payment.currency,
      created_at: now,
      status: 'recorded',
    });
    return 'recorded';
  });
}
