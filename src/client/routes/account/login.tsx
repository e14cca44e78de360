/** /login: email and password; afterwards back to the page that asked (a same-site path) or home. */
import { Link, useLocation, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoginSchema, type CurrentUser, type LoginInput } from '#shared/schemas/auth.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { AccountShell, linkClass, safeReturnPath } from './account-layout.tsx';

export default function LoginPage() {
  const [, navigate] = useLocation();
  const returnTo = safeReturnPath(new URLSearchParams(useSearch()).get('returnTo'));
  const refreshUser = useRefreshCurrentUser();
  const form = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const signIn = useMutation({
    mutationFn: (input: z.output<typeof LoginSchema>) => apiRequest<CurrentUser>('POST', '/api/auth/login', input),
    onSuccess: async (user) => {
      await refreshUser(user);
      navigate(returnTo);
    },
  });

  const errors = form.formState.errors;
  return (
    <AccountShell title="Sign In" description="Welcome back. Sign in to your account.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((input) => {
          signIn.reset();
          signIn.mutate(input);
        })}
      >
        {signIn.isError && <FormAlert>{errorMessage(signIn.error, 'Sign-in failed. Please try again.')}</FormAlert>}
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <div className="text-right text-sm">
          <Link href="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-slate-700">
        New here?{' '}
        <Link href="/get-started" className={linkClass}>
          Create an account
        </Link>
      </p>
    </AccountShell>
  );
}
