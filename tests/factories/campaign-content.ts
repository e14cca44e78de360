/** Campaign content with the seed's examples replaced, as a site's organiser would in the campaign editor. */
import type { CampaignContent } from '../../src/shared/schemas/campaign.ts';

/** Every example detail of the seed (src/shared/example-content.ts) replaced by one of a real-looking campaign. */
export function withOwnDetails(seed: CampaignContent): CampaignContent {
  const own = JSON.parse(
    JSON.stringify(seed)
      .replaceAll('example.org', 'harrowfamily.net')
      .replaceAll(/-?example/gi, 'Harrow')
      .replace('+1 (555) 014-2380', '+1 (212) 867-5309'),
  ) as CampaignContent;
  return {
    ...own,
    name: "Ana's Surgery Fund",
    urgentBadge: 'Surgery on 3 March',
    headline: 'Help Ana get her excision surgery',
    intro: 'Ana has waited seven years for a diagnosis.',
    goalNote: 'The surgeon quoted this amount.',
    patient: { name: 'Ana', description: 'A nurse from Leeds.' },
    organiser: { name: 'Rosa Lind', email: 'rosa@lindfamily.net', description: "Ana's cousin." },
    video: { ...own.video, youtubeId: 'dQw4w9WgXcQ' },
    goal: { ...own.goal, cents: 1_234_500 },
    surgeon: {
      ...own.surgeon,
      name: 'Dr. Jo Park',
      title: 'Gynaecologist',
      yearsExperience: '12',
      livesChanged: '400+',
      bio: ['Dr. Park runs the endometriosis clinic at St. Mary’s.'],
      highlights: ['Excision surgery'],
    },
    whySurgery: { ...own.whySurgery, cards: own.whySurgery.cards.map((c) => ({ ...c, body: `${c.body} (Ana)` })) },
    journey: {
      ...own.journey,
      paragraphs: ['Ana first had pain at twelve.'],
      updates: [{ date: '2025-10-01', title: 'Surgery booked', paragraphs: ['The date is set.'] }],
    },
    costs: {
      ...own.costs,
      groups: own.costs.groups.map((g) => ({ ...g, amountCents: g.amountCents + 100 })),
      claim: 'Every dollar goes to the clinic.',
      consultationPaid: { ...own.costs.consultationPaid, note: 'We paid the first consultation ourselves.' },
    },
    timeIsCritical: { ...own.timeIsCritical, paragraphs: ['The clinic holds the date until February.'] },
    share: { postText: 'Help Ana', emailSubject: 'Ana needs surgery', emailBody: 'Please read about Ana:' },
    seo: {
      ...own.seo,
      title: 'Help Ana',
      description: 'Ana’s surgery fund',
      donateTitle: 'Give to Ana',
      donateDescription: 'Give to Ana’s surgery fund',
    },
    support: { email: 'help@lindfamily.net', phone: '+1 (212) 867-5309', phoneHours: 'Weekdays 9-5' },
  };
}
