import { useEffect, useState } from 'react';

/** The index of the item to show, moving on every `intervalMs` through `count` items (banners, stories). */
export function useRotation(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return index % Math.max(count, 1);
}
