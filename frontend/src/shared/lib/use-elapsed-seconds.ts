import { useEffect, useRef, useState } from 'react';

/** Whole seconds since the component mounted, ticking once a second while `running`. */
export function useElapsedSeconds(running = true): number {
  const startedAt = useRef<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    startedAt.current ??= Date.now();
    if (!running) return undefined;
    const started = startedAt.current;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}
