/**
 * The seed's payment handles and contact details are examples (example.org addresses, "...Example" handles,
 * 555 phone numbers). A site that shows them would send gifts nowhere: the admin dashboard lists each one
 * until it is replaced, and in production the donate page leaves out the ways to give that still use one.
 */
import type { CampaignContent } from './schemas/campaign.ts';

export interface PlaceholderDetail {
  /** Where it is in the campaign editor, e.g. "PayPal: link". */
  field: string;
  value: string;
}

/** A North American number with 555 as its area code, or 555-0100 to 555-0199: reserved for fiction. */
function isFictionalPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return local.length === 10 && (local.startsWith('555') || /^\d{3}55501\d\d$/.test(local));
}

/** An address at an example domain (RFC 2606), e.g. give@example.org. */
const EXAMPLE_DOMAIN = /\bexample\.(?:com|org|net)\b/i;
/** A handle or link path naming "example" ($HealingCircleExample, @healingcircle.example, /fund-example). */
const EXAMPLE_HANDLE = /[@$/][^\s@$/]*example/i;
/** The seed's CashApp handle before it said "Example" (older versions of a site's content keep it). */
const OLD_SEED_HANDLE = /\$HealingCircleEx\b/;

/**
 * True for a detail that is still an example. Plain words are not: a description may say "for example".
 */
export function isPlaceholder(value: string | null | undefined): boolean {
  return (
    !!value &&
    (EXAMPLE_DOMAIN.test(value) || EXAMPLE_HANDLE.test(value) || OLD_SEED_HANDLE.test(value) || isFictionalPhone(value))
  );
}

/** Every detail of the campaign that is still an example, in the editor's order. */
export function placeholderDetails(content: CampaignContent): PlaceholderDetail[] {
  const details: [string, string | null | undefined][] = [
    ['Organiser: email', content.organiser.email],
    ['Short video link', content.video.shortVideoUrl],
    ['Crowdfunding page', content.crowdfunding.url],
    ...content.paymentMethods.flatMap((m): [string, string][] => [
      [`${m.name}: link`, m.link],
      [`${m.name}: description`, m.description],
    ]),
    ['Direct transfer: email', content.directTransfer.email],
    ['Support: email', content.support.email],
    ['Support: phone', content.support.phone],
  ];
  return details.flatMap(([field, value]) => (value && isPlaceholder(value) ? [{ field, value }] : []));
}

/** The ways to give a live site leaves out because their details are still examples (by payment method name). */
export interface HiddenGivingOptions {
  paymentMethods: string[];
  directTransfer: boolean;
  crowdfunding: boolean;
}

/** Decided on the server, so the browser gets the answer and not these patterns. */
export function hiddenGivingOptions(content: CampaignContent): HiddenGivingOptions {
  return {
    paymentMethods: content.paymentMethods
      .filter((m) => isPlaceholder(m.link) || isPlaceholder(m.description))
      .map((m) => m.name),
    directTransfer: isPlaceholder(content.directTransfer.email),
    crowdfunding: isPlaceholder(content.crowdfunding.url),
  };
}
