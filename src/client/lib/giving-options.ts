/** Kept out of the entry chunk: only the donate page and the crowdfunding link need it. */
import { isPlaceholder } from '#shared/placeholders.ts';
import { useSite } from './campaign-context.tsx';

/** The ways to give the pages offer: in production, none whose details are still examples (null when hidden). */
export function useGivingOptions() {
  const { content, hidePlaceholders } = useSite();
  const ready = (...values: string[]) => !hidePlaceholders || !values.some((v) => isPlaceholder(v));
  return {
    paymentMethods: content.paymentMethods.filter((m) => ready(m.link, m.description)),
    directTransfer: ready(content.directTransfer.email) ? content.directTransfer : null,
    crowdfunding: ready(content.crowdfunding.url) ? content.crowdfunding : null,
  };
}
