/**
 * The fallback image for platforms without a logo (GET /api/placeholder/60/40): a neutral tile,
 * a soft grey box with a small storefront mark in its middle, so a missing logo reads as "no
 * logo yet" rather than as a developer's size label. Only whole numbers reach the markup, so
 * nothing user-typed is ever echoed into the SVG.
 */
export function placeholderSvg(width: number, height: number): string {
	// The mark is drawn on a 24-unit grid and scaled to half the shorter side, centred.
	const size = Math.min(width, height) / 2;
	const scale = size / 24;
	const x = (width - size) / 2;
	const y = (height - size) / 2;
	const radius = Math.min(width, height) / 8;
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
		`<rect width="${width}" height="${height}" rx="${radius}" fill="#f3f4f6"/>` +
		`<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="#9ca3af" stroke-width="1.5" ` +
		`stroke-linecap="round" stroke-linejoin="round">` +
		`<path d="M3 9l1.5-5h15L21 9"/><path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z"/>` +
		`<path d="M5 13v7h14v-7"/><path d="M10 20v-4h4v4"/></g></svg>`
	);
}
