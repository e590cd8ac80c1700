/**
 * A country flag (flag-icons artwork, served by the server at /flags/<code>.svg) by ISO 3166-1
 * alpha-2 code. Decorative: the country is always named in text beside it.
 */
export function Flag({ code, className }: { code: string; className?: string }) {
  return (
    <img
      src={`/flags/${code.toLowerCase()}.svg`}
      alt=""
      width={24}
      height={18}
      className={`flag ${className ?? ''}`}
      loading="lazy"
    />
  );
}
