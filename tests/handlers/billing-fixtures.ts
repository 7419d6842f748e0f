/**
 * Teams and issued invoices for the ledger and payment tests, in the stored shape of
 * business.md §3.2 (`economicInvoices/{id}` as createInvoice writes it), with names whose letters
 * only an embedded font prints: Polish, Czech, Romanian and Turkish.
 */
import { randomBytes } from 'node:crypto';
import type { DataPort, DocData } from '@sim/core/port/data-port';

export const SELLER = {
  name: 'Dvořák & Ştefan Simulations SAS',
  address: '12 rue de la Paix',
  zip: '75002',
  city: 'Paris',
  countryCode: 'FR',
  vatNumber: 'FR40303265045',
  email: 'billing@example.com',
};

export const POLISH_CUSTOMER = {
  name: 'Uniwersytet Łódzki',
  address: 'ul. Narutowicza 68',
  zip: '90-136',
  city: 'Łódź',
  countryCode: 'PL',
  vatNumber: 'PL7251801126',
  email: 'zakupy@example.pl',
  vatStatus: 'valid',
};

export const TURKISH_CUSTOMER = {
  name: 'Boğaziçi Akademi',
  address: 'Bebek Mahallesi',
  zip: '34342',
  city: 'İstanbul',
  countryCode: 'TR',
  vatNumber: '',
  email: 'satin@example.tr',
  vatStatus: 'none',
};

export interface BillingWorld {
  readonly t: string;
  readonly teamId: string;
  readonly admin: string;
  readonly member: string;
  readonly outsider: string;
}

/** A team with an admin and a member; nobody else. */
export async function billingWorld(port: DataPort, teamData: DocData = {}): Promise<BillingWorld> {
  const t = randomBytes(4).toString('hex');
  const teamId = `team-${t}`;
  const admin = `ada-${t}`;
  const member = `max-${t}`;
  const outsider = `olga-${t}`;
  await port.docs.set(`teams/${teamId}`, {
    name: 'Łódź team',
    createdBy: admin,
    created_at: 0,
    members: {
      [admin]: { name: 'Ada', email: `${admin}@example.com`, role: 'admin', games: [] },
      [member]: { name: 'Max', email: `${member}@example.com`, role: 'member', games: [] },
    },
    memberIds: [admin, member],
    plans: {},
    ...teamData,
  });
  for (const uid of [admin, member, outsider]) {
    await port.docs.set(`users/${uid}`, { firstname: uid, email: `${uid}@example.com` });
  }
  return { t, teamId, admin, member, outsider };
}

/**
 * An open invoice of the team for `planId`: a reverse-charge invoice of 490.00 EUR to the Polish
 * university by default, or any fields overridden.
 */
export async function issueInvoice(
  port: DataPort,
  world: BillingWorld,
  invoiceNumber: number,
  fields: DocData = {},
): Promise<string> {
  const id = `inv-${world.t}-${invoiceNumber}`;
  await port.docs.set(`economicInvoices/${id}`, {
    teamId: world.teamId,
    invoiceNumber,
    kind: 'invoice',
    status: 'open',
    planId: 'beergame-class',
    lines: [{ description: 'Beer game — Class plan, 12 months', quantity: 1, unitNet: 49_000 }],
    currency: 'EUR',
    net: 49_000,
    vatRatePercent: 0,
    vat: 0,
    gross: 49_000,
    treatment: 'eu-reverse-charge',
    mention: 'Reverse charge',
    customer: POLISH_CUSTOMER,
    seller: SELLER,
    created_at: Date.UTC(2026, 0, 15, 9, 30),
    createdBy: world.admin,
    sync: { state: 'pending' },
    ...fields,
  });
  return id;
}
