/**
 * The app served inside the test's own process, for `npm run test:quick` (TEST_HOST=in-process):
 * no build, no child process. A `node:http` server on 127.0.0.1 hands each request to Astro's own
 * request pipeline (`App` from `astro/app`, as the Node adapter's handler drives it in the built
 * server): the same route table Astro builds from src/pages, the app's middleware
 * (src/middleware.ts), then the matching route module. Vitest's Vite compiles the modules from
 * source. The app starts and stops as under the production host (startApp, stopApp), on the
 * database the test gave it.
 *
 * What it leaves out is the production host's own work (src/server/host/): generated pages, the
 * shared API answer cache, compression, static files, the headers and refusals it adds around
 * Astro, its body limit, probes, metrics and signals. Pages (`.astro` routes) are not rendered:
 * they answer 501, and addresses no route matches answer a plain 404 where the build renders
 * the 404 page. Test files about any of that run in the full suite only (vitest.quick.config.ts
 * lists the files that run here).
 *
 * The app reads its settings once per process, at first use: one server per test file (vitest
 * runs each file in a process of its own), started before anything asks for the settings.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DestinationStream } from 'pino';
import { db as appDatabase, schemaOf } from '@/server/db';
import {
	checkServerLogs,
	editorCookie,
	type SiteStatus,
	type StartOptions,
	type TestEngine,
	type TestServer,
} from './server';
import { oncePerRun } from './once-per-run';
import { templatesDir } from './templates';
import type { RouteData, SSRManifest } from 'astro';
import { App, deserializeManifest, deserializeRouteData, serializeRouteData } from 'astro/app';
import { createRequestFromNodeRequest, getAbortControllerCleanup, writeResponse } from 'astro/app/node';

/** The Node adapter's default, which astro.config.mjs keeps (the host caps bodies itself). */
const BODY_SIZE_LIMIT = 1024 * 1024 * 1024;

export type InProcessHost = {
	url: string;
	logs: () => string;
	stop: () => Promise<void>;
};

let startedOnce = false;

/** Astro's own modules that its package does not export: the route table is built from them. */
type RoutesList = { routes: RouteData[] };
type AstroRouting = {
	resolveConfig(inline: Record<string, unknown>, command: 'build'): Promise<{ astroConfig: unknown }>;
	createSettings(config: unknown, logLevel: string, cwd: string): Promise<{ buildOutput?: string }>;
	createRoutesList(params: { settings: unknown }, logger: unknown): Promise<RoutesList>;
	createNodeLogger(): unknown;
};

async function astroInternals(): Promise<AstroRouting> {
	const dist = resolve('node_modules/astro/dist');
	const load = (file: string) => import(/* @vite-ignore */ pathToFileURL(resolve(dist, file)).href);
	const [config, settings, routing, logger] = await Promise.all([
		load('core/config/config.js'),
		load('core/config/settings.js'),
		load('core/routing/create-manifest.js'),
		load('core/logger/impls/node.js'),
	]);
	return {
		resolveConfig: config.resolveConfig,
		createSettings: settings.createSettings,
		createRoutesList: routing.createRoutesList,
		createNodeLogger: () => logger.createNodeLoggerFromFlags({ logLevel: 'error' }),
	};
}

/**
 * The routes `astro build` makes from src/pages, in its order of precedence, through Astro's
 * own route list (the settings that shape it, base, trailingSlash and build.format, are the
 * defaults astro.config.mjs keeps). Made once per run, as the build's manifest carries them.
 */
async function routesFromPages(root: string): Promise<RouteData[]> {
	const serialized = await oncePerRun(templatesDir(), 'astro-routes', async () => {
		const astro = await astroInternals();
		const { astroConfig } = await astro.resolveConfig(
			{ root, configFile: false, logLevel: 'error' },
			'build',
		);
		const settings = await astro.createSettings(astroConfig, 'error', root);
		// The build has on-demand routes, so its output is a server's.
		settings.buildOutput = 'server';
		const { routes } = await astro.createRoutesList({ settings }, astro.createNodeLogger());
		return routes.map((route) => serializeRouteData(route, 'ignore'));
	});
	return serialized.map(deserializeRouteData);
}

/** The route modules, compiled by Vitest's Vite on first use. */
const routeModules = import.meta.glob<Record<string, unknown>>('/src/pages/**/*.ts');

async function createApp(root: string): Promise<App> {
	const routes = (await routesFromPages(root)).filter((route) => route.component.startsWith('src/pages/'));
	const pageMap = new Map(
		routes
			.filter((route) => route.component.endsWith('.ts'))
			.map((route) => {
				const load = routeModules[`/${route.component}`];
				if (!load) throw new Error(`No module for ${route.component}`);
				return [route.component, async () => ({ page: load })] as const;
			}),
	);
	const rootUrl = pathToFileURL(`${root}/`);
	const manifest = deserializeManifest(
		{
			rootDir: rootUrl.href,
			srcDir: new URL('src/', rootUrl).href,
			publicDir: new URL('public/', rootUrl).href,
			outDir: new URL('dist/', rootUrl).href,
			cacheDir: new URL('node_modules/.astro/', rootUrl).href,
			buildClientDir: new URL('dist/client/', rootUrl).href,
			buildServerDir: new URL('dist/server/', rootUrl).href,
			adapterName: '@astrojs/node',
			assetsDir: '_astro',
			routes: [],
			serverLike: true,
			middlewareMode: 'classic',
			base: '/',
			trailingSlash: 'ignore',
			buildFormat: 'directory',
			compressHTML: true,
			componentMetadata: [],
			renderers: [],
			clientDirectives: [],
			entryModules: {},
			inlinedScripts: [],
			assets: [],
			checkOrigin: false,
			actionBodySizeLimit: 1024 * 1024,
			serverIslandBodySizeLimit: 1024 * 1024,
			allowedDomains: [],
			key: randomBytes(32).toString('base64'),
			image: {},
			devToolbar: { enabled: false, debugInfoOutput: '' },
			logLevel: 'error',
			shouldInjectCspMetaTags: false,
		} as never,
		{ routes },
	) as SSRManifest;
	Object.assign(manifest, {
		pageMap,
		middleware: () => import('@/middleware'),
	});
	return new App(manifest, false);
}

/** Answers one request as the Node adapter's handler does, pages excepted (see the top). */
async function answer(app: App, req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
	const request = createRequestFromNodeRequest(req, {
		allowedDomains: [],
		bodySizeLimit: BODY_SIZE_LIMIT,
		port,
	});
	const routeData = app.match(request, true);
	// Answered here, not by writeResponse: the request's hold on its socket goes now.
	if (!routeData || routeData.type === 'page') getAbortControllerCleanup(req)?.();
	if (!routeData) {
		res.writeHead(404, { 'content-type': 'text/plain' });
		res.end('Not found (the in-process host renders no 404 page).');
		return;
	}
	if (routeData.type === 'page') {
		res.writeHead(501, { 'content-type': 'text/plain' });
		res.end(`${routeData.route} is a page: pages render in the full suite (npm test), not in-process.`);
		return;
	}
	await writeResponse(await app.render(request, { addCookieHeader: true, routeData }), res);
}

/**
 * Starts the app in this process with `env` as its settings (SITE_URL is the server's own
 * address) and serves it on a free port of 127.0.0.1.
 */
export async function startInProcessHost(env: Record<string, string>): Promise<InProcessHost> {
	if (startedOnce) {
		throw new Error('One in-process server per test file: the app reads its settings once per process.');
	}
	startedOnce = true;
	let output = '';
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as AddressInfo;
	const url = `http://127.0.0.1:${port}`;
	// The app's settings, set before it first reads them.
	Object.assign(process.env, { HOST: '127.0.0.1', PORT: String(port), SITE_URL: url, ...env });
	const { config } = await import('@/server/runtime/config');
	if (config().siteUrl.origin !== url) {
		throw new Error('The app read its settings before the in-process server set them.');
	}
	// The app's log lines are kept for the test (logs(), and the leak check at the stop).
	const { adoptLogState } = await import('@/server/runtime/log');
	const capture: DestinationStream = {
		write(line: string) {
			output += line;
		},
	};
	adoptLogState({ output: capture });
	const { runInRequest } = await import('@/server/runtime/request-context');
	const lifecycle = await import('@/server/app/app');
	const app = await createApp(process.cwd());
	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		runInRequest(randomUUID(), () => {
			answer(app, req, res, port).catch((error: unknown) => {
				output += `${JSON.stringify({ level: 'error', msg: String((error as Error)?.stack ?? error) })}\n`;
				if (res.headersSent) res.destroy();
				else {
					res.writeHead(500, { 'content-type': 'text/plain' });
					res.end('Internal Server Error');
				}
			});
		});
	});
	await lifecycle.startApp();
	return {
		url,
		logs: () => output,
		async stop() {
			server.closeAllConnections();
			await new Promise<void>((done) => server.close(() => done()));
			await lifecycle.stopApp();
		},
	};
}

/** What startServer made before the server itself: its folder and database. */
export type ServerGround = {
	dir: string;
	engine: TestEngine;
	dbPath: string | undefined;
	outboxDir: string;
	databaseEnv: Record<string, string>;
	closeDatabase: () => Promise<void>;
};

function notInProcess(what: string): never {
	throw new Error(`${what} needs the production host: this test belongs to the full suite (npm test).`);
}

/** startServer's answer under TEST_HOST=in-process: the same TestServer, served in this process. */
export async function startInProcessServer(options: StartOptions, ground: ServerGround): Promise<TestServer> {
	if (ground.engine !== 'sqlite') throw new Error('The in-process server runs on SQLite only.');
	const host = await startInProcessHost({
		...ground.databaseEnv,
		OUTBOX_DIR: ground.outboxDir,
		MEDIA_DIR: join(ground.dir, 'media'),
		SITE_DIR: join(ground.dir, 'site'),
		SMTP_URL: '',
		// No pages are generated in-process (there is no page renderer without the host).
		SITE_GENERATE_ON_START: '0',
		...options.env,
	});
	// The test reads and writes through the app's own connection. A second one would deadlock in
	// one process: the app holds SQLite's write lock across awaits (an open transaction), and a
	// write on the other connection waits for it synchronously, so the app never gets to commit.
	await ground.closeDatabase();
	const db = appDatabase();
	let operator: string | undefined;
	return {
		url: host.url,
		dir: ground.dir,
		// The server is this process.
		pid: process.pid,
		engine: ground.engine,
		dbPath: ground.dbPath,
		outboxDir: ground.outboxDir,
		db,
		tables: schemaOf(db),
		logs: host.logs,
		metricsUrl: undefined,
		signal: () => notInProcess('A signal'),
		// No page generator runs in-process (the host's renderer is what it renders through), so
		// there is never anything to wait for: the status as it stands.
		async siteIdle() {
			operator ??= await editorCookie(db);
			const response = await fetch(`${host.url}/api/admin/site-build`, { headers: { cookie: operator } });
			return (await response.json()) as SiteStatus;
		},
		regenerate: () => notInProcess('Page generation'),
		async stop() {
			// stopApp() closes the database, the test's connection with it.
			await host.stop();
			rmSync(ground.dir, { recursive: true, force: true });
			checkServerLogs(host.logs());
		},
	};
}
