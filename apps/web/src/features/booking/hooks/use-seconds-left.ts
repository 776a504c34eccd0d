import { useEffect, useState } from 'react';

/** Whole seconds until `until` (epoch ms), ticking down once a second; 0 when it has passed or is null. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    // Read the clock again for a new deadline, then once a second until it has passed.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
