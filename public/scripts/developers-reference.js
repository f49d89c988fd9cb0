// /developers: draws the OpenAPI document with Redoc's standalone bundle (loaded just before).
// A file of our own rather than an inline script: the site's CSP runs no unlisted inline code.
// Search is off: Redoc runs it in a worker made from a blob, which that CSP does not allow.
const element = document.getElementById('api-reference');

// Redoc's markup has two accessibility faults no option changes, mended as it draws:
// - its headings start again at h1 under our "Reference" h2 and jump from an operation's h2 to
//   h5, so each is given the level it has in this page's outline (aria-level: a screen reader
//   and axe go by it);
// - its menu items' aria-label is the operation's summary while the HTTP verb shows beside it
//   ("GET A page of platforms"), so a speech user saying what they see finds nothing: the label
//   is dropped and the name comes from the visible text.
const OUTLINE_LEVEL = { H1: '3', H2: '4', H3: '5', H4: '5', H5: '5', H6: '5' };
function mendAccessibility(root) {
	for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
		const level = OUTLINE_LEVEL[heading.tagName];
		if (heading.getAttribute('aria-level') !== level) heading.setAttribute('aria-level', level);
	}
	for (const item of root.querySelectorAll('[role="menuitem"][aria-label]'))
		item.removeAttribute('aria-label');
}

if (element && window.Redoc) {
	// Redoc redraws parts as the reader scrolls and opens them; each redraw is mended too.
	new MutationObserver(() => mendAccessibility(element)).observe(element, {
		subtree: true,
		childList: true,
		attributes: true,
		attributeFilter: ['aria-label', 'aria-level'],
	});
	window.Redoc.init(
		element.dataset.specUrl,
		{ disableSearch: true, theme: { colors: { primary: { main: '#1d4ed8' } } } },
		element,
		() => mendAccessibility(element),
	);
}
