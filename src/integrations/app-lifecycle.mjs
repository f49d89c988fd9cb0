/**
 * Makes the app's start and stop (src/server/app/app.ts: startApp, stopApp, appReady) reachable by
 * whatever runs the app, as the same module instances Astro's routes use:
 *
 * - `astro build`: the server build gets a second entry, emitted as <outDir>/server/app.mjs
 *   beside entry.mjs and sharing its chunks, so the production host (src/server/host/main.ts)
 *   imports it and reaches the one database, newsletter worker and relay the routes use.
 * - `astro dev`: once the dev server listens, the module is loaded through the ssr environment's
 *   module runner (the module graph Astro renders with) and started; it stops when the dev server
 *   closes (Vite closes its plugins on close, SIGTERM included).
 */
import { fileURLToPath } from 'node:url';
import { isRunnableDevEnvironment } from 'vite';

export const APP_MODULE = fileURLToPath(new URL('../server/app/app.ts', import.meta.url));
/** The entry's name in the server build: <outDir>/server/app.mjs. */
export const APP_ENTRY_NAME = 'app';

export default function appLifecycle() {
	/** @type {import('vite').ViteDevServer | undefined} */
	let devServer;
	/** @type {Promise<{ stopApp(): Promise<void> }> | undefined} */
	let devApp;
	/** @type {Promise<void> | undefined} */
	let devStopped;

	/** Stops the dev server's app once, whichever close hook asks first. */
	function stopDevApp() {
		devStopped ??= devApp ? devApp.then((app) => app.stopApp()) : Promise.resolve();
		return devStopped;
	}

	return {
		name: 'app-lifecycle',
		hooks: {
			'astro:config:setup': ({ command, updateConfig, logger }) => {
				if (command !== 'dev') return;
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'app-lifecycle:stop',
								apply: 'serve',
								async closeBundle() {
									try {
										await stopDevApp();
									} catch (error) {
										logger.error(
											`the app did not stop cleanly: ${error instanceof Error ? error.stack : error}`,
										);
									}
								},
							},
						],
					},
				});
			},
			'astro:build:setup': ({ vite }) => {
				vite.plugins ??= [];
				vite.plugins.push({
					name: 'app-lifecycle:entry',
					// One Vite config builds every environment (client, prerender, ssr); the app
					// belongs to the server build only, next to the adapter's entry.mjs.
					applyToEnvironment: (environment) => environment.name === 'ssr',
					// Astro's own plugins add their inputs (pages, entry.mjs) in this hook as well.
					options(options) {
						const { input } = options;
						if (input && typeof input === 'object' && !Array.isArray(input)) {
							return { ...options, input: { ...input, [APP_ENTRY_NAME]: APP_MODULE } };
						}
						// Rollup names an array's entries by their file name: app.
						return { ...options, input: [...[input ?? []].flat(), APP_MODULE] };
					},
				});
			},
			'astro:server:setup': ({ server }) => {
				devServer = server;
			},
			'astro:server:start': async ({ logger }) => {
				if (!devServer) return;
				const server = devServer;
				// The runner Astro renders routes with: Vite's ssrLoadModule would load a second
				// copy of the app beside the one the routes use.
				const ssr = server.environments.ssr;
				devApp = isRunnableDevEnvironment(ssr)
					? ssr.runner.import(APP_MODULE)
					: server.ssrLoadModule(APP_MODULE);
				try {
					const app = await devApp;
					await app.startApp();
					logger.info('app started (newsletter sender, change relay, page regeneration)');
				} catch (error) {
					logger.error(`the app did not start: ${error instanceof Error ? error.stack : error}`);
				}
			},
		},
	};
}
