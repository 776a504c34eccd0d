import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import type { ResultsMap as ResultsMapImpl } from './results-map';
import styles from '../search.module.css';

// Leaflet and the map component are their own chunk (docs/performance.md): fetched once the map's box comes near the
// screen, never on the first load of a screen that opens without it.
const LeafletMap = lazy(() => import('./results-map').then((m) => ({ default: m.ResultsMap })));

type Props = ComponentProps<typeof ResultsMapImpl>;

/** The results map, loaded on demand; until then a box of the same height, so nothing moves when it arrives. */
export function ResultsMap(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the map loads at once; the server renders the box (decision 081).
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <div
      ref={box}
      className={styles.mapSkeleton}
      style={{ height: props.height ?? 480 }}
      role="region"
      aria-label={props.label}
      aria-busy="true"
    />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LeafletMap {...props} />
    </Suspense>
  );
}
