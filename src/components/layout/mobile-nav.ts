/**
 * The mobile side panel: a modal dialog ([data-mobile-nav] holding [data-mobile-overlay] and a
 * role="dialog" panel) opened by [data-mobile-open]. Focus is trapped inside, Escape or the
 * overlay closes it, and focus returns to the menu button.
 */
const FOCUSABLE =
	'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function initMobileNav(): void {
	const container = document.querySelector<HTMLElement>('[data-mobile-nav]');
	const opener = document.querySelector<HTMLButtonElement>('[data-mobile-open]');
	const dialog = container?.querySelector<HTMLElement>('[role="dialog"]');
	if (!container || !opener || !dialog) return;

	const focusables = () =>
		Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
			(el) => el.getClientRects().length > 0,
		);

	// On the document, so keys still work when focus fell to <body> (a control was hidden).
	const onKeydown = (event: KeyboardEvent): void => {
		if (event.key === 'Escape') {
			event.preventDefault();
			close();
			return;
		}
		if (event.key !== 'Tab') return;
		const list = focusables();
		const first = list[0];
		const last = list[list.length - 1];
		if (!first || !last) return;
		const active = document.activeElement;
		if (event.shiftKey && (active === first || !dialog.contains(active))) {
			event.preventDefault();
			last.focus();
		} else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
			event.preventDefault();
			first.focus();
		}
	};

	const open = (): void => {
		container.hidden = false;
		opener.setAttribute('aria-expanded', 'true');
		document.documentElement.style.overflow = 'hidden';
		document.addEventListener('keydown', onKeydown);
		focusables()[0]?.focus();
	};

	const close = (returnFocus = true): void => {
		if (container.hidden) return;
		container.hidden = true;
		opener.setAttribute('aria-expanded', 'false');
		document.documentElement.style.overflow = '';
		document.removeEventListener('keydown', onKeydown);
		if (returnFocus) opener.focus();
	};

	opener.addEventListener('click', open);
	container.querySelector('[data-mobile-overlay]')?.addEventListener('click', () => close());
	container
		.querySelectorAll('[data-mobile-close]')
		.forEach((el) => el.addEventListener('click', () => close()));
	// Following a link (it may only change the hash) closes the panel.
	dialog.addEventListener('click', (event) => {
		if ((event.target as Element).closest('a[href]')) close(false);
	});

	// Growing past the breakpoint hides the panel with CSS; release the scroll lock too.
	window.matchMedia('(min-width: 48rem)').addEventListener('change', (event) => {
		if (event.matches) close(false);
	});
}
