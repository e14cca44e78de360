/**
 * Two-step sign-in on /profile: set up an authenticator app (QR code or key, then a code to confirm),
 * keep the one-time recovery codes, make new ones, or turn it off. Admins need it for the admin pages.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { TwoFactorStatus } from '#shared/schemas/two-factor.ts';
import { errorMessage } from '#client/lib/api.ts';
import { withConfirmation } from '#client/api/passkeys.ts';
import { formatShortDate } from '#client/lib/format.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  twoFactorQuery,
} from '#client/api/user.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

/** Codes shown once, right after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
      role="region"
      aria-labelledby="recovery-title"
    >
      <h3 id="recovery-title" className="font-semibold text-ink">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-slate-800">
        Keep these somewhere safe, like a password manager. Each one signs you in once if you lose your phone. They will
        not be shown again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-ink" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-4" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </div>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: startTwoFactorSetup });
  const enable = useMutation({
    mutationFn: () => enableTwoFactor({ code: code.trim() }),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
  });

  if (!setup.data) {
    return (
      <>
        {setup.isError && (
          <FormAlert>{errorMessage(setup.error, 'Set-up could not start. Please try again.')}</FormAlert>
        )}
        <Button className="mt-4" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {setup.isPending ? 'Starting...' : 'Set up two-step sign-in'}
        </Button>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate();
  };
  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-800">
        <li>Open an authenticator app on your phone (for example 2FAS, Aegis, Google Authenticator or 1Password).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.data.qrCode}
        alt="QR code to add this account to your authenticator app"
        width={176}
        height={176}
        className="rounded border border-slate-200"
      />
      <p className="text-sm text-slate-800">
        Key:{' '}
        <code className="break-all rounded bg-slate-100 px-1 font-mono text-ink" data-testid="totp-secret">
          {setup.data.secret}
        </code>
      </p>
      <TextField
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={enable.isError ? errorMessage(enable.error, 'That code is not right.') : undefined}
      />
      <Button type="submit" disabled={enable.isPending}>
        {enable.isPending ? 'Checking...' : 'Turn on'}
      </Button>
    </form>
  );
}

function Manage({
  status,
  hasPassword,
  onNewCodes,
}: {
  status: TwoFactorStatus;
  hasPassword: boolean;
  onNewCodes: (codes: string[]) => void;
}) {
  const [password, setPassword] = useState('');
  const [action, setAction] = useState<'codes' | 'off' | null>(null);
  const run = useMutation({
    // Without a password, a passkey of hers confirms it is her.
    mutationFn: (which: 'codes' | 'off'): Promise<string[] | null> =>
      withConfirmation(hasPassword ? password : undefined, async (confirmed) => {
        if (which === 'codes') return (await replaceRecoveryCodes({ password: confirmed })).recoveryCodes;
        await disableTwoFactor({ password: confirmed });
        return null;
      }),
    onSuccess: (codes, which) => {
      setPassword('');
      if (which === 'codes' && codes) onNewCodes(codes);
      else toast({ title: 'Two-step sign-in turned off' });
    },
  });
  const submit = (which: 'codes' | 'off') => {
    setAction(which);
    run.mutate(which);
  };
  return (
    <>
      <p className="mt-2 text-slate-800">
        <strong>On</strong>
        {status.enabledAt && <> since {formatShortDate(status.enabledAt)}</>}. {status.recoveryCodesLeft} of your
        recovery codes are unused.
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit('codes');
        }}
      >
        {hasPassword ? (
          <TextField
            label="Your password"
            hint="Needed to make new recovery codes or to turn two-step sign-in off."
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={run.isError ? errorMessage(run.error, 'Please try again.') : undefined}
          />
        ) : (
          <p className="text-sm text-slate-700" role={run.isError ? 'alert' : undefined}>
            {run.isError
              ? errorMessage(run.error, 'Your passkey did not confirm it. Please try again.')
              : 'A passkey of yours confirms it is you before new recovery codes are made or two-step sign-in is turned off.'}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={run.isPending}>
            {run.isPending && action === 'codes' ? 'Making codes...' : 'Make new recovery codes'}
          </Button>
          <Button type="button" variant="destructive" disabled={run.isPending} onClick={() => submit('off')}>
            {run.isPending && action === 'off' ? 'Turning off...' : 'Turn off two-step sign-in'}
          </Button>
        </div>
      </form>
    </>
  );
}

export function TwoFactorSection({ user }: { user: CurrentUser }) {
  const status = useQuery(twoFactorQuery());
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  const showCodes = (codes: string[]) => {
    setFreshCodes(codes);
    toast({ title: 'Two-step sign-in is on', description: 'Save your recovery codes now.' });
  };

  let body;
  if (freshCodes) body = <RecoveryCodes codes={freshCodes} onDone={() => setFreshCodes(null)} />;
  else if (status.data?.enabled)
    body = <Manage status={status.data} hasPassword={user.hasPassword} onNewCodes={setFreshCodes} />;
  else if (status.data) body = <SetUp onEnabled={(codes) => void showCodes(codes)} />;
  else
    body = (
      <p className="mt-2 text-slate-700">
        {status.isError ? errorMessage(status.error, 'Could not load this setting.') : 'Loading…'}
      </p>
    );

  return (
    <Card aria-labelledby="two-step-title" id="two-step">
      <CardTitle id="two-step-title">Two-step sign-in</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        After your password, sign-in also asks for a code from an authenticator app on your phone, so a stolen password
        alone cannot open your account.
        {user.abilities.twoFactorRequired && (
          <strong className="font-semibold"> Administrators need it to use the admin pages.</strong>
        )}
      </p>
      {body}
    </Card>
  );
}
