/** For pages opened from a mailed link: sends its token once on arrival (a second post of a spent one would fail). */
import { useEffect, useRef } from 'react';

export function useSendOnce(token: string | null, send: (token: string) => void): void {
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    send(token);
  }, [token, send]);
}
