import { useId } from 'react';

/**
 * A shop's logo: its uploaded image, or the bundled default (assets/default-shop-logo.svg) drawn
 * inline. As an `<img>` the default built an isolated SVG document each time it showed (15–20 ms
 * per image on a slow phone, twice on the phone home). Kit-free; sized by `className`.
 */
export function ShopLogo({ src, alt, className }: { src: string | null | undefined; alt: string; className: string }) {
  const gradient = useId();
  if (src) return <img className={className} src={src} alt={alt} />;
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <svg className={className} viewBox="0 0 96 96" focusable="false" {...label}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#0958d9" />
        </linearGradient>
      </defs>
      <rect width="96" height="96" rx="20" fill={`url(#${gradient})`} />
      <path d="M22 38l6-14h40l6 14z" fill="#fff" />
      <path d="M22 38c0 5 4 8 8.7 8S39 43 39 38c0 5 4 8 8.7 8s8.6-3 8.6-8c0 5 4 8 8.7 8S74 43 74 38" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M27 48v22h42V48" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
      <rect x="42" y="56" width="12" height="14" rx="2" fill="#fff" />
    </svg>
  );
}
