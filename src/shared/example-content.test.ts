/** Which campaign details are the seed's examples, and what a live site leaves out (issue 34). */
import { describe, expect, it } from 'vitest';
import seed from '../../content/campaign.json' with { type: 'json' };
import { withOwnDetails } from '../../tests/factories/campaign-content.ts';
import { exampleDetails, isExampleAppeal, withoutExamples } from './example-content.ts';
import { CampaignContentSchema } from './schemas/campaign.ts';

const example = CampaignContentSchema.parse(seed);

describe('the example details of the seed', () => {
  it('are every seeded claim, name, figure and contact, not only the ways to give', () => {
    const details = exampleDetails(example, example);
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'Urgent badge', value: 'Urgent: surgery scheduled this winter' },
        { field: 'Patient: name', value: 'Maya' },
        { field: 'Organiser: name', value: 'Leah Harrow' },
        { field: 'Surgeon: name', value: 'Dr. Imogen Vasquez-Thorne' },
        { field: 'Surgeon: years of experience', value: '30+' },
        { field: 'Surgeon: lives changed', value: '1000s' },
        { field: 'Consultation paid: note', value: 'The $1,200 consultation fee has already been paid by the family.' },
        { field: 'Goal amount', value: '$15,000' },
        { field: 'Cost group 2: amount', value: '$9,000' },
        { field: 'Dated update of 2025-09-11', value: 'Medical update' },
        { field: 'Support: email', value: 'support@example.org' },
        { field: 'Support: phone', value: '+1 (555) 014-2380' },
        { field: 'PayPal: link', value: 'https://www.paypal.me/HealingCircleExample' },
      ]),
    );
    expect(new Set(details.map((d) => d.field)).size).toBe(details.length);
    expect(isExampleAppeal(example, example)).toBe(true);
  });

  it('are none once each is replaced, and a live site then shows the content as it is', () => {
    const own = CampaignContentSchema.parse(withOwnDetails(example));
    expect(exampleDetails(own, example)).toEqual([]);
    expect(isExampleAppeal(own, example)).toBe(false);
    expect(withoutExamples(own, example)).toEqual(own);
  });

  it('count a short value a real campaign may share with the example only while its context is the example', () => {
    const own = withOwnDetails(example);
    // A real surgeon with "30+" years, a real $15,000 goal, the example's phone hours with a real number.
    const real = {
      ...own,
      goal: example.goal,
      surgeon: { ...own.surgeon, yearsExperience: '30+' },
      support: { ...own.support, phoneHours: example.support.phoneHours },
    };
    expect(exampleDetails(real, example)).toEqual([]);
    expect(withoutExamples(real, example).surgeon.yearsExperience).toBe('30+');
  });
});

describe('a live site', () => {
  it('leaves out every example claim, credential, name but the patient’s, and contact', () => {
    const live = JSON.stringify(withoutExamples(example, example));
    for (const shown of [
      '30+',
      '1000s',
      'Vasquez-Thorne',
      'consultation fee',
      'Urgent:',
      '100% of donations',
      'Leah Harrow',
      'leah@example.org',
      'support@example.org',
      '(555)',
      'Mon-Fri',
      'hcStory2025',
      'healingcircle.example',
      'depends on the family confirming payment',
    ])
      expect(live, shown).not.toContain(shown);
  });

  it('keeps a replaced detail beside an example one: her own surgeon and his figures, without the example biography', () => {
    const partly = { ...example, surgeon: { ...example.surgeon, name: 'Dr. Jo Park', yearsExperience: '12' } };
    const live = withoutExamples(partly, example);
    expect(live.surgeon).toMatchObject({ name: 'Dr. Jo Park', yearsExperience: '12', livesChanged: '1000s' });
    expect(live.surgeon.bio).toEqual([]);
  });
});
