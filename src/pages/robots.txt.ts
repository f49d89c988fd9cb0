/** /robots.txt: everything public may be crawled except the API and account-only pages. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../components/content/structured-data';

export const prerender = false;

const PRIVATE_PATHS = ['/api/', '/editor-dashboard', '/profile', '/auth', '/reset-password'];

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
