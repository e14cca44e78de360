/**
 * Where to write to the site, after "write to us": "at <the support email>", or, on a live site whose support
 * email is still the seed's example (left out, src/shared/example-content.ts), "through our contact form".
 */
import { Link } from 'wouter';
import { useCampaign } from '#client/lib/campaign-context.tsx';

export function SupportAddress() {
  const { email } = useCampaign().support;
  return email ? (
    <>
      at <a href={`mailto:${email}`}>{email}</a>
    </>
  ) : (
    <>
      through our <Link href="/contact">contact form</Link>
    </>
  );
}
