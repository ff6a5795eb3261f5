import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place is within two screens of the viewport, `fallback` until then.
 * With every question on one page, the rich text and code editors (the largest code of the attempt
 * screen, issue 15 point 7) load when the student nears them, not all with the first screen.
 * Without IntersectionObserver (tests, old browsers) the children render at once.
 */
export function NearViewport({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
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
      { rootMargin: '200% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place}>{fallback}</div>;
}
