/**
 * Turnproof's mark (the drawing of favicon.svg), inline. As an `<img>` of the SVG file, the page's main thread
 * built an isolated document to draw it: a task of 50-120 ms on the bench's slowed phone, while the page loaded.
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
