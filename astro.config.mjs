// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import hydrateOnInteraction from './src/integrations/hydrate-on-interaction.mjs';
import appLifecycle from './src/integrations/app-lifecycle.mjs';
import pageModulesOnce from './src/integrations/page-modules-once.mjs';

// SITE_URL is the public origin used in feeds, canonical links and mails.
const site = process.env.SITE_URL || 'http://localhost:4321';

export default defineConfig({
	site,
	// DIST_DIR lets parallel work (and the benchmark) build into their own folders.
	outDir: process.env.DIST_DIR || './dist',
	output: 'static',
	// Whitespace collapses as HTML does, to one space: text beside a link on the next line keeps
	// its space ("Or explore Platforms and the Podcast"). Astro 7's default ('jsx') drops it.
	compressHTML: true,
	// Pages render whole before the first byte goes out: a page that fails while rendering (a
	// body too deep to render, a failing query) answers 500, never a 200 that ends in an error,
	// and the site generator keeps the last good copy. Our pages are small; streaming won little.
	adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
	// The app's start and stop (src/server/app/app.ts), for the production host and `astro dev`.
	integrations: [react(), hydrateOnInteraction(), appLifecycle(), pageModulesOnce()],
	// Origin checks for JSON endpoints live in our middleware (Astro's own check covers forms only).
	security: { checkOrigin: false },
	server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
	vite: {
		plugins: [tailwindcss()],
		// No script is inlined into a page, however small: the Content-Security-Policy allows
		// scripts from the site's files only (src/server/http/security-headers.ts).
		build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
		ssr: {
			external: [
				'better-sqlite3',
				'@node-rs/argon2',
				'isomorphic-dompurify',
				'nodemailer',
				'mjml',
				'html-to-text',
			],
			// Bundled into the server build: Node reads a package's package.json for every ES
			// module it loads from it, and drizzle-orm's is 179 KB, so loading its few hundred
			// modules one by one cost each process over a second of CPU at start.
			noExternal: ['drizzle-orm'],
		},
	},
});
