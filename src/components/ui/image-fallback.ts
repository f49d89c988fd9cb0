/**
 * A picture that fails to load (a moved article image, a dead link in markdown) shows the site's
 * neutral placeholder instead of the browser's broken-image icon. One listener for the whole
 * page, islands included: `error` does not bubble, but it can be caught on the way down. (An
 * inline onerror attribute would be blocked by the Content-Security-Policy.)
 */
export const IMAGE_PLACEHOLDER = '/images/placeholder.svg';

function showPlaceholder(image: HTMLImageElement): void {
	// Logos carry their own fallback (data-logo-fallback); a failing placeholder must not loop.
	if (image.hasAttribute('data-logo-fallback') || image.dataset.imageFallback !== undefined) return;
	if (!image.getAttribute('src')) return;
	image.dataset.imageFallback = '';
	image.removeAttribute('srcset');
	image.src = IMAGE_PLACEHOLDER;
}

document.addEventListener(
	'error',
	(event) => {
		if (event.target instanceof HTMLImageElement) showPlaceholder(event.target);
	},
	true,
);

// Module scripts run after parsing: an image may already have failed by then.
for (const image of Array.from(document.images)) {
	if (image.complete && image.naturalWidth === 0 && image.currentSrc) showPlaceholder(image);
}
