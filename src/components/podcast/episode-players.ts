/**
 * Episode playback in the page: Listen Now starts its card's own player instead of leaving for the
 * bare audio file, and starting any player pauses the others, so two episodes never talk at once.
 * Without this script (or with a modifier or middle click) Listen Now stays the SPEC's link that
 * opens the audio in a new window.
 */

/** A click the reader meant for the page itself, not for a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
	return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

const PLAYS_HERE = ' (plays on this page)';

export function playEpisodesInPage(root: HTMLElement): void {
	// Media events don't bubble: listen while they travel down (capture) to see every player's.
	root.addEventListener(
		'play',
		(event) => {
			for (const player of root.querySelectorAll('audio')) {
				if (player !== event.target && !player.paused) player.pause();
			}
		},
		true,
	);
	root.addEventListener('click', (event) => {
		const listen = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-listen]');
		const player = listen?.closest('article')?.querySelector('audio');
		if (!listen || !player || !isPlainClick(event)) return;
		event.preventDefault();
		// A refused play (no audio output, a blocked autoplay) leaves the reader the player's own button.
		player.play().catch(() => player.focus());
	});
	// With the script, a plain click plays here; the link's hint says so, also on cards the list
	// script renders later (checked first, so the observer's own change ends the round).
	const markHints = () => {
		for (const hint of root.querySelectorAll<HTMLElement>('[data-listen-hint]')) {
			if (hint.textContent !== PLAYS_HERE) hint.textContent = PLAYS_HERE;
		}
	};
	markHints();
	new MutationObserver(markHints).observe(root, { childList: true, subtree: true });
}
