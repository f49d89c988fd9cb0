/**
 * Child processes of the benchmark: started pinned to a core where the machine has two, tracked
 * so that every one of them is stopped when the benchmark ends (normally, on an error or on
 * Ctrl-C), and read for their memory figures from /proc.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const started = new Set<ChildProcess>();

/** taskset (util-linux) is used only when it exists and there are two cores to split. */
export const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** Spawns `command args`, under `taskset -c <cpu>` when pinning is possible and asked for. */
export function spawnTracked(
	command: string,
	args: string[],
	options: SpawnOptions & { cpu?: number },
): ChildProcess {
	const { cpu, ...spawnOptions } = options;
	const pinned = cpu !== undefined && canPin;
	const child = pinned
		? spawn('taskset', ['-c', String(cpu), command, ...args], spawnOptions)
		: spawn(command, args, spawnOptions);
	started.add(child);
	child.once('exit', () => started.delete(child));
	return child;
}

/** Stops one child: SIGTERM, then SIGKILL when it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

/** Kills whatever is still running (used on the way out). */
export function killAllTracked(): void {
	for (const child of started) {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	}
}

/** Runs a child to its end and returns its stdout (stderr goes to ours). */
export function runToEnd(
	command: string,
	args: string[],
	options: SpawnOptions & { cpu?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawnTracked(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout!.on('data', (chunk) => (stdout += chunk));
		child.stderr!.on('data', (chunk) => (stderr += chunk));
		child.once('error', reject);
		child.once('exit', (code) => resolve({ code, stdout, stderr }));
	});
}

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM), or null when unreadable. */
export function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
		return match ? Number(match[1]) * 1024 : null;
	} catch {
		return null;
	}
}

/** Samples VmRSS of a process every `everyMs` until stopped; returns the highest sample. */
export function sampleRss(pid: number, everyMs = 50): () => number {
	let peak = procMemory(pid, 'VmRSS') ?? 0;
	const timer = setInterval(() => {
		peak = Math.max(peak, procMemory(pid, 'VmRSS') ?? 0);
	}, everyMs);
	return () => {
		clearInterval(timer);
		return Math.max(peak, procMemory(pid, 'VmRSS') ?? 0);
	};
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function procCpuMs(pid: number): number | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name).
		const ticks = Number(fields[11]) + Number(fields[12]);
		return (ticks * 1000) / CLOCK_TICKS;
	} catch {
		return null;
	}
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** Total time (µs) some runnable task waited for a CPU (/proc/pressure/cpu), or null. */
export function cpuPressureMicros(): number | null {
	try {
		const match = readFileSync('/proc/pressure/cpu', 'utf8').match(/^some .*total=(\d+)/m);
		return match ? Number(match[1]) : null;
	} catch {
		return null;
	}
}
