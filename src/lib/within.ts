/**
 * What `promise` gives, or `late` when it has not settled within `ms` (Infinity: waits for it).
 * The timer is cleared as soon as the race ends, so it never keeps a process alive.
 */
export function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
	if (!Number.isFinite(ms)) return promise;
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<L>((resolve) => {
		timer = setTimeout(() => resolve(late), Math.max(0, ms));
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
