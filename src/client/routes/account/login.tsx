/**
 * /login: email and password, then the authenticator code for accounts with two-step sign-in; or a passkey, from
 * its button or from the email field's autofill. Afterwards back to the page that asked (a same-site path) or home.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoginSchema, type LoginInput } from '#shared/schemas/auth.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { login } from '#client/api/auth.ts';
import { passkeyAutofillSupported, PasskeyRefused, signInWithPasskey } from '#client/api/passkeys.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { AccountShell, safeReturnPath, ShellSubmit } from './account-layout.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';

/** The server's answer that this account also needs its second factor (a field error on `code`). */
const asksForCode = (error: unknown) => error instanceof ApiError && error.field === 'code';

/** The browser's ceremony was cancelled, timed out or given up for another (not the server's refusal). */
const ceremonyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

export default function LoginPage() {
  const [, navigate] = useLocation();
  const returnTo = safeReturnPath(new URLSearchParams(useSearch()).get('returnTo'));
  const refreshUser = useRefreshCurrentUser();
  // Shown once the server answers that this account also needs a code (two-step sign-in).
  const [askForCode, setAskForCode] = useState(false);
  // Each first ask moves focus to the code field once it is on the page (an effect runs after the render that
  // adds it; an animation frame could come first on a busy machine, and focus stayed on the button).
  const [codeFocusRequests, setCodeFocusRequests] = useState(0);
  const form = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      refreshUser(user);
      navigate(returnTo);
    },
    onError: (err) => {
      if (!asksForCode(err)) return;
      setAskForCode(true);
      // The first ask is not a mistake: the page just explains and waits for the code.
      if (form.getValues('code'))
        form.setError('code', { message: errorMessage(err, 'That code is not right.') }, { shouldFocus: true });
      else setCodeFocusRequests((n) => n + 1);
    },
  });
  useEffect(() => {
    if (codeFocusRequests > 0) form.setFocus('code');
  }, [codeFocusRequests, form]);
  const codeAsked = signIn.isError && asksForCode(signIn.error);

  const signedIn = (user: Awaited<ReturnType<typeof signInWithPasskey>>) => {
    refreshUser(user);
    navigate(returnTo);
  };
  // What went wrong with a passkey, from the button or the autofill; a cancelled ceremony says nothing.
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const passkeyFailed = (err: unknown) => {
    const error = err instanceof PasskeyRefused ? err.refusal : err;
    setPasskeyProblem(
      ceremonyCancelled(error) ? null : errorMessage(error, 'The passkey did not sign you in. Please try again.'),
    );
  };
  const withPasskey = useMutation({
    mutationFn: () => signInWithPasskey(),
    onMutate: () => setPasskeyProblem(null),
    onSuccess: signedIn,
    onError: passkeyFailed,
  });
  const onAutofillSignIn = useEffectEvent(signedIn);
  // From the autofill only the server's refusal of the passkey she picked is news: the browser's own failures (a
  // ceremony replaced by the button's, a page on an address passkeys cannot use) and a refused offer (too many
  // options asked from this address) happen before she chose anything, and are not hers to act on.
  const onAutofillFailed = useEffectEvent((err: unknown) => {
    if (err instanceof PasskeyRefused) passkeyFailed(err);
  });
  // Her saved passkeys are offered under the email field, where the browser can; picking one signs her in.
  useEffect(() => {
    let offered = true;
    void passkeyAutofillSupported().then((supported) => {
      if (supported && offered) signInWithPasskey(true).then(onAutofillSignIn, onAutofillFailed);
    });
    return () => {
      offered = false;
    };
  }, []);

  const { field } = bindFields(form);
  return (
    <AccountShell
      title="Sign In or Join"
      description="Welcome back: sign in to your account. New here? Join the community, it takes a minute."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((input) => {
          signIn.reset();
          signIn.mutate(input);
        })}
      >
        {signIn.isError && !codeAsked && (
          <FormAlert>{errorMessage(signIn.error, 'Sign-in failed. Please try again.')}</FormAlert>
        )}
        {passkeyProblem && <FormAlert>{passkeyProblem}</FormAlert>}
        {/* "webauthn" lets the browser list her passkeys for this site under the field (conditional UI). */}
        <TextField label="Email" type="email" autoComplete="username webauthn" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        {askForCode && (
          <TextField
            label="Authentication code"
            hint="Two-step sign-in is on for this account: enter the 6-digit code from your authenticator app, or one of your recovery codes."
            inputMode="text"
            autoComplete="one-time-code"
            spellCheck={false}
            {...field('code')}
          />
        )}
        <div className="text-right text-sm">
          <Link href="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        </div>
        <ShellSubmit pending={signIn.isPending} pendingLabel="Signing in...">
          Sign In
        </ShellSubmit>
      </form>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        disabled={withPasskey.isPending}
        onClick={() => withPasskey.mutate()}
      >
        {withPasskey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {/* Join Community leads here (the spec's /api/login): joining is offered as plainly as signing in. */}
      <div className="mt-6 border-t border-brand-100 pt-6 text-center">
        <p className="text-slate-700">New here?</p>
        <Link
          href={returnTo === '/' ? '/get-started' : `/get-started?returnTo=${encodeURIComponent(returnTo)}`}
          className={buttonClass('secondary', 'md', 'mt-3 w-full')}
        >
          Join the community
        </Link>
      </div>
    </AccountShell>
  );
}
