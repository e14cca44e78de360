/** /forgot-password: ask for a reset link; then the 'Check Your Email' view. */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { RequestPasswordResetSchema, RESET_LINK_SENT } from '#shared/schemas/auth.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { requestPasswordReset } from '#client/api/auth.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { useHumanCheck } from '#client/lib/altcha.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { EmailField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AccountShell, ShellFooter, ShellSubmit } from './account-layout.tsx';

const EmailFormSchema = RequestPasswordResetSchema.pick({ email: true });
type EmailFormInput = z.input<typeof EmailFormSchema>;
type EmailFormOutput = z.output<typeof EmailFormSchema>;

const SENT_MESSAGE = RESET_LINK_SENT;

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver: zodResolver(EmailFormSchema),
    defaultValues: { email: '' },
  });
  const humanCheck = useHumanCheck();
  // Back from 'Check Your Email' with Try Another Email: put the visitor in the email field.
  const tryingAgain = useRef(false);
  useEffect(() => {
    if (sentTo === null && tryingAgain.current) {
      tryingAgain.current = false;
      form.setFocus('email');
    }
  }, [sentTo, form]);
  const request = useMutation({
    mutationFn: async ({ email }: EmailFormOutput) => requestPasswordReset({ email, altcha: await humanCheck() }),
    onSuccess: (answer, { email }) => {
      toast({ title: 'Reset Email Sent', description: answer.message || SENT_MESSAGE });
      setSentTo(email);
    },
    onError: (err) => {
      const description =
        err instanceof ApiError && err.status !== null
          ? errorMessage(err, 'Failed to send reset email')
          : 'Failed to send reset email. Please try again.';
      toast({ title: 'Request Failed', description, variant: 'destructive' });
    },
  });

  if (sentTo !== null) {
    return (
      <AccountShell title="Check Your Email" focusTitle>
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
          <p className="mt-4 text-slate-700">
            If an account exists for <strong className="break-all">{sentTo}</strong>, you'll receive a password reset
            link shortly.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Nothing arrived? Check your spam folder, or try another address.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              form.reset({ email: '' });
              request.reset();
              tryingAgain.current = true;
              setSentTo(null);
            }}
          >
            Try Another Email
          </Button>
          <Link href="/login" className={buttonClass('primary')}>
            Back to Login
          </Link>
        </div>
      </AccountShell>
    );
  }

  return (
    <AccountShell
      title="Forgot Password"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => request.mutate(input))}>
        <EmailField {...bindFields(form).field('email')} />
        <ShellSubmit pending={request.isPending} pendingLabel="Sending...">
          Send Reset Link
        </ShellSubmit>
      </form>
      <ShellFooter prompt="Remembered it?" href="/login">
        Back to Login
      </ShellFooter>
    </AccountShell>
  );
}
