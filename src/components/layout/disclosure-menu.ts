/**
 * Header drop-downs as disclosure menus (a button with aria-expanded controlling a list of
 * links, no role="menu"). Markup: [data-menu] holding [data-menu-button] and [data-menu-panel];
 * [data-menu-hover] also opens on mouse hover, after the delays below.
 */
const OPEN_DELAY_MS = 200;
const CLOSE_DELAY_MS = 150;
/** Hovering another menu within this time after one closed on leave opens it at once. */
const SKIP_DELAY_MS = 300;

type Menu = {
	root: HTMLElement;
	button: HTMLButtonElement;
	panel: HTMLElement;
	hover: boolean;
	/** Opened by hovering and not clicked since: leaving the menu closes it. */
	byHover: boolean;
	timer?: ReturnType<typeof setTimeout>;
};

const menus: Menu[] = [];
let lastClosedAt = 0;
const finePointer = window.matchMedia('(hover: hover) and (pointer: fine)');

const isOpen = (menu: Menu) => menu.button.getAttribute('aria-expanded') === 'true';

function items(menu: Menu): HTMLElement[] {
	return Array.from(menu.panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')).filter(
		(el) => !el.closest('[hidden]'),
	);
}

function setOpen(menu: Menu, open: boolean, focus?: 'first' | 'last' | 'button'): void {
	clearTimeout(menu.timer);
	if (open) {
		for (const other of menus) if (other !== menu && isOpen(other)) setOpen(other, false);
	} else {
		menu.byHover = false;
	}
	menu.button.setAttribute('aria-expanded', String(open));
	menu.panel.hidden = !open;
	if (focus === 'button') menu.button.focus();
	else if (focus) {
		const list = items(menu);
		(focus === 'first' ? list[0] : list[list.length - 1])?.focus();
	}
}

export function closeAllMenus(): void {
	for (const menu of menus) if (isOpen(menu)) setOpen(menu, false);
}

function moveFocus(menu: Menu, key: string): boolean {
	const list = items(menu);
	if (list.length === 0) return false;
	const index = list.indexOf(document.activeElement as HTMLElement);
	const last = list.length - 1;
	const next =
		key === 'ArrowDown'
			? (index + 1) % list.length
			: key === 'ArrowUp'
				? index <= 0
					? last
					: index - 1
				: key === 'Home'
					? 0
					: key === 'End'
						? last
						: -1;
	if (next < 0) return false;
	list[next]?.focus();
	return true;
}

function setUp(root: HTMLElement): void {
	const button = root.querySelector<HTMLButtonElement>('[data-menu-button]');
	const panel = root.querySelector<HTMLElement>('[data-menu-panel]');
	if (!button || !panel) return;
	const menu: Menu = { root, button, panel, hover: root.hasAttribute('data-menu-hover'), byHover: false };
	menus.push(menu);

	button.addEventListener('click', () => {
		if (isOpen(menu) && menu.byHover)
			menu.byHover = false; // a click keeps a hover-opened menu open
		else setOpen(menu, !isOpen(menu));
	});

	button.addEventListener('keydown', (event) => {
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault();
			setOpen(menu, true, event.key === 'ArrowDown' ? 'first' : 'last');
		} else if (event.key === 'Escape' && isOpen(menu)) {
			setOpen(menu, false);
		}
	});

	panel.addEventListener('keydown', (event) => {
		if (event.key === 'Escape') {
			event.preventDefault();
			setOpen(menu, false, 'button');
		} else if (moveFocus(menu, event.key)) {
			event.preventDefault();
		}
	});

	// Following a link (it may only change the hash) or pressing a button closes the menu.
	panel.addEventListener('click', (event) => {
		if ((event.target as Element).closest('a[href], button')) setOpen(menu, false);
	});

	// Tabbing out closes; a null relatedTarget (a click Safari does not focus) is left to pointerdown.
	root.addEventListener('focusout', (event) => {
		const next = event.relatedTarget as Node | null;
		if (next && !root.contains(next) && isOpen(menu)) setOpen(menu, false);
	});

	if (!menu.hover) return;
	root.addEventListener('pointerenter', (event) => {
		if (event.pointerType !== 'mouse' || !finePointer.matches) return;
		clearTimeout(menu.timer);
		if (isOpen(menu)) return;
		const skip = menus.some(isOpen) || Date.now() - lastClosedAt < SKIP_DELAY_MS;
		const open = () => {
			setOpen(menu, true);
			menu.byHover = true;
		};
		if (skip) open();
		else menu.timer = setTimeout(open, OPEN_DELAY_MS);
	});
	root.addEventListener('pointerleave', (event) => {
		if (event.pointerType !== 'mouse') return;
		clearTimeout(menu.timer);
		if (!isOpen(menu) || !menu.byHover) return;
		menu.timer = setTimeout(() => {
			setOpen(menu, false);
			lastClosedAt = Date.now();
		}, CLOSE_DELAY_MS);
	});
}

export function initDisclosureMenus(scope: ParentNode = document): void {
	scope.querySelectorAll<HTMLElement>('[data-menu]').forEach(setUp);
	document.addEventListener('pointerdown', (event) => {
		for (const menu of menus) {
			if (isOpen(menu) && !menu.root.contains(event.target as Node)) setOpen(menu, false);
		}
	});
}
