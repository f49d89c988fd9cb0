/**
 * The HTML a platform's representative pastes into their site to show its rating badge: a link
 * to the platform's page around the badge image. Plain functions: safe in islands.
 */
import { platformBadgePath, platformPath } from '@/lib/public-paths';

/** Text safe inside an HTML attribute value in double quotes. */
function attribute(value: string): string {
	return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function badgeEmbedSnippet(origin: string, platform: { slug: string; name: string }): string {
	const page = `${origin}${platformPath(platform.slug)}`;
	const image = `${origin}${platformBadgePath(platform.slug)}`;
	const alt = `${platform.name} reviews on Retail Media Hub`;
	return `<a href="${attribute(page)}"><img src="${attribute(image)}" alt="${attribute(alt)}" height="64"></a>`;
}
