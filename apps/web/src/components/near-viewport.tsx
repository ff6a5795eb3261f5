import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback: ReactNode;
  /** How far from the viewport the children start to render, as an IntersectionObserver root margin. */
  margin?: string;
}

/**
 * Renders `children` once its place comes within `margin` of the viewport (one screen ahead by
 * default: time enough for a chunk to arrive while the student scrolls), `fallback` until then.
 * With every question on one page, the players and the rich text and code editors (the largest
 * code of the attempt screen) load as the student nears them, not all with the
 * first screen. Without IntersectionObserver (tests, old browsers) the children render at once.
 */
export function NearViewport({ children, fallback, margin = '100% 0px' }: Props) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place}>{fallback}</div>;
}
