/**
 * The Podium mark. Decorative unless `label` is given. index.html's loading screen draws the same
 * mark inline, to paint before the scripts arrive; logo.test.tsx keeps the two alike.
 */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#0b2a6f" />
      <path d="M10 50h14V30H10zM25 50h14V18H25zM40 50h14V36H40z" fill="#ffc83d" />
      <path
        d="M32 8l2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.5-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z"
        fill="#fff"
      />
    </svg>
  );
}
