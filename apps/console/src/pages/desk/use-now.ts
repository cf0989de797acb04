import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`: minutes in a phase move on with no change to read. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
