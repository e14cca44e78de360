import { Link } from 'wouter';
import { buttonClass } from '#client/components/ui/button.tsx';

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-800">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">The page you were looking for does not exist or has moved.</p>
      <Link href="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        Back to the story
      </Link>
    </div>
  );
}
