/** Donor Agreement: what a gift is, how it is held and released, refunds and disputes. */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SupportAddress } from '#client/components/support-address.tsx';
import { PROCESSING_FEE_TEXT } from '#shared/constants.ts';
import { formatWholeDollars } from '#client/lib/format.ts';

const releaseStages = [
  {
    stage: 'Expense review',
    time: '3-5 business days',
    what: 'An admin checks that a submitted expense belongs to the surgery and recovery costs the campaign raised money for.',
  },
  {
    stage: 'Documentation',
    time: '5-10 business days',
    what: 'Invoices, receipts or statements from the hospital, surgeon, clinic or travel provider are collected and verified.',
  },
  {
    stage: 'Release',
    time: '1-3 business days',
    what: 'The approved amount is paid to the payee named on the verified expense, and the release is recorded.',
  },
] as const;

export default function DonorAgreementPage() {
  const content = useCampaign();
  const productName = content.product.name;
  const email = content.support.email;
  const patientName = content.patient.name;
  const organiserName = content.organiser.name;
  const goal = formatWholeDollars(content.goal.cents, content.goal.currency);
  const costGroups = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
    content.costs.groups.map((group) => group.label),
  );

  return (
    <StaticPage
      title="Donor Agreement"
      intro={
        <p>
          Thank you for considering a gift. This agreement explains what a donation to this campaign, &ldquo;
          {content.name}&rdquo;, on {productName} pays for, how the money is held and released, and what you can do if
          something goes wrong.
        </p>
      }
    >
      <Section title="Fundraising Disclaimer">
        <ul>
          <li>
            Donations are voluntary gifts toward {patientName}&rsquo;s endometriosis surgery and recovery costs.
            {/* Empty on a live site while it is still the seed's example (src/shared/example-content.ts). */}
            {organiserName && <> The campaign is organised by {organiserName}.</>}
          </li>
          <li>
            The goal of {goal} is the minimum expected cost of care. The final cost may be higher, for example if extra
            tests, a longer hospital stay or more follow-up care are needed.
          </li>
          <li>No goods or services are provided in exchange for your donation.</li>
          <li>
            Our nonprofit status is pending, so your donation may not be tax-deductible. Please ask a tax adviser if
            this matters to you.
          </li>
          <li>
            A donation supports the cost of care; it cannot guarantee a particular medical outcome or date of surgery.
          </li>
        </ul>
      </Section>

      <Section title="Where Your Money Goes">
        <p>
          100% of donations go to care. We take no admin fees. Payment processors do charge their own fees, typically{' '}
          {PROCESSING_FEE_TEXT} per transaction; the processor deducts this before the money reaches us, and the exact
          fee depends on the platform you choose.
        </p>
        <p>
          Donations pay only for the costs shown under &ldquo;{content.costs.title}&rdquo; on the{' '}
          <Link href="/">campaign page</Link>: {costGroups}.
        </p>
      </Section>

      <Section title="How Funds Are Held and Released">
        <p>
          We never hold card data: you pay through an outside payment platform, and the money it sends to the
          organisation is recorded against this campaign. Where we say funds are held &ldquo;in escrow&rdquo;, we mean
          this: money received is held with admin oversight and released only against verified expenses. It is never
          paid out as a lump sum.
        </p>
        <p>
          The person who submits an expense can never be the one who approves it, and we publish on the{' '}
          <Link href="/transparency">transparency page</Link> how much has been raised, held, released and refunded.
          Each expense goes through three stages:
        </p>
        <table className="w-full border-collapse text-left text-sm sm:text-base">
          <caption className="mb-2 text-left font-semibold text-ink">Typical time for each stage of a release</caption>
          <thead>
            <tr className="border-b border-brand-100">
              <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                Stage
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                Typical time
              </th>
              <th scope="col" className="py-2 font-semibold text-ink">
                What happens
              </th>
            </tr>
          </thead>
          <tbody>
            {releaseStages.map((row) => (
              <tr key={row.stage} className="border-b border-brand-100 align-top">
                <th scope="row" className="py-2 pr-4 font-semibold text-ink">
                  {row.stage}
                </th>
                <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{row.time}</td>
                <td className="py-2 text-slate-700">{row.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>These times are typical, not guaranteed; a provider that is slow to send documents can delay a release.</p>
      </Section>

      <Section title="Surplus Funds">
        <p>
          If money remains after all verified surgery and recovery costs are paid, it stays held under the same rules
          and is used only for follow-up care related to the same condition, such as post-operative appointments,
          imaging or further treatment for endometriosis. If it is not needed for that, we will state on the campaign
          page how the remainder will be handled, either returned to donors who ask or redirected to another
          patient&rsquo;s verified medical costs, before any of it is released.
        </p>
      </Section>

      <Section title="Refunds and Disputes">
        <ul>
          <li>
            You may request a refund with the <Link href="/refund-request">refund request form</Link> or by contacting
            our support team <SupportAddress />. We can return money that has not yet been released against a verified
            expense. Refunds are sent back through the platform you used wherever possible; that platform&rsquo;s own
            fees may not be returned.
          </li>
          <li>
            If you believe a donation was recorded wrongly or used in a way this agreement does not allow, tell us. We
            review disputes and give you an answer within up to 10 business days.
          </li>
          <li>Urgent donor support requests, such as a payment made in error, are answered within 48 hours.</li>
          <li>
            Gifts made through the outside crowdfunding page are also covered by that platform&rsquo;s own refund rules.
          </li>
        </ul>
      </Section>

      <Section title="Contact">
        <p>
          Questions about your donation or this agreement? Write to us <SupportAddress />
          {email && (
            <>
              {' '}
              or use our <Link href="/contact">contact form</Link>
            </>
          )}
          . See also our <Link href="/terms-of-service">Terms of Service</Link> and{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
      </Section>
    </StaticPage>
  );
}
