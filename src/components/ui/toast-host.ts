/**
 * Imported by BaseLayout on every page. Watches the $toast store and, on the first toast or the
 * first F8 press, loads the React toaster (React itself included) and mounts it; until then the
 * page carries no React. The store module is shared with islands, so all see one $toast.
 */
import { $toast, raiseQueuedToast } from '@/stores/toast';
import { watchActions } from './last-action';

let mounted: Promise<typeof import('./mount-toaster')> | undefined;

function mount(): Promise<typeof import('./mount-toaster')> {
	mounted ??= import('./mount-toaster')
		.then((module) => {
			module.mountToaster();
			document.removeEventListener('keydown', onHotkey);
			return module;
		})
		.catch((error: unknown) => {
			mounted = undefined; // let a later toast retry (e.g. after a network blip)
			throw error;
		});
	return mounted;
}

function onHotkey(event: KeyboardEvent): void {
	if (event.code !== 'F8' || mounted) return;
	void mount().then((module) => module.focusToastViewport());
}

watchActions();
document.addEventListener('keydown', onHotkey);
$toast.subscribe((message) => {
	if (message && !mounted) void mount().catch(() => undefined);
});
raiseQueuedToast();
