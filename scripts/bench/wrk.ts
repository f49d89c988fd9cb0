/**
 * One run of wrk (Debian's `wrk`, a C load generator that is not the bottleneck; `apt-get
 * install -y wrk`): its requests, requests per second, answers outside 2xx/3xx, and the CPU
 * seconds wrk itself used (GNU time). With `cgroup`, wrk runs in that CPU cgroup. Asynchronous,
 * so the bench keeps reading the servers' logs meanwhile: a server whose stdout pipe nobody
 * drains stalls on its access log, which production (a file, journald) never does.
 */
import { spawn } from 'node:child_process';

export type WrkOptions = {
	headers?: Record<string, string>;
	seconds: number;
	connections: number;
	threads?: number;
	/** A CPU cgroup's folder (cgroup v1) to run wrk in. */
	cgroup?: string;
};

export type WrkRun = { requests: number; rps: number; non2xx: number; cpuSeconds: number };

export async function wrk(url: string, options: WrkOptions): Promise<WrkRun> {
	const args = [`-t${options.threads ?? 1}`, `-c${options.connections}`, `-d${options.seconds}s`];
	for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
	const timed = ['/usr/bin/time', '-f', 'cpu %U %S', 'wrk', ...args, url];
	const command = options.cgroup
		? ['sh', '-c', `echo $$ > ${options.cgroup}/cgroup.procs && exec "$@"`, 'sh', ...timed]
		: timed;
	const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	let errors = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (errors += chunk));
	const status = await new Promise<number | null>((done, fail) => {
		child.once('error', fail);
		child.once('close', done);
	});
	if (status !== 0) throw new Error(`wrk failed: ${(errors || output).slice(0, 500)}`);
	const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(errors);
	return {
		requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
		rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
		non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
		cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN,
	};
}
