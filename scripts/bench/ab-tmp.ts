// Temporary paired A/B of the old and new host (not committed).
import { existsSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { autocannon, startBareServer } from './load';
import { spawnTracked, killAllTracked } from './processes';

type Side = { name: string; url: string; pid: number; siteDir: string };
async function start(name: string, cwd: string, cmd: string[], port: number): Promise<Side> {
	const dir = `/tmp/ab/${name}`;
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: `${dir}/db.sqlite`, SITE_DIR: `${dir}/site`, OUTBOX_DIR: `${dir}/outbox`, SITE_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production' };
	const child = spawnTracked(cmd[0]!, cmd.slice(1), { cwd, env, cpu: 0, stdio: 'ignore' });
	const url = `http://127.0.0.1:${port}`;
	for (let i = 0; i < 600; i++) {
		await new Promise((r) => setTimeout(r, 500));
		if (existsSync(`${dir}/site/platforms/index.html`) && existsSync(`${dir}/site/news`)) {
			try { if ((await fetch(url + '/api/platforms')).ok) break; } catch {}
		}
	}
	await new Promise((r) => setTimeout(r, 8000));
	return { name, url, pid: child.pid!, siteDir: `${dir}/site` };
}
const oldSide = await start('old', '/work/wt/before', ['node', '--import', 'tsx', 'scripts/serve.ts'], 4601);
const newSide = await start('new', '/work/main', ['node', 'dist/host/serve.mjs'], 4602);
const news = await (await fetch(newSide.url + '/api/news?limit=1')).json();
const first = (news.articles ?? news.items ?? news)[0];
const articlePath = `/news/${first.slug ?? first.id}`;
console.log('article', articlePath);
const file = existsSync(join(newSide.siteDir, articlePath, 'index.html.br')) ? join(newSide.siteDir, articlePath, 'index.html.br') : join(newSide.siteDir, articlePath, 'index.html');
const bare = await startBareServer(file, 'text/html; charset=utf-8', file.endsWith('.br') ? 'br' : null);
const targets: [string, string][] = [['article', articlePath], ['listing', '/platforms'], ['api', '/api/platforms']];
for (let round = 0; round < 2; round++) {
	for (const [name, path] of targets) {
		for (const side of round % 2 ? [newSide, oldSide] : [oldSide, newSide]) {
			const y = await autocannon('bare', bare.origin, articlePath, { pid: bare.pid, duration: 6 });
			const f = await autocannon(name, side.url, path, { pid: side.pid, duration: 6 });
			console.log(`${round} ${name.padEnd(8)} ${side.name}: ${Math.round(f.requestsPerSecond)} req/s bare ${Math.round(y.requestsPerSecond)} ratio ${(f.requestsPerSecond / y.requestsPerSecond).toFixed(2)} cpu/req ${f.cpuUsPerRequest?.toFixed(0)}us non2xx ${f.non2xx}`);
		}
	}
}
await bare.stop();
killAllTracked();
process.exit(0);
