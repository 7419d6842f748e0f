/**
 * The invoice PDF (business.md §2.1): an `InvoiceDocument` rendered with pdfmake. Used by the
 * local ledger fake (and by an own-ledger mode): in production e-conomic renders the booked
 * invoice itself.
 *
 * - Roboto is embedded (pdfmake's own TTF files), so Polish, Czech, Turkish and Romanian names
 *   (ł ř ş ţ İ) print and can be copied out; the 14 standard PDF fonts cannot.
 * - pdfmake may fetch URLs and read local files named in a document definition; both are denied
 *   except Roboto's folder, since customer names end up in the definition.
 * - Labels are in the customer's language (`locales/<lang>/invoicePdf.json`), chosen from the
 *   customer's country, English elsewhere; amounts and dates in that language's format.
 *   The legal mention ("Reverse charge") is printed as stored, with the translated explanation.
 */
import { createRequire as makeRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type * as PdfMakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { InvoiceDocument, InvoiceParty } from '@sim/core/billing/invoice';
import cs from '../../../locales/cs/invoicePdf.json';
import de from '../../../locales/de/invoicePdf.json';
import en from '../../../locales/en/invoicePdf.json';
import es from '../../../locales/es/invoicePdf.json';
import fr from '../../../locales/fr/invoicePdf.json';
import it from '../../../locales/it/invoicePdf.json';
import nl from '../../../locales/nl/invoicePdf.json';
import pl from '../../../locales/pl/invoicePdf.json';
import pt from '../../../locales/pt/invoicePdf.json';
import ro from '../../../locales/ro/invoicePdf.json';
import tr from '../../../locales/tr/invoicePdf.json';
import { lazyTranslator } from '../i18n/translator';

const LABELS = { en, fr, es, de, pt, it, nl, pl, tr, cs, ro };
export type PdfLocale = keyof typeof LABELS;

/** The language an invoice for a customer of this country is printed in. */
const COUNTRY_LOCALES: Readonly<Record<string, PdfLocale>> = {
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  MC: 'fr',
  ES: 'es',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  PT: 'pt',
  BR: 'pt',
  IT: 'it',
  SM: 'it',
  NL: 'nl',
  PL: 'pl',
  TR: 'tr',
  CZ: 'cs',
  RO: 'ro',
  MD: 'ro',
};

export function pdfLocaleFor(countryCode: string): PdfLocale {
  return Object.hasOwn(COUNTRY_LOCALES, countryCode)
    ? (COUNTRY_LOCALES[countryCode] as PdfLocale)
    : 'en';
}

/** A lookup by plain key: i18next's key types describe the SPA's bundle, not this file's. */
type Translate = (key: string, values?: Record<string, unknown>) => string;

const labels = lazyTranslator(() =>
  Object.fromEntries(Object.entries(LABELS).map(([lang, file]) => [lang, { translation: file }])),
);

type PdfMake = typeof PdfMakeModule;

let loaded: { pdfmake: PdfMake } | undefined;

/** pdfmake with Roboto from its own folder, and every other URL or file refused. */
function pdfMake(): PdfMake {
  if (loaded) return loaded.pdfmake;
  const require = makeRequire(import.meta.url);
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const pdfmake = require('pdfmake') as PdfMake;
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));
  pdfmake.setFonts({
    Roboto: {
      normal: join(fontDir, 'Roboto-Regular.ttf'),
      bold: join(fontDir, 'Roboto-Medium.ttf'),
      italics: join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  loaded = { pdfmake };
  return pdfmake;
}

/** Roboto has no narrow no-break space (French and other group separators): a no-break space. */
function printable(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}

function partyBlock(title: string, party: InvoiceParty, vatLabel: string): Content {
  const cityLine = [party.zip, party.city].filter(Boolean).join(' ');
  return {
    stack: [
      { text: title, style: 'label' },
      { text: party.name, bold: true },
      ...[party.address, cityLine, party.countryCode]
        .filter((line) => line !== '')
        .map((line) => ({ text: line })),
      ...(party.vatNumber ? [{ text: `${vatLabel}: ${party.vatNumber}` }] : []),
      ...(party.email ? [{ text: party.email }] : []),
    ],
  };
}

/** The pdfmake definition of an invoice (exported for tests of the layout's content). */
export function invoiceDefinition(
  invoice: InvoiceDocument,
  locale: PdfLocale = pdfLocaleFor(invoice.customer.countryCode),
): TDocumentDefinitions {
  const t = labels().getFixedT(locale) as unknown as Translate;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency });
  const amount = (minor: number) => printable(money.format(minor / 100));
  const rate = printable(
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      invoice.totals.vatRatePercent / 100,
    ),
  );
  const quantity = new Intl.NumberFormat(locale);
  const date = printable(
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(invoice.issuedAt),
    ),
  );
  const title = invoice.kind === 'credit-note' ? t('title.creditNote') : t('title.invoice');
  const right = { alignment: 'right' as const };
  const mention: Content[] = [];
  if (invoice.mention) mention.push({ text: invoice.mention, bold: true, margin: [0, 16, 0, 0] });
  if (invoice.treatment === 'eu-reverse-charge') mention.push({ text: t('reverseCharge') });
  if (invoice.treatment === 'export') mention.push({ text: t('export'), margin: [0, 16, 0, 0] });
  return {
    info: { title: `${title} ${invoice.invoiceNumber}`, author: invoice.seller.name },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 20, bold: true },
      label: { fontSize: 8, color: '#555555', margin: [0, 0, 0, 2] },
      head: { bold: true },
    },
    content: [
      { text: `${title} ${invoice.invoiceNumber}`, style: 'title' },
      {
        margin: [0, 8, 0, 16],
        stack: [
          `${t('number')}: ${invoice.invoiceNumber}`,
          `${t('issued')}: ${date}`,
          ...(invoice.creditForNumber !== undefined
            ? [t('creditFor', { number: invoice.creditForNumber })]
            : []),
          `${t('currency')}: ${invoice.currency}`,
        ],
      },
      {
        columns: [
          partyBlock(t('seller'), invoice.seller, t('vatNumber')),
          partyBlock(t('customer'), invoice.customer, t('vatNumber')),
        ],
        columnGap: 24,
        margin: [0, 0, 0, 20],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            [
              { text: t('description'), style: 'head' },
              { text: t('quantity'), style: 'head', ...right },
              { text: t('unitPrice'), style: 'head', ...right },
              { text: t('amount'), style: 'head', ...right },
            ],
            ...invoice.lines.map((line) => [
              { text: line.description },
              { text: quantity.format(line.quantity), ...right },
              { text: amount(line.unitNet), ...right },
              { text: amount(line.unitNet * line.quantity), ...right },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 16, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 'auto',
            table: {
              body: [
                [t('net'), { text: amount(invoice.totals.net), ...right }],
                [t('vatRate'), { text: rate, ...right }],
                [t('vat'), { text: amount(invoice.totals.vat), ...right }],
                [
                  { text: t('gross'), bold: true },
                  { text: amount(invoice.totals.gross), bold: true, ...right },
                ],
              ],
            },
            layout: 'noBorders',
          },
        ],
      },
      ...mention,
    ],
  };
}

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  locale?: PdfLocale,
): Promise<Uint8Array> {
  const buffer = await pdfMake().createPdf(invoiceDefinition(invoice, locale)).getBuffer();
  return new Uint8Array(buffer);
}
