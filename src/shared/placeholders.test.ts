/** Which campaign details count as the seed's examples (issue 16: not live on placeholders). */
import { describe, expect, it } from 'vitest';
import seed from '../../content/campaign.json' with { type: 'json' };
import { isPlaceholder, placeholderDetails } from './placeholders.ts';
import { CampaignContentSchema } from './schemas/campaign.ts';

const content = CampaignContentSchema.parse(seed);

describe('placeholder details', () => {
  it('finds every example detail of the seed: addresses, handles, links and the 555 number', () => {
    expect(placeholderDetails(content).map((d) => d.field)).toEqual([
      'Organiser: email',
      'Short video link',
      'Crowdfunding page',
      'Email Us: link',
      'Buy Me a Coffee: link',
      'PayPal: link',
      'Venmo: link',
      'Venmo: description',
      'CashApp: link',
      'CashApp: description',
      'Direct transfer: email',
      'Support: email',
      'Support: phone',
    ]);
  });

  it('counts example domains, handles and 555 numbers, and nothing real', () => {
    for (const example of [
      'give@example.com',
      'mailto:team@EXAMPLE.net',
      'https://cash.app/$MayaExample',
      '+1 (555) 014-2380',
      '555-867-5309',
      '(212) 555-0142',
      'Send to $HealingCircleEx',
      'https://www.tiktok.com/@healingcircle.example/video/1',
    ])
      expect(isPlaceholder(example), example).toBe(true);
    for (const real of [
      'leah.harrow@gmail.com',
      'https://venmo.com/u/Maya-Harrow',
      'Send to $MayaHarrow, for example $20 a month',
      'See our examples of what gifts pay for',
      '+1 (212) 867-5309',
      '+1 (212) 555-1212',
      '5550',
      '',
    ])
      expect(isPlaceholder(real), real).toBe(false);
  });

  it('finds none once each is replaced', () => {
    const real = CampaignContentSchema.parse(
      JSON.parse(
        JSON.stringify(seed)
          .replaceAll(/example\.org/g, 'harrowfamily.net')
          .replaceAll(/-?example/gi, 'Harrow')
          .replace('+1 (555) 014-2380', '+1 (212) 867-5309'),
      ),
    );
    expect(placeholderDetails(real)).toEqual([]);
  });
});
