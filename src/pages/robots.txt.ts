/**
 * /robots.txt: everything public may be crawled except the API, the editors' screens (the
 * dashboard and /admin/platforms) and the password reset page (its URL carries a token). /auth and /profile may be crawled: their HTML is
 * the same for everyone and carries no personal data (see "Decisions worth knowing" in the README);
 * they are left out of the sitemap.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '@/components/content/structured-data';

export const prerender = false;

const PRIVATE_PATHS = [
	'/api/',
	'/admin/',
	'/editor-dashboard',
	'/reset-password',
	'/verify-email',
	'/profile/work-email',
	'/unsubscribe',
	'/unfollow',
	'/newsletter/confirm',
	'/preview',
];

export const GET: APIRoute = () => {
	const lines = [
		'User-agent: *',
		'Allow: /',
		...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
		'',
		`Sitemap: ${absoluteUrl('/sitemap.xml')}`,
		'',
	];
	return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
