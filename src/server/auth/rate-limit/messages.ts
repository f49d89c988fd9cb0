/** The sentence a refused attempt shows: what was refused and how long to wait. */
export function retryMessage(seconds: number, what: string): string {
	const minutes = Math.ceil(seconds / 60);
	const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
	return `Too many ${what}. Please try again in ${wait}.`;
}
