/**
 * The Content-Security-Policy of every answer. Scripts may come only from this origin, plus
 * Astro's own inline island bootstrap scripts, allowed by their SHA-256 hashes (computed from
 * the installed Astro, so an upgrade cannot silently break hydration). No 'unsafe-eval', no
 * plugins, no <base> hijack, no framing.
 */
import { createHash } from 'node:crypto';

const ISLAND_SCRIPT_MODULES = [
	'astro/runtime/server/astro-island.prebuilt.js',
	'astro/runtime/client/load.prebuilt.js',
	'astro/runtime/client/idle.prebuilt.js',
	'astro/runtime/client/visible.prebuilt.js',
	'astro/runtime/client/media.prebuilt.js',
	'astro/runtime/client/only.prebuilt.js',
];

function sha256(text) {
	return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

async function islandScriptHashes() {
	const scripts = await Promise.all(ISLAND_SCRIPT_MODULES.map((name) => import(name)));
	return scripts.map((module) => sha256(module.default));
}

/** Builds the policy once at start. */
export async function contentSecurityPolicy({ https }) {
	const directives = [
		"default-src 'self'",
		`script-src 'self' ${(await islandScriptHashes()).join(' ')}`,
		// React and Radix set style attributes; inline styles cannot run code.
		"style-src 'self' 'unsafe-inline'",
		// Logos and article images may be hosted elsewhere (editors enter their URLs).
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
