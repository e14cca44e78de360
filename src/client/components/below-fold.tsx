/**
 * A part of a page below the fold, its code loaded when the part comes near the screen. The page's HTML carries
 * it whole (the server loads every part's code before rendering); while the browser hydrates the page, React
 * leaves a part whose code is not here as the server sent it, and hydrates it when the code arrives. A part
 * rendered in the browser (after a navigation) loads its code at once.
 */
import { Suspense, use, useEffect, useId, useRef, useState, type ComponentType } from 'react';

const loaders = new Set<() => Promise<unknown>>();

/** Loads the code of every part the loaded pages have: the server renders them whole. */
export const loadBelowFoldParts = () => Promise.all([...loaders].map((load) => load()));

/** How far below the screen a part starts loading: half a screen's height, so it is usually ready when reached. */
const NEAR_SCREEN = '50% 0px';

export function belowFold(load: () => Promise<{ default: ComponentType }>, className: string): ComponentType {
  let Part: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () => (loading ??= load().then((m) => (Part = m.default)));
  loaders.add(start);
  let reveal!: () => void;
  const nearScreen = new Promise<void>((resolve) => (reveal = resolve)).then(start);

  function Code({ keepHtml }: { keepHtml: boolean }) {
    const Loaded = Part ?? use(keepHtml ? nearScreen : start());
    return <Loaded />;
  }

  return function BelowFold() {
    const id = useId();
    const ref = useRef<HTMLDivElement>(null);
    // The server's HTML of the part is in the document before React hydrates it (useId matches the server's):
    // kept until the part comes near the screen. Rendered in the browser, the part has none to keep.
    const [keepHtml] = useState(() => typeof document !== 'undefined' && document.getElementById(id) !== null);
    useEffect(() => {
      const element = ref.current;
      if (Part || !element) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          reveal();
        },
        { rootMargin: NEAR_SCREEN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);
    return (
      <div ref={ref} id={id} className={className}>
        <Suspense fallback={null}>
          <Code keepHtml={keepHtml} />
        </Suspense>
      </div>
    );
  };
}

/**
 * A part shown only for some records (a story's content note, a members-only preview): its code is its own chunk,
 * loaded when a page shows the part, so the pages that never do not carry it. The server loads it before rendering,
 * as every below-the-fold part; while the browser hydrates, React keeps the server's HTML until the code is here.
 */
export function rarelyShown<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let Part: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((m) => (Part = m.default)));
  loaders.add(start);
  function Code(props: P) {
    const Loaded = Part ?? use(start());
    return <Loaded {...props} />;
  }
  return function RarelyShown(props: P) {
    return (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    );
  };
}
