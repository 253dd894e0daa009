/**
 * The site's mark, the drawing of public/favicon.svg and assets/site-logo.svg, drawn inline: it
 * paints with the HTML (index.html's boot spinner has the same markup), costs no request, and spares
 * the isolated SVG document an `<img>` of an SVG builds (20–90 ms each on a slow phone).
 * Kit-free: the boot spinner, both login pages and the desktop sidebar show it.
 */
export function SiteMark({ size }: { size: number }) {
  return (
    <svg className="site-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1677ff" />
      <path d="M16 24h32l-3 26H19z" fill="#fff" />
      <path d="M24 24a8 8 0 0 1 16 0" stroke="#fff" strokeWidth="4" fill="none" />
    </svg>
  );
}
