/** A team's or school's crest; `alt` is empty where the name is written beside it. */
export function Crest({ src, alt, size = 40 }: { src: string | null | undefined; alt: string; size?: number }) {
  if (!src) return null;
  return <img className="crest" src={src} alt={alt} width={size} height={size} loading="lazy" />;
}
