/** Taking an inbox row out as no gift (a transfer of her own, a bill refunded), with the reason she gives. */
import { NotGiftSchema } from '#shared/schemas/payments.ts';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';

const NOT_GIFT_REASON = NotGiftSchema.pick({ reason: true });

export function NotGiftAction({
  paymentId,
  name,
  pending,
  onMark,
}: {
  paymentId: string;
  name: string;
  pending: boolean;
  /** Sends the reason; `done` closes the form once it is saved. */
  onMark: (reason: string, done: () => void) => void;
}) {
  return (
    <ReasonToggle
      label="Not a gift"
      accessibleName={`${name} is not a gift`}
      formId={`not-gift-${paymentId}`}
      reasonLabel="Why it is not a gift"
      max={500}
      schema={NOT_GIFT_REASON}
      submitLabel="Mark as not a gift"
      pendingLabel="Saving…"
      pending={pending}
      onSubmit={({ reason }, done) => onMark(reason, done)}
    />
  );
}
