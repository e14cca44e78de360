/**
 * The seeded campaign (content/campaign.json) is an example: an invented patient, surgeon, organiser, story,
 * figures and contacts. A detail still equal to the example's, or still an example address, handle or 555 number
 * (placeholders.ts), is listed on the admin dashboard's "Not ready to take gifts" checklist until it is replaced,
 * and a live site (production) does not show it as fact: it leaves out each example claim, credential, name and
 * contact, and shows the example story itself (the patient's name, the texts, the goal and the cost figures, without
 * which there is no appeal) only under a notice that it is the example appeal.
 */
import { formatWholeDollars } from './money.ts';
import { placeholderDetails, type PlaceholderDetail } from './placeholders.ts';
import type { CampaignContent, CampaignUpdate } from './schemas/campaign.ts';

/** A seeded detail: where it is in the campaign editor, and how to read it. */
interface SeededDetail {
  field: string;
  read: (c: CampaignContent) => unknown;
  /** How a live site leaves it out; absent for the story and its figures (shown under the example notice). */
  leaveOut?: (c: CampaignContent) => void;
  /**
   * A short value a real campaign may share with the example ("30+", $15,000, "Mon-Fri, 9am-5pm ET") counts as the
   * example only while the detail this names is the example too.
   */
  given?: string;
}

const dollars = (cents: number | undefined) => (cents === undefined ? undefined : formatWholeDollars(cents));

const STORY = 'Introduction';
const SURGEON = 'Surgeon: name';
const PHONE = 'Support: phone';

/** In the campaign editor's order. */
const SEEDED: SeededDetail[] = [
  { field: 'Campaign name', read: (c) => c.name, given: STORY },
  {
    field: 'Urgent badge',
    read: (c) => c.urgentBadge,
    leaveOut: (c) => void (c.urgentBadge = ''),
    given: STORY,
  },
  { field: 'Headline', read: (c) => c.headline },
  { field: STORY, read: (c) => c.intro },
  { field: 'Note under the goal', read: (c) => c.goalNote, leaveOut: (c) => void (c.goalNote = '') },
  { field: 'The journey', read: (c) => c.journey.paragraphs },
  {
    field: 'Time is critical: paragraphs',
    read: (c) => c.timeIsCritical.paragraphs,
    leaveOut: (c) => void (c.timeIsCritical.paragraphs = []),
  },
  { field: 'Goal amount', read: (c) => dollars(c.goal.cents), given: STORY },
  { field: 'YouTube video id', read: (c) => c.video.youtubeId, leaveOut: (c) => void (c.video.youtubeId = '') },
  { field: 'Patient: name', read: (c) => c.patient.name, given: STORY },
  {
    field: 'Patient: description',
    read: (c) => c.patient.description,
    leaveOut: (c) => void (c.patient.description = ''),
  },
  { field: 'Organiser: name', read: (c) => c.organiser.name, leaveOut: (c) => void (c.organiser.name = '') },
  { field: 'Organiser: email', read: (c) => c.organiser.email, leaveOut: (c) => void (c.organiser.email = '') },
  {
    field: 'Organiser: description',
    read: (c) => c.organiser.description,
    leaveOut: (c) => void (c.organiser.description = ''),
  },
  { field: SURGEON, read: (c) => c.surgeon.name, leaveOut: (c) => void (c.surgeon.name = '') },
  {
    field: 'Surgeon: title',
    read: (c) => c.surgeon.title,
    leaveOut: (c) => void (c.surgeon.title = ''),
    given: SURGEON,
  },
  {
    field: 'Surgeon: years of experience',
    read: (c) => c.surgeon.yearsExperience,
    leaveOut: (c) => void (c.surgeon.yearsExperience = ''),
    given: SURGEON,
  },
  {
    field: 'Surgeon: lives changed',
    read: (c) => c.surgeon.livesChanged,
    leaveOut: (c) => void (c.surgeon.livesChanged = ''),
    given: SURGEON,
  },
  { field: 'Surgeon: biography', read: (c) => c.surgeon.bio, leaveOut: (c) => void (c.surgeon.bio = []) },
  {
    field: 'Surgeon: highlights',
    read: (c) => c.surgeon.highlights,
    leaveOut: (c) => void (c.surgeon.highlights = []),
    given: SURGEON,
  },
  {
    field: 'Why this surgery',
    read: (c) => c.whySurgery.cards.map((card) => `${card.title}: ${card.body}`),
    given: STORY,
  },
  ...[0, 1, 2, 3].map((i): SeededDetail => ({
    field: `Cost group ${i + 1}: amount`,
    read: (c) => dollars(c.costs.groups[i]?.amountCents),
    given: STORY,
  })),
  { field: 'Costs: promise to donors', read: (c) => c.costs.claim, leaveOut: (c) => void (c.costs.claim = '') },
  {
    field: 'Consultation paid: note',
    read: (c) => c.costs.consultationPaid.note,
    leaveOut: (c) => void (c.costs.consultationPaid.note = ''),
  },
  { field: 'Sharing: post text', read: (c) => c.share.postText },
  { field: 'Sharing: email', read: (c) => [c.share.emailSubject, c.share.emailBody] },
  {
    field: 'Search: descriptions',
    read: (c) => [c.seo.title, c.seo.description, c.seo.donateTitle, c.seo.donateDescription],
  },
  { field: 'Support: email', read: (c) => c.support.email, leaveOut: (c) => void (c.support.email = '') },
  { field: PHONE, read: (c) => c.support.phone, leaveOut: (c) => void (c.support.phone = '') },
  {
    field: 'Support: phone hours',
    read: (c) => c.support.phoneHours,
    leaveOut: (c) => void (c.support.phoneHours = ''),
    given: PHONE,
  },
];

/** Pattern-found examples (placeholders.ts) a live site leaves out here; the ways to give are left out by name. */
const LEAVE_OUT_PATTERNED: Record<string, (c: CampaignContent) => void> = {
  'Short video link': (c) => void (c.video.shortVideoUrl = ''),
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The seeded details of `content` still the example's (their `given` detail too, where they name one). */
function stillExample(content: CampaignContent, example: CampaignContent): SeededDetail[] {
  const same = (d: SeededDetail) => sameValue(d.read(content), d.read(example));
  const byField = new Map(SEEDED.map((d) => [d.field, d]));
  return SEEDED.filter((d) => same(d) && (!d.given || same(byField.get(d.given)!)));
}

/** How the checklist shows a value: its first words, on one line. */
function shown(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  const text = String(first ?? '').replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const sameUpdate = (a: CampaignUpdate, b: CampaignUpdate) => sameValue(a, b);

/** The example's dated updates still in the content, word for word. */
function exampleUpdates(content: CampaignContent, example: CampaignContent): CampaignUpdate[] {
  return content.journey.updates.filter((u) => example.journey.updates.some((e) => sameUpdate(u, e)));
}

/** Every detail of the campaign that is still an example, in the editor's order: the checklist. */
export function exampleDetails(content: CampaignContent, example: CampaignContent): PlaceholderDetail[] {
  const seeded = stillExample(content, example).map((d) => ({ field: d.field, value: shown(d.read(content)) }));
  const updates = exampleUpdates(content, example).map((u) => ({
    field: `Dated update of ${u.date}`,
    value: shown(u.title),
  }));
  const known = new Set(seeded.map((d) => d.field));
  // An example address or handle the seed did not have (say, typed into the editor) is listed too, once.
  const patterned = placeholderDetails(content).filter((d) => !known.has(d.field));
  return [...seeded, ...updates, ...patterned];
}

/** Whether the appeal's story (name, texts, figures) is still the example's: a live site says so above it. */
export function isExampleAppeal(content: CampaignContent, example: CampaignContent): boolean {
  return stillExample(content, example).some((d) => !d.leaveOut);
}

/**
 * The content as a live site shows it: every example claim, credential, name (but the patient's) and contact
 * emptied, and the example's dated updates removed. The pages leave out what is empty. The ways to give are left
 * out separately (hiddenGivingOptions), by name.
 */
export function withoutExamples(content: CampaignContent, example: CampaignContent): CampaignContent {
  const live = structuredClone(content);
  for (const d of stillExample(content, example)) d.leaveOut?.(live);
  for (const d of placeholderDetails(content)) {
    const seeded = SEEDED.find((s) => s.field === d.field);
    (seeded?.leaveOut ?? LEAVE_OUT_PATTERNED[d.field])?.(live);
  }
  const updates = exampleUpdates(content, example);
  live.journey.updates = live.journey.updates.filter((u) => !updates.some((e) => sameUpdate(u, e)));
  return live;
}
