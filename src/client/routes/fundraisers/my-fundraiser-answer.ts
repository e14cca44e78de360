/** Her fundraiser as the page holds it: each write's answer replaces it (the live page's sections share this). */
import { useQueryClient } from '@tanstack/react-query';
import { MY_FUNDRAISER_KEY, type MyFundraiserAnswer } from '#client/api/my-fundraiser.ts';

/** Puts the server's answer in the page's query. */
export function useSaveAnswer() {
  const queryClient = useQueryClient();
  return (answer: MyFundraiserAnswer) => queryClient.setQueryData(MY_FUNDRAISER_KEY, answer);
}
