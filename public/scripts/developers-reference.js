// /developers: draws the OpenAPI document with Redoc's standalone bundle (loaded just before).
// A file of our own rather than an inline script: the site's CSP runs no unlisted inline code.
// Search is off: Redoc runs it in a worker made from a blob, which that CSP does not allow.
const element = document.getElementById('api-reference');
if (element && window.Redoc) {
	window.Redoc.init(
		element.dataset.specUrl,
		{ disableSearch: true, theme: { colors: { primary: { main: '#1d4ed8' } } } },
		element,
	);
}
