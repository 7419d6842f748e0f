/**
 * updateCustomer {teamId?, countryCode, euvatnr?, companyName, address?, zip?, city?, email?}
 *   → {teamId, vatStatus, euvatnr, currency, ratePercent, treatment}  (spec §5, §7; business.md §3.4)
 *
 * A team admin sets the team's billing data (`teams/{tid}.billingData`). A VAT number of an EU
 * member state must have the country's format (jsvat-next, with or without its prefix, Greece as
 * EL) and then be confirmed by the VAT checker: `true` → 'valid', `null` (the register could not
 * answer; the spec counts it as valid) → 'unverified'. Outside the EU a number changes no tax and
 * is kept as typed, unchecked ('none'). The result is the tax the team's invoices will carry.
 * An instructor without a team names none: once the data passes, their team is made (they are
 * its admin) and the data saved on it, so a purchase can start before any trial or invitation.
 *
 * Refusals, with nothing saved: unauthenticated / errorUnauthenticated; permission-denied /
 * errorPermissionDenied (a player); permission-denied / teamAdminOnly; invalid-argument /
 * billingVatInvalid ("Incorrect VAT number": bad format, prefix of another country, the checker
 * answered false); unavailable / billingVatInvalid (the checker failed: the spec shows the same
 * message "on failure"); failed-precondition / vatRateMissing (a member state without a seeded
 * rate).
 */
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import { type Treatment, type VatStatus, isEuMemberState, taxFor } from '@sim/core/billing/tax';
import type { Currency } from '@sim/core/billing/money';
import { VAT_NUMBER_MAX, normaliseVatNumber, vatNumberFormat } from '@sim/core/billing/vat-number';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { ratesFor } from '../billing/billing-docs';
import type { VatChecker } from '../billing/ports';
import type { BillingSettings } from '../billing/settings';
import { teamCaller } from '../teams/caller';
import { ensureTeam } from '../teams/ensure-team';
import { isTeamAdmin, teamPath } from '../teams/team-docs';

export const name = 'updateCustomer';

/** Control characters out, surrounding spaces off. */
function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
}

const text = (max: number) => z.string().max(max).transform(cleanText);

export const schema = z
  .object({
    // Absent for an instructor without a team: the save makes one, with them as its admin.
    teamId: idSchema.optional(),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be a country code like FR'),
    euvatnr: z.string().max(40).optional(),
    companyName: text(200).refine((v) => v !== '', 'must not be empty'),
    address: text(300).optional(),
    zip: text(20).optional(),
    city: text(100).optional(),
    email: z
      .string()
      .max(254)
      .transform((v) => v.trim())
      .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an email address')
      .optional(),
  })
  .strict();

export type UpdateCustomerData = z.output<typeof schema>;

export interface UpdateCustomerResult {
  /** The team whose billing data was saved (made by this call when none was named). */
  readonly teamId: string;
  readonly vatStatus: VatStatus;
  /** The number as stored: with its prefix for a member state; '' when none. */
  readonly euvatnr: string;
  readonly currency: Currency;
  readonly ratePercent: number;
  readonly treatment: Treatment;
}

export interface UpdateCustomerDeps {
  readonly vat: VatChecker;
  readonly settings: () => BillingSettings;
}

interface CheckedNumber {
  readonly euvatnr: string;
  readonly vatStatus: VatStatus;
  readonly consultation?: string;
}

async function checkNumber(
  vat: VatChecker,
  countryCode: string,
  raw: string | undefined,
): Promise<CheckedNumber> {
  const typed = normaliseVatNumber(raw ?? '');
  if (typed === '') return { euvatnr: '', vatStatus: 'none' };
  if (!isEuMemberState(countryCode)) {
    if (typed.length > VAT_NUMBER_MAX) {
      throw new CallableError('invalid-argument', 'billingVatInvalid');
    }
    return { euvatnr: typed, vatStatus: 'none' };
  }
  const format = vatNumberFormat(countryCode, typed);
  if (!format.ok) throw new CallableError('invalid-argument', 'billingVatInvalid');
  let answer;
  try {
    answer = await vat.check(countryCode, format.national);
  } catch (err) {
    logger.warn('updateCustomer: the VAT checker failed', { countryCode, err });
    throw new CallableError('unavailable', 'billingVatInvalid');
  }
  if (answer.valid === false) throw new CallableError('invalid-argument', 'billingVatInvalid');
  return {
    euvatnr: format.full,
    vatStatus: answer.valid === true ? 'valid' : 'unverified',
    ...(answer.consultation ? { consultation: answer.consultation } : {}),
  };
}

export function createHandler(
  deps: UpdateCustomerDeps,
): CallableHandler<UpdateCustomerData, UpdateCustomerResult> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const port = ctx.port;
    if (
      data.teamId !== undefined &&
      !isTeamAdmin((await port.docs.get(teamPath(data.teamId))).data, caller.uid)
    ) {
      throw new CallableError('permission-denied', 'teamAdminOnly');
    }
    const rates = await ratesFor(port, data.countryCode);
    const { sellerCountry } = deps.settings();
    // The outside call happens before the transaction, so it never holds the team document.
    const checked = await checkNumber(deps.vat, data.countryCode, data.euvatnr);
    const now = ctx.now();
    // A team is made only for billing data that passed every check (business.md §3.4: a purchase
    // is one of the moments a team comes into being).
    const teamId =
      data.teamId ??
      (await ensureTeam(port, { uid: caller.uid, name: '', email: caller.email }, now)).teamId;
    const path = teamPath(teamId);
    const billingData = {
      countryCode: data.countryCode,
      euvatnr: checked.euvatnr,
      vatStatus: checked.vatStatus,
      vatCheckedAt: checked.vatStatus === 'none' ? null : now,
      ...(checked.consultation ? { vatConsultation: checked.consultation } : {}),
      companyName: data.companyName,
      address: data.address ?? '',
      zip: data.zip ?? '',
      city: data.city ?? '',
      email: data.email ?? '',
      updated_at: now,
      updatedBy: caller.uid,
    };
    const saved = await port.docs.runTransaction(async (tx) => {
      // Still an admin when the data is written (a role may have changed during the check).
      if (!isTeamAdmin((await tx.get(path)).data, caller.uid)) return false;
      tx.update(path, { billingData });
      return true;
    });
    if (!saved) throw new CallableError('permission-denied', 'teamAdminOnly');
    const tax = taxFor({
      countryCode: data.countryCode,
      vatStatus: checked.vatStatus,
      rates,
      sellerCountry,
    });
    return {
      teamId,
      vatStatus: checked.vatStatus,
      euvatnr: checked.euvatnr,
      currency: tax.currency,
      ratePercent: tax.ratePercent,
      treatment: tax.treatment,
    };
  };
}
