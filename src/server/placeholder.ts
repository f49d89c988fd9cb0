/**
 * The grey fallback image for platforms without a logo (GET /api/placeholder/60/40).
 * Only whole numbers reach the markup, so nothing user-typed is ever echoed into the SVG.
 */
export function placeholderSvg(width: number, height: number): string {
	const fontSize = Math.max(1, Math.round(Math.min(width / 5, height / 2.5)));
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
		`<rect width="${width}" height="${height}" fill="#e5e7eb"/>` +
		`<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" ` +
		`font-family="system-ui, -apple-system, sans-serif" font-size="${fontSize}" fill="#6b7280">` +
		`${width}\u00d7${height}</text></svg>`
	);
}
