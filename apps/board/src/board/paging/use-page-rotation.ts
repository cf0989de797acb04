import { useEffect, useState } from 'react';

/**
 * The page on screen: 0 to `pages` − 1, moving on every `rotationSec`
 * seconds, back to the first after the last. One page: no timer at all.
 */
export function usePageRotation(pages: number, rotationSec: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % pages),
      Math.max(1, rotationSec) * 1000,
    );
    return () => clearInterval(timer);
  }, [pages, rotationSec]);
  return pages <= 1 ? 0 : index % pages;
}
