import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DONATE_PAYMENT_METHODS, MESSAGE_MAX, RECORDED_PAYMENT_METHODS } from '../constants.ts';
import { AnalyticsEventSchema } from './analytics.ts';
import { CampaignContentSchema } from './campaign.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../constants.ts';
import { ContactFormSchema } from './contact.ts';
import { DonationIntentSchema } from './donation.ts';

/** The issues of a failed parse as [path, message] pairs; fails the test if the parse succeeded. */
function issues(result: z.ZodSafeParseResult<unknown>): Array<[string, string]> {
  if (result.success) throw new Error(`expected the parse to fail, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('DonationIntentSchema', () => {
  const valid = {
    amount: 25,
    message: 'Get well soon',
    paymentMethod: 'PayPal',
    timestamp: '2025-01-01T12:00:00.000Z',
  };
  const parse = (overrides: Record<string, unknown>) => DonationIntentSchema.safeParse({ ...valid, ...overrides });

  it("parses the spec's intent, with no donor name or email, not shown publicly and asking no updates", () => {
    expect(DonationIntentSchema.parse(valid)).toEqual({
      ...valid,
      donorName: null,
      donorEmail: null,
      showPublicly: false,
      followUpdates: false,
    });
  });

  it('accepts every donate-page payment method', () => {
    for (const paymentMethod of DONATE_PAYMENT_METHODS) {
      expect(parse({ paymentMethod }).success).toBe(true);
    }
  });

  it('accepts two-decimal and boundary amounts', () => {
    expect(DonationIntentSchema.parse({ ...valid, amount: 19.99 }).amount).toBe(19.99);
    expect(parse({ amount: 1 }).success).toBe(true);
    expect(parse({ amount: 1_000_000 }).success).toBe(true);
  });

  it('trims the message', () => {
    expect(DonationIntentSchema.parse({ ...valid, message: '  Thank you  ' }).message).toBe('Thank you');
  });

  it('turns an empty or blank message into null', () => {
    expect(DonationIntentSchema.parse({ ...valid, message: '' }).message).toBeNull();
    expect(DonationIntentSchema.parse({ ...valid, message: '   \n\t ' }).message).toBeNull();
  });

  it('turns a missing or null message into null', () => {
    const { message: _omit, ...withoutMessage } = valid;
    const parsed = DonationIntentSchema.parse(withoutMessage);
    expect(parsed.message).toBeNull();
    expect('message' in parsed).toBe(true);
    expect(DonationIntentSchema.parse({ ...valid, message: null }).message).toBeNull();
  });

  it('accepts a message of exactly MESSAGE_MAX characters, counted after trimming', () => {
    const max = 'a'.repeat(MESSAGE_MAX);
    expect(DonationIntentSchema.parse({ ...valid, message: max }).message).toBe(max);
    expect(DonationIntentSchema.parse({ ...valid, message: `  ${max}  ` }).message).toBe(max);
  });

  it('rejects a missing amount', () => {
    const { amount: _omit, ...withoutAmount } = valid;
    expect(issues(DonationIntentSchema.safeParse(withoutAmount))).toEqual([['amount', 'Amount must be a number']]);
  });

  it('rejects a zero or negative amount', () => {
    expect(issues(parse({ amount: 0 }))).toEqual([['amount', 'Amount must be at least $1']]);
    expect(issues(parse({ amount: -5 }))).toEqual([['amount', 'Amount must be at least $1']]);
    expect(issues(parse({ amount: 0.99 }))).toEqual([['amount', 'Amount must be at least $1']]);
  });

  it('rejects a non-numeric amount', () => {
    expect(issues(parse({ amount: '25' }))).toEqual([['amount', 'Amount must be a number']]);
    expect(issues(parse({ amount: null }))).toEqual([['amount', 'Amount must be a number']]);
    expect(issues(parse({ amount: Number.NaN }))).toEqual([['amount', 'Amount must be a number']]);
    expect(issues(parse({ amount: Number.POSITIVE_INFINITY }))).toEqual([['amount', 'Amount must be a number']]);
  });

  it('rejects an amount with more than two decimals', () => {
    expect(issues(parse({ amount: 12.345 }))).toEqual([['amount', 'Amount can have at most two decimal places']]);
    expect(issues(parse({ amount: 1.005 }))).toEqual([['amount', 'Amount can have at most two decimal places']]);
  });

  it('rejects an amount above $1,000,000', () => {
    expect(issues(parse({ amount: 1_000_000.01 }))).toEqual([['amount', 'Amount must be at most $1,000,000']]);
  });

  it('rejects an unknown or missing payment method', () => {
    const message = 'Payment method must be one of: Email Us, Buy Me a Coffee, PayPal, Venmo, CashApp';
    expect(issues(parse({ paymentMethod: 'Zelle' }))).toEqual([['paymentMethod', message]]);
    expect(issues(parse({ paymentMethod: 'paypal' }))).toEqual([['paymentMethod', message]]);
    expect(issues(parse({ paymentMethod: undefined }))).toEqual([['paymentMethod', message]]);
  });

  it('rejects a message over MESSAGE_MAX characters', () => {
    expect(issues(parse({ message: 'a'.repeat(MESSAGE_MAX + 1) }))).toEqual([
      ['message', `Message must be at most ${MESSAGE_MAX} characters`],
    ]);
    expect(parse({ message: 'a'.repeat(MESSAGE_MAX * 3) }).success).toBe(false);
  });

  it('rejects a message that is not text', () => {
    expect(issues(parse({ message: 42 }))).toEqual([['message', 'Message must be text']]);
    expect(issues(parse({ message: ['hi'] }))).toEqual([['message', 'Message must be text']]);
  });

  it('accepts ISO 8601 date-times with Z or an offset', () => {
    expect(parse({ timestamp: '2025-01-01T00:00:00Z' }).success).toBe(true);
    expect(parse({ timestamp: '2025-01-01T00:00:00+02:00' }).success).toBe(true);
  });

  it('rejects a bad timestamp', () => {
    const message = 'Timestamp must be an ISO 8601 date-time';
    expect(issues(parse({ timestamp: 'yesterday' }))).toEqual([['timestamp', message]]);
    expect(issues(parse({ timestamp: '2025-01-01' }))).toEqual([['timestamp', message]]);
    expect(issues(parse({ timestamp: '2025-13-01T00:00:00Z' }))).toEqual([['timestamp', message]]);
    expect(issues(parse({ timestamp: 1735689600000 }))).toEqual([['timestamp', message]]);
    expect(issues(parse({ timestamp: undefined }))).toEqual([['timestamp', message]]);
  });

  it('reports every bad field at once', () => {
    expect(issues(DonationIntentSchema.safeParse({})).map(([path]) => path)).toEqual([
      'amount',
      'paymentMethod',
      'timestamp',
    ]);
  });
});

describe('ContactFormSchema', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Hello', message: 'I would like to help.' };
  const parse = (overrides: Record<string, unknown>) => ContactFormSchema.safeParse({ ...valid, ...overrides });

  it('parses a valid message, trimming each field', () => {
    expect(ContactFormSchema.parse(valid)).toEqual(valid);
    expect(
      ContactFormSchema.parse({ name: ' Ada ', email: ' ada@example.org ', subject: ' Hi ', message: ' Thanks \n' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.org', subject: 'Hi', message: 'Thanks' });
  });

  it('uses the spec message', () => {
    expect(REQUIRED_FIELDS_MESSAGE).toBe('Please fill in all fields');
  });

  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    it(`requires ${field}: missing, empty, blank or not text`, () => {
      const { [field]: _omit, ...without } = valid;
      expect(issues(ContactFormSchema.safeParse(without))).toEqual([[field, 'Please fill in all fields']]);
      expect(issues(parse({ [field]: '' }))).toEqual([[field, 'Please fill in all fields']]);
      expect(issues(parse({ [field]: '   ' }))).toEqual([[field, 'Please fill in all fields']]);
      expect(issues(parse({ [field]: null }))).toEqual([[field, 'Please fill in all fields']]);
    });
  }

  it('rejects an invalid email address', () => {
    for (const email of ['ada', 'ada@', '@example.org', 'ada@example', 'ada example@example.org']) {
      expect(issues(parse({ email }))).toEqual([['email', 'Please enter a valid email address']]);
    }
  });

  it('rejects fields over their maximum length, counted after trimming', () => {
    expect(parse({ name: `  ${'n'.repeat(200)}  ` }).success).toBe(true);
    expect(issues(parse({ name: 'n'.repeat(201) }))).toEqual([['name', 'Name must be at most 200 characters']]);
    expect(parse({ subject: 's'.repeat(200) }).success).toBe(true);
    expect(issues(parse({ subject: 's'.repeat(201) }))).toEqual([
      ['subject', 'Subject must be at most 200 characters'],
    ]);
    expect(parse({ message: 'm'.repeat(5000) }).success).toBe(true);
    expect(issues(parse({ message: 'm'.repeat(5001) }))).toEqual([
      ['message', 'Message must be at most 5000 characters'],
    ]);
    expect(parse({ email: `${'a'.repeat(250)}@example.org` }).success).toBe(false);
  });
});

describe('AnalyticsEventSchema', () => {
  it('accepts a page view', () => {
    expect(AnalyticsEventSchema.parse({ name: 'page_view', path: '/' })).toEqual({ name: 'page_view', path: '/' });
    expect(AnalyticsEventSchema.parse({ name: 'page_view', path: '/donate' })).toEqual({
      name: 'page_view',
      path: '/donate',
    });
  });

  it('accepts each path-only event', () => {
    for (const name of ['tiktok_video_click', 'donate_click', 'donate_button_click']) {
      expect(AnalyticsEventSchema.safeParse({ name, path: '/' }).success).toBe(true);
    }
  });

  it('accepts a donation click with a method and amount', () => {
    const event = { name: 'donation_click', path: '/donate', method: 'PayPal', amount: 25 };
    expect(AnalyticsEventSchema.parse(event)).toEqual(event);
  });

  it('requires a method and amount on a donation click', () => {
    expect(issues(AnalyticsEventSchema.safeParse({ name: 'donation_click', path: '/donate' }))).toEqual([
      ['method', 'Unknown payment method'],
      ['amount', 'Amount must be a number'],
    ]);
    expect(
      issues(AnalyticsEventSchema.safeParse({ name: 'donation_click', path: '/donate', method: 'Zelle', amount: 25 })),
    ).toEqual([['method', 'Unknown payment method']]);
    expect(
      issues(
        AnalyticsEventSchema.safeParse({ name: 'donation_click', path: '/donate', method: 'PayPal', amount: 0.5 }),
      ),
    ).toEqual([['amount', 'Amount must be at least $1']]);
  });

  it('rejects an unknown event name', () => {
    expect(issues(AnalyticsEventSchema.safeParse({ name: 'purchase', path: '/' }))).toEqual([
      ['name', 'Unknown event name'],
    ]);
    expect(issues(AnalyticsEventSchema.safeParse({ path: '/' }))).toEqual([['name', 'Unknown event name']]);
  });

  it('requires the path to start with / and have no query, fragment or spaces', () => {
    const message = 'Path must be a site path starting with /';
    for (const path of [
      'donate',
      'https://example.org/',
      '/donate?amount=25',
      '/?utm_source=x',
      '/donate#top',
      '/a b',
      '',
    ]) {
      expect(issues(AnalyticsEventSchema.safeParse({ name: 'page_view', path }))).toEqual([['path', message]]);
    }
  });

  it('limits the path to 300 characters', () => {
    expect(AnalyticsEventSchema.safeParse({ name: 'page_view', path: `/${'a'.repeat(299)}` }).success).toBe(true);
    expect(issues(AnalyticsEventSchema.safeParse({ name: 'page_view', path: `/${'a'.repeat(300)}` }))).toEqual([
      ['path', 'Path must be at most 300 characters'],
    ]);
  });
});

describe('CampaignContentSchema', () => {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../../content/campaign.json', import.meta.url), 'utf8'));
  const copy = () => structuredClone(raw) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- deliberately breaking shapes

  it('parses the seeded campaign', () => {
    const content = CampaignContentSchema.parse(raw);
    expect(content.product.name).toBe('Healing Circle');
    expect(content.goal).toEqual({ cents: 1_500_000, currency: 'USD' });
    expect(content.paymentMethods.map((m) => m.name)).toEqual([...DONATE_PAYMENT_METHODS]);
  });

  it('reads content saved when a payment link said whether it took the amount, without that key', () => {
    const content = copy();
    content.paymentMethods[2].appendAmountToPath = true;
    expect(CampaignContentSchema.parse(content).paymentMethods[2]).not.toHaveProperty('appendAmountToPath');
  });

  it('rejects a campaign with 3 gallery images', () => {
    const content = copy();
    content.gallery.images.pop();
    const result = CampaignContentSchema.safeParse(content);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['gallery.images']);
  });

  it('rejects a bad YouTube id', () => {
    for (const youtubeId of ['short', 'hcStory2025x', 'hcStory 025', 'hcStory202!', '']) {
      const content = copy();
      content.video.youtubeId = youtubeId;
      const result = CampaignContentSchema.safeParse(content);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['video.youtubeId']);
    }
  });

  it('rejects a payment link that is neither https: nor mailto:', () => {
    const content = copy();
    content.paymentMethods[2].link = 'http://www.paypal.me/x';
    expect(issues(CampaignContentSchema.safeParse(content))).toEqual([
      ['paymentMethods.2.link', 'Payment links are https: or mailto:'],
    ]);
  });
});

describe('payment method names', () => {
  it('spell each platform the donate page offers as it does, where a gift is recorded and a refund asked for', () => {
    // "Email Us" is a way to reach the organiser, recorded as the transfer it leads to ("Direct Transfer").
    for (const method of DONATE_PAYMENT_METHODS.filter((m) => m !== 'Email Us'))
      expect(RECORDED_PAYMENT_METHODS).toContain(method);
    expect(RECORDED_PAYMENT_METHODS).not.toContain('Buy Me Coffee');
  });
});
