/** What a list shows while it loads, and when it could not load (with a way to try again). */
import { errorMessage } from '#client/lib/api.ts';
import { Button } from './button.tsx';

export function ListLoading({ what }: { what: string }) {
  return (
    <p role="status" className="mt-4 text-slate-600">
      Loading the {what}…
    </p>
  );
}

export function ListLoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 text-sm text-red-900">
      <p>
        Could not load the {what}: {errorMessage(error, 'Please try again.')}
      </p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
