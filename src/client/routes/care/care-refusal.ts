/** How a care page says a write was refused: a toast with the server's words (or "Please try again."). */
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/components/ui/toast.ts';

export const toastRefusal = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
