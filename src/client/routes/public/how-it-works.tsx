/** How It Works: the three steps, what protects people, how doctors are verified. */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { CONTACT_RESPONSE_TIME } from '#shared/constants.ts';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';

const steps = [
  {
    title: 'Share Your Story',
    body:
      'Create a free account as a patient and write about your diagnosis, your treatment plan and what would help you most. ' +
      `An admin reviews every story before it is published, usually within 24-48 hours. ${HEALTH_ANSWERS_PRIVACY}`,
  },
  {
    title: 'Receive Support',
    body:
      'Once your story is approved, the community can read it, leave encouraging comments and follow your journey. ' +
      'Verified doctors can offer general professional perspective, and donors can give toward your documented care costs.',
  },
  {
    title: 'Access Care',
    body:
      'Money received is held with admin oversight and released only against verified medical expenses, such as surgery, ' +
      'pre-operative tests, post-operative care and necessary travel. Each release is recorded, so supporters can see where their gifts went.',
  },
] as const;

const benefits: { title: string; items: string[] }[] = [
  {
    title: 'Security',
    items: [
      'We never see or store card numbers: payments are handled by the payment platforms themselves.',
      'Passwords are stored only as secure hashes, and every connection is encrypted.',
      'Human verification on our forms is self-hosted, with no third-party scripts.',
      'No tracking or advertising cookies. Our visit counts are first-party and cookieless.',
    ],
  },
  {
    title: 'Financial protection',
    items: [
      'Funds are released only against verified expenses, never as a lump sum.',
      'The person who submits an expense can never be the one who approves it.',
      'A public summary shows how much has been raised, held, released and refunded.',
      'No admin fees are taken from donations; payment platforms charge only their own processing fees.',
    ],
  },
  {
    title: 'Community',
    items: [
      'A space built for women recovering from endometriosis and other health conditions.',
      'Doctors are marked as verified only after an admin has checked their license.',
      'Comments are moderated, and medical misinformation is removed.',
      HEALTH_ANSWERS_PRIVACY,
    ],
  },
  {
    title: 'Efficient process',
    items: [
      'Stories are reviewed by an admin, usually within 24-48 hours.',
      'Expenses move through clear, published steps from review to release.',
      'Notifications tell you when your story is approved or someone responds.',
      `Questions sent to our support team are answered within ${CONTACT_RESPONSE_TIME}.`,
    ],
  },
];

export default function HowItWorksPage() {
  const content = useCampaign();
  const productName = content.product.name;

  return (
    <StaticPage
      title="How It Works"
      intro={
        <p>
          {productName} brings together patients, doctors and donors so that women recovering from endometriosis and
          related conditions can get both practical and financial support. Here is how it works, step by step.
        </p>
      }
    >
      <section aria-labelledby="steps-heading" className="space-y-4">
        <h2 id="steps-heading" className="text-xl font-semibold text-ink">
          Three steps from story to care
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <Section title="Why people trust this platform">
        <div className="grid gap-6 sm:grid-cols-2">
          {benefits.map((group) => (
            <div key={group.title}>
              <h3 className="mb-2 text-lg font-semibold text-ink">{group.title}</h3>
              <ul>
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section title="Provider verification">
        <p>
          Anyone can register as a doctor, but nobody is shown as verified just by signing up. When a doctor joins, they
          give their specialty, medical license number and the board that issued it. An admin checks that license with
          the issuing authority before the doctor receives a &ldquo;Verified doctor&rdquo; badge.
        </p>
        <ul>
          <li>Only verified doctors are listed in the doctor directory.</li>
          <li>A doctor&rsquo;s replies are shown as professional support only once they are verified.</li>
          <li>License numbers are seen only by the doctor and the admins who check them; they are never published.</li>
          <li>If a license cannot be confirmed, the doctor is not marked as verified.</li>
        </ul>
        <p>
          Even a verified doctor&rsquo;s reply is general information, not a diagnosis or a treatment plan. Please read
          our <Link href="/medical-disclaimer">medical disclaimer</Link>.
        </p>
      </Section>

      <section aria-labelledby="get-involved-heading" className="space-y-3">
        <h2 id="get-involved-heading" className="text-xl font-semibold text-ink">
          Get involved
        </h2>
        <p className="leading-relaxed text-slate-700">
          Read the story behind this appeal, or give toward the surgery and recovery costs. Every gift is released only
          against verified medical expenses.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/"
            className="inline-flex items-center rounded-full border border-brand-700 bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Read the story
          </Link>
          <Link
            href="/donate"
            className="inline-flex items-center rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Donate
          </Link>
        </div>
      </section>
    </StaticPage>
  );
}
