/**
 * Binds the header's session areas (desktop and mobile) to the $user store. Markup parts:
 * [data-session-view="loading|out|in"] shown one at a time, [data-user-field="username|email|initial"]
 * filled with textContent (never HTML), [data-editor-only] shown to editors, [data-sign-out] buttons.
 */
import { failureText } from '@/lib/api-client';
import { avatarInitial } from '@/lib/avatar';
import { claimNavigation } from '@/lib/navigation';
import type { PublicUser } from '@/lib/validation/auth';
import { $user, loadUser, signOut } from '@/stores/session';
import { toast, toastAfterNavigation } from '@/stores/toast';
import { closeAllMenus } from './disclosure-menu';

/** Pages that make no sense signed out; signing out there goes home. */
const PROTECTED_PATH = /^\/(profile|editor-dashboard|admin)(\/|$)/;

function field(user: PublicUser, name: string | undefined): string {
	if (name === 'username') return user.username;
	if (name === 'email') return user.email;
	if (name === 'initial') return avatarInitial(user.username);
	return '';
}

function render(user: PublicUser | null | undefined): void {
	const view = user === undefined ? 'loading' : user ? 'in' : 'out';
	closeAllMenus();
	document.querySelectorAll<HTMLElement>('[data-session-view]').forEach((el) => {
		el.hidden = el.dataset.sessionView !== view;
	});
	document.querySelectorAll<HTMLElement>('[data-user-field]').forEach((el) => {
		el.textContent = user ? field(user, el.dataset.userField) : '';
	});
	document.querySelectorAll<HTMLElement>('[data-editor-only]').forEach((el) => {
		el.hidden = user?.role !== 'editor';
	});
}

let signingOut = false;

async function onSignOut(button: Element): Promise<void> {
	// A guard rather than `disabled`, which would drop keyboard focus to <body>.
	if (signingOut) return;
	signingOut = true;
	const leaving = PROTECTED_PATH.test(window.location.pathname);
	// Keep the page's route guard from sending us to /auth when the user turns null.
	const release = leaving ? claimNavigation() : undefined;
	try {
		await signOut();
		const message = { title: 'Success', description: 'Successfully logged out!' };
		if (leaving) {
			toastAfterNavigation(message);
			window.location.assign('/');
		} else {
			toast(message);
			// The button just disappeared; keep keyboard users next to where they were.
			button.parentElement
				?.closest('[data-session-view]')
				?.parentElement?.querySelector<HTMLElement>('[data-session-view="out"] a')
				?.focus();
		}
	} catch (error) {
		release?.();
		toast({
			title: 'Logout failed',
			description: failureText(error, 'An unexpected error occurred'),
			variant: 'destructive',
		});
	} finally {
		signingOut = false;
	}
}

export function initSessionArea(): void {
	$user.subscribe(render);
	document.addEventListener('click', (event) => {
		const button = (event.target as Element).closest('[data-sign-out]');
		if (button) void onSignOut(button);
	});
	void loadUser();
}
