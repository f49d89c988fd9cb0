/**
 * The security headers of every answer, in one place for both ways the site runs: the Astro
 * middleware sets them on what the app renders (so `astro dev` answers with them too), and the
 * production host sets them on what it serves without Astro (build files, generated pages,
 * kept API answers).
 *
 * The Content-Security-Policy lets scripts come only from this origin, plus Astro's own inline
 * island bootstrap scripts, allowed by their SHA-256 hashes (computed from the installed Astro,
 * so an upgrade cannot silently break hydration), and our own `client:interaction` directive
 * (src/integrations/hydrate-on-interaction.mjs). No 'unsafe-eval', no plugins, no <base>
 * hijack, no framing. A Permissions-Policy turns off the browser features the site never uses.
 */
import { createHash } from 'node:crypto';
import { SECRET_URL_CACHE_CONTROL } from './cache-headers';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleScript from 'astro/runtime/client/idle.prebuilt.js';
import loadScript from 'astro/runtime/client/load.prebuilt.js';
import mediaScript from 'astro/runtime/client/media.prebuilt.js';
import onlyScript from 'astro/runtime/client/only.prebuilt.js';
import visibleScript from 'astro/runtime/client/visible.prebuilt.js';
import interactionScript from '@/integrations/interaction-directive.prebuilt';

const ISLAND_SCRIPTS = [
	islandScript,
	loadScript,
	idleScript,
	visibleScript,
	mediaScript,
	onlyScript,
	interactionScript,
];

export function scriptHash(text: string): string {
	return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The policy. `extraScriptSources` exists for development only: Vite's dev server injects inline
 * scripts of its own (see src/middleware.ts); production passes none.
 */
export function contentSecurityPolicy({
	https,
	extraScriptSources = [],
}: {
	https: boolean;
	extraScriptSources?: readonly string[];
}): string {
	const directives = [
		"default-src 'self'",
		`script-src 'self' ${[...ISLAND_SCRIPTS.map(scriptHash), ...extraScriptSources].join(' ')}`,
		// Inline styles cannot run code, and the pages need them: the server's HTML carries
		// style attributes of computed values (an avatar's colour, a rating bar's width, the
		// comparison's width), which no list of hashes can name ahead, and Astro's island style
		// tag; React and Radix set more at run time.
		"style-src 'self' 'unsafe-inline'",
		// Platform logos, article and podcast images may be hosted anywhere: editors enter their
		// URLs (http(s), see isImageUrl), so any https host is allowed, never plain http.
		"img-src 'self' data: https:",
		"font-src 'self'",
		"connect-src 'self'",
		"media-src 'self' https:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	];
	if (https) directives.push('upgrade-insecure-requests');
	return directives.join('; ');
}

/**
 * Browser features the site never uses, turned off for it and anything it embeds, so an
 * injected script cannot ask for them either; `browsing-topics` keeps readers out of Chrome's
 * interest-based advertising topics. Only features the browsers know: Chromium logs a console
 * warning on every page for a name it does not recognise (FLoC's `interest-cohort`, and
 * `bluetooth`, which it does not implement as a policy feature).
 */
export const PERMISSIONS_POLICY = [
	'accelerometer',
	'browsing-topics',
	'camera',
	'display-capture',
	'geolocation',
	'gyroscope',
	'hid',
	'magnetometer',
	'microphone',
	'midi',
	'payment',
	'serial',
	'usb',
]
	.map((feature) => `${feature}=()`)
	.join(', ');

/**
 * Pages whose URL carries a secret (a reset, verification, confirmation, preview or unsubscribe token),
 * with the Referrer-Policy that keeps it from leaking as a Referer to another site. The
 * unsubscribe page posts its own form, and under `no-referrer` browsers send such a form with
 * `Origin: null`, which the cross-site check refuses: `same-origin` sends no Referer off the site
 * and keeps the form's Origin.
 */
const TOKEN_PAGES: ReadonlyMap<string, string> = new Map([
	['/reset-password', 'no-referrer'],
	['/verify-email', 'no-referrer'],
	['/newsletter/confirm', 'no-referrer'],
	['/preview', 'no-referrer'],
	['/unsubscribe', 'same-origin'],
	['/unfollow', 'same-origin'],
]);

/**
 * The headers for an answer to `pathname`. `https` is whether the browser reached us over TLS
 * (directly, or through a trusted proxy saying so): only then is HSTS sent. A token page's
 * Cache-Control is among them, and overrides what the page would otherwise get.
 */
export function securityHeaders({
	pathname,
	https,
	csp,
}: {
	pathname: string;
	https: boolean;
	csp: string;
}): Record<string, string> {
	const tokenPageReferrer = TOKEN_PAGES.get(pathname.replace(/\/+$/, ''));
	const headers: Record<string, string> = {
		'Content-Security-Policy': csp,
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Permissions-Policy': PERMISSIONS_POLICY,
		'Referrer-Policy': tokenPageReferrer ?? 'strict-origin-when-cross-origin',
	};
	// Kept nowhere: see SECRET_URL_CACHE_CONTROL.
	if (tokenPageReferrer) headers['Cache-Control'] = SECRET_URL_CACHE_CONTROL;
	if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
	return headers;
}
