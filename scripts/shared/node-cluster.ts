/**
 * Several app nodes on one PostgreSQL database behind nginx, as the README's deployment recipe
 * runs them: each node is `dist/host/serve.mjs` (migrate, seed, serve) with the same
 * DATABASE_URL and TRUSTED_PROXIES naming nginx's address, and nginx runs the repository's own deploy/nginx.conf with
 * only its addresses, ports and file locations changed for the test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

const NGINX_CONFIG = resolve('deploy/nginx.conf');

export type AppNode = {
	name: string;
	url: string;
	port: number;
	process: ChildProcess;
	logs: () => string;
};

export type NodeOptions = {
	/** The build to serve (default: DIST_DIR, else dist). */
	distDir?: string;
	/** Settings added to (or overriding) the node's environment. */
	env?: Record<string, string>;
	/** The port to listen on (a node restarted in place); default: a free one. */
	port?: number;
};

/** Starts one node; resolves when its /readyz answers 200 (database reachable and migrated). */
export async function startNode(
	name: string,
	databaseUrl: string,
	siteUrl: string,
	dir: string,
	options: NodeOptions = {},
): Promise<AppNode> {
	const distDir = resolve(options.distDir ?? (process.env.DIST_DIR || 'dist'));
	const port = options.port ?? (await freePort());
	const url = `http://127.0.0.1:${port}`;
	let output = '';
	const { DATABASE_PATH: _sqliteFile, ...inherited } = process.env;
	const child = spawn(process.execPath, [join(distDir, 'host/serve.mjs')], {
		env: {
			...inherited,
			HOST: '127.0.0.1',
			PORT: String(port),
			DATABASE_URL: databaseUrl,
			SITE_URL: siteUrl,
			// nginx reaches the nodes from 127.0.0.1 (and so do the tests that play nginx).
			TRUSTED_PROXIES: '127.0.0.1',
			SITE_DIR: join(dir, name, 'site'),
			OUTBOX_DIR: join(dir, name, 'outbox'),
			MEDIA_DIR: join(dir, name, 'media'),
			// Cached API answers are kept for an hour, so only a change announced by another node
			// can make a node answer anew (no expiry hides a missing announcement).
			API_CACHE_TTL_MS: String(60 * 60 * 1000),
			SMTP_URL: '',
			NODE_ENV: 'production',
			DIST_DIR: distDir,
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	const node: AppNode = { name, url, port, process: child, logs: () => output };
	const deadline = Date.now() + 90_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
		try {
			if ((await fetch(`${url}/readyz`)).status === 200) return node;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) throw new Error(`${name} did not become ready:\n${output}`);
		await new Promise((done) => setTimeout(done, 100));
	}
}

/** Kills a node at once (SIGKILL: no graceful shutdown, as a crashed machine). */
export async function killNode(node: AppNode): Promise<void> {
	if (node.process.exitCode !== null || node.process.signalCode !== null) return;
	const exited = new Promise((done) => node.process.once('exit', done));
	node.process.kill('SIGKILL');
	await exited;
}

/** Stops a node gracefully (SIGTERM); resolves with its exit code. */
export async function stopNode(node: AppNode): Promise<number | null> {
	if (node.process.exitCode !== null || node.process.signalCode !== null) return node.process.exitCode;
	const exited = new Promise<number | null>((done) => node.process.once('exit', (code) => done(code)));
	node.process.kill('SIGTERM');
	return exited;
}

function nginxBinary(): string {
	for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
		if (existsSync(candidate)) return candidate;
	}
	const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
	if (found) return found;
	throw new Error('nginx is missing for the several-nodes test: apt-get install -y nginx');
}

/** Replaces text that must be in the repository's config, so a change to it fails loudly. */
function replaceRequired(text: string, pattern: RegExp, replacement: string): string {
	if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}`);
	return text.replace(pattern, replacement);
}

export type Nginx = {
	url: string;
	stop: () => Promise<void>;
	/** Its output and error log. */
	logs: () => string;
	/** Its access log, in the recipe's own format. */
	accessLog: () => string;
};

/** Runs deploy/nginx.conf in front of the given node URLs, on a free port, in its own folder. */
export async function startNginx(port: number, nodeUrls: string[]): Promise<Nginx> {
	const dir = mkdtempSync(join(tmpdir(), 'rmh-nginx-'));
	// Worker processes may run as another account (nobody) when the test runs as root: they
	// write proxy buffers to temp folders here.
	chmodSync(dir, 0o777);
	let config = readFileSync(NGINX_CONFIG, 'utf8');
	config = replaceRequired(config, /^pid .*;$/m, `pid ${dir}/nginx.pid;`);
	config = replaceRequired(config, /^error_log .*;$/m, `error_log ${dir}/error.log warn;`);
	config = replaceRequired(config, /^worker_processes .*;$/m, 'worker_processes 2;');
	config = replaceRequired(
		config,
		/access_log \S+ retail_media_hub;/,
		[
			`access_log ${dir}/access.log retail_media_hub;`,
			`client_body_temp_path ${dir}/client_body;`,
			`proxy_temp_path ${dir}/proxy;`,
			`fastcgi_temp_path ${dir}/fastcgi;`,
			`uwsgi_temp_path ${dir}/uwsgi;`,
			`scgi_temp_path ${dir}/scgi;`,
		].join('\n\t'),
	);
	config = replaceRequired(
		config,
		/(\t\tserver 127\.0\.0\.1:\d+ max_fails=2 fail_timeout=5s;\n)+/,
		nodeUrls.map((url) => `\t\tserver ${new URL(url).host} max_fails=2 fail_timeout=5s;\n`).join(''),
	);
	config = replaceRequired(config, /listen 80 default_server;/, `listen 127.0.0.1:${port} default_server;`);
	config = replaceRequired(config, /listen 80;/, `listen 127.0.0.1:${port};`);
	// The site's names: the address the nodes' SITE_URL names, and a second one as a www. would be
	// (the cache keeps one copy for both); any other Host gets 444.
	config = replaceRequired(
		config,
		/server_name retailmediahub\.example;/,
		'server_name 127.0.0.1 localhost;',
	);
	config = replaceRequired(config, /proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`);
	const file = join(dir, 'nginx.conf');
	writeFileSync(file, config);
	let output = '';
	const child = spawn(nginxBinary(), ['-p', dir, '-c', file, '-g', 'daemon off;'], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	const logs = () => {
		const errors = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
		return output + errors;
	};
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`nginx exited:\n${logs()}`);
		try {
			await fetch(`${url}/healthz`);
			break;
		} catch {
			if (Date.now() > deadline) throw new Error(`nginx did not start:\n${logs()}`);
			await new Promise((done) => setTimeout(done, 50));
		}
	}
	const accessLogFile = join(dir, 'access.log');
	return {
		url,
		logs,
		accessLog: () => (existsSync(accessLogFile) ? readFileSync(accessLogFile, 'utf8') : ''),
		async stop() {
			if (child.exitCode === null) {
				const exited = new Promise((done) => child.once('exit', done));
				child.kill('SIGTERM');
				await exited;
			}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
