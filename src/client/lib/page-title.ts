/**
 * A page that names itself after its record (a story): its title wins over the page table's, whichever of the
 * two is set last (the table's head tags load on a navigation, maybe after the record).
 */
import { useEffect } from 'react';

let current: { pathname: string; title: string } | undefined;

export function usePageTitle(title: string): void {
  useEffect(() => {
    const own = { pathname: window.location.pathname, title };
    current = own;
    document.title = title;
    return () => {
      if (current === own) current = undefined;
    };
  }, [title]);
}

/** The title the page at `pathname` gave itself, if it is the page showing. */
export const pageTitleOverride = (pathname: string) => (current?.pathname === pathname ? current.title : undefined);
