/**
 * A small seeded random generator (mulberry32): the same seed gives the same numbers on every
 * machine and every run, so the demo community, the benchmark's data set and the crash tests'
 * choices are reproducible (a failing test run can be replayed from its seed).
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Integer in [min, max]. */
export function randomInt(random: Random, min: number, max: number): number {
	return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)]!;
}

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
	const copy = [...items];
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[copy[i], copy[j]] = [copy[j]!, copy[i]!];
	}
	return copy;
}
