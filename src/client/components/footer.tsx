import { Link } from 'wouter';
import { useCampaign } from '#client/lib/campaign-context.tsx';

const FOOTER_LINKS = [
  // Patients' own fundraisers, beside the main appeal the pages lead to.
  { href: '/fundraisers', label: 'Fundraisers' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/consumer-health-data-privacy', label: 'Consumer Health Data Privacy' },
  { href: '/medical-disclaimer', label: 'Medical Disclaimer' },
  { href: '/terms-of-service', label: 'Terms of Service' },
  { href: '/donor-agreement', label: 'Donor Agreement' },
  { href: '/contact', label: 'Contact' },
  { href: '/admin', label: 'Admin' },
] as const;

export function Footer() {
  const { product } = useCampaign();
  return (
    <footer className="mt-16 border-t border-brand-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {product.name}. {product.tagline}.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="underline-offset-4 hover:text-brand-800 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
