/** The ways to give the pages offer: on a live site, none whose details are still examples (null when hidden). */
import { useSite } from './campaign-context.tsx';

export function useGivingOptions() {
  const { content, hiddenGivingOptions: hidden } = useSite();
  return {
    paymentMethods: content.paymentMethods.filter((m) => !hidden?.paymentMethods.includes(m.name)),
    directTransfer: hidden?.directTransfer ? null : content.directTransfer,
    crowdfunding: hidden?.crowdfunding ? null : content.crowdfunding,
  };
}
