/**
 * A platform's rating badge (/platforms/{slug}/badge.svg), for vendors' own sites: its name,
 * its rating to one decimal and its review count, light or dark. Every text goes through
 * escapeXml, so a platform's name is only ever text in the SVG (no markup, no script).
 */
import { formatRating } from '@/lib/format';
import { escapeXml } from '@/server/content/feed-data';

export type BadgeTheme = 'light' | 'dark';

/** The longest name drawn; a longer one is cut with an ellipsis. */
const NAME_MAX = 40;
/** About the width of a character of 12 px sans-serif text. */
const CHAR_WIDTH = 7;

const COLOURS: Record<
	BadgeTheme,
	{ background: string; border: string; text: string; muted: string; star: string }
> = {
	light: { background: '#ffffff', border: '#d0d7de', text: '#1f2328', muted: '#57606a', star: '#b45309' },
	dark: { background: '#0d1117', border: '#30363d', text: '#f0f6fc', muted: '#9198a1', star: '#f59e0b' },
};

export function renderRatingBadge(
	platform: { name: string; rating: number; reviewCount: number },
	theme: BadgeTheme,
): string {
	const name = platform.name.length > NAME_MAX ? `${platform.name.slice(0, NAME_MAX - 1)}…` : platform.name;
	const rating = platform.reviewCount > 0 ? formatRating(platform.rating) : '–';
	const count = `${platform.reviewCount} ${platform.reviewCount === 1 ? 'review' : 'reviews'}`;
	const score = `★ ${rating} · ${count}`;
	const width = Math.max(
		160,
		Math.max(name.length, score.length, 'Rated on Retail Media Hub'.length) * CHAR_WIDTH + 24,
	);
	const colour = COLOURS[theme];
	const label = `${name}: rated ${rating} out of 5 from ${count} on Retail Media Hub`;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img" aria-label="${escapeXml(label)}">
<title>${escapeXml(label)}</title>
<rect x="0.5" y="0.5" width="${width - 1}" height="63" rx="6" fill="${colour.background}" stroke="${colour.border}"/>
<g font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="12">
<text x="12" y="20" fill="${colour.text}" font-weight="600">${escapeXml(name)}</text>
<text x="12" y="38" fill="${colour.star}">${escapeXml(score)}</text>
<text x="12" y="55" fill="${colour.muted}" font-size="10">Rated on Retail Media Hub</text>
</g>
</svg>
`;
}
