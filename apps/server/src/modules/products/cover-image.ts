/** Product cover images, drawn locally as SVG from the product's category and name (no image from the internet). */
const PALETTE: Record<string, [string, string]> = {
  appliance: ['#0ea5e9', '#0369a1'],
  clothing: ['#f472b6', '#be185d'],
  computer: ['#818cf8', '#4338ca'],
  phone: ['#34d399', '#047857'],
  beauty: ['#fb7185', '#9f1239'],
  books: ['#fbbf24', '#b45309'],
  food: ['#fb923c', '#c2410c'],
  sports: ['#a3e635', '#4d7c0f'],
};

const GLYPH: Record<string, string> = {
  appliance: '<rect x="70" y="60" width="100" height="120" rx="12" fill="none" stroke="#fff" stroke-width="8"/><circle cx="120" cy="130" r="28" fill="none" stroke="#fff" stroke-width="8"/><circle cx="95" cy="80" r="5" fill="#fff"/>',
  clothing: '<path d="M85 60 L60 80 L72 105 L85 98 L85 180 L155 180 L155 98 L168 105 L180 80 L155 60 Q120 85 85 60 Z" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>',
  computer: '<rect x="60" y="65" width="120" height="80" rx="8" fill="none" stroke="#fff" stroke-width="8"/><path d="M45 170 H195 L180 150 H60 Z" fill="#fff"/>',
  phone: '<rect x="88" y="50" width="64" height="130" rx="12" fill="none" stroke="#fff" stroke-width="8"/><circle cx="120" cy="163" r="6" fill="#fff"/>',
  beauty: '<rect x="100" y="95" width="40" height="85" rx="6" fill="none" stroke="#fff" stroke-width="8"/><path d="M106 95 V70 Q120 50 134 70 V95" fill="none" stroke="#fff" stroke-width="8"/>',
  books: '<path d="M60 70 Q90 58 120 72 Q150 58 180 70 V175 Q150 163 120 177 Q90 163 60 175 Z M120 72 V177" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>',
  food: '<circle cx="120" cy="125" r="55" fill="none" stroke="#fff" stroke-width="8"/><circle cx="120" cy="125" r="25" fill="#fff" opacity="0.8"/>',
  sports: '<circle cx="120" cy="120" r="60" fill="none" stroke="#fff" stroke-width="8"/><path d="M60 120 H180 M120 60 Q90 120 120 180 M120 60 Q150 120 120 180" fill="none" stroke="#fff" stroke-width="6"/>',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function coverSvg(category: string, name: string, seed: number): string {
  const [from, to] = PALETTE[category] ?? ['#94a3b8', '#334155'];
  const glyph = GLYPH[category] ?? '';
  const label = escapeXml(name.length > 22 ? `${name.slice(0, 21)}…` : name);
  const angle = (seed * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="240" height="240" fill="url(#g)"/>${glyph}
<rect y="198" width="240" height="42" fill="#000" opacity="0.25"/>
<text x="120" y="225" font-family="sans-serif" font-size="15" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
}
