import { it } from 'vitest';
import { startServer } from '../setup/server';

it('times', async () => {
	for (const seed of [true, false, true]) {
		let t = performance.now();
		const server = await startServer({ seed });
		console.log('startServer', seed, Math.round(performance.now() - t));
		t = performance.now();
		const s = await server.siteIdle();
		console.log('siteIdle', Math.round(performance.now() - t), s.lastStartedAt);
		const home = await (await fetch(server.url + '/', { headers: { 'accept-encoding': 'br' } }));
		console.log(home.status, home.headers.get('content-encoding'), (await home.text()).includes(server.url));
		await server.stop();
	}
}, 300000);
