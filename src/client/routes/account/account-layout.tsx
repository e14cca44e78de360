/** The frame shared by the account pages (sign-in, registration, password reset...), and the signed-in guard. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { Card } from '#client/components/ui/card.tsx';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { linkClass, pageTitleClass } from '#client/components/ui/text-classes.ts';

export function AccountShell({
  title,
  description,
  width = 'md',
  focusTitle = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  width?: 'md' | 'xl' | '3xl';
  /** Move focus to the heading when shown: for a view that replaces a form the visitor was in. */
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const max = { md: 'max-w-md', xl: 'max-w-xl', '3xl': 'max-w-3xl' }[width];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <div className={`mx-auto ${max} px-4 py-10 sm:py-14`}>
      <h1 ref={heading} tabIndex={focusTitle ? -1 : undefined} className={`${pageTitleClass} text-center outline-none`}>
        {title}
      </h1>
      {description && <p className="mt-3 text-center text-slate-700">{description}</p>}
      <Card className="mt-8">{children}</Card>
    </div>
  );
}

/** The full-width submit button of an account form, its label swapped while the request is on its way. */
export function ShellSubmit(props: { pending: boolean; pendingLabel: string; children: string }) {
  return <SubmitButton className="w-full" {...props} />;
}

/** The line under an account form that leads to the neighbouring page ("New here? Create an account"). */
export function ShellFooter({ prompt, href, children }: { prompt?: string; href: string; children: string }) {
  return (
    <p className="mt-6 text-center text-slate-700">
      {prompt && `${prompt} `}
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}

/** The signed-in user; signed-out visitors are sent to /login, to come back to `returnTo` afterwards. */
export function useRequiredUser(returnTo: string): { user: CurrentUser | null; isLoading: boolean } {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !user) navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
  }, [isLoading, user, navigate, returnTo]);
  return { user, isLoading };
}

export { safeReturnPath } from '#shared/return-path.ts';

/** The whole password rule, said once for the forms that set a password. */
export { PASSWORD_HINT } from '#shared/schemas/auth.ts';

/** Waits, e.g. the spec's short delay before a role is submitted. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
