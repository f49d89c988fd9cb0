/**
 * Autosave of the dashboard's editors (articles, episodes, static pages). Every few seconds
 * while the form differs from what it loaded, the typed values go to this browser's
 * localStorage, so a reload or a crash loses nothing: reopening the same item offers them back.
 * A draft item is also saved to the server then, never a published one (that would publish the
 * change silently), and each save names the updatedAt it started from, so another editor's save
 * in between is reported (409) rather than overwritten.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, failureText } from '@/lib/api-client';
import { formChanged } from './unsaved-changes';

/** How often typed text is kept: a crash loses at most this much typing. */
export const AUTOSAVE_EVERY_MS = 3_000;

const PREFIX = 'rmh-autosave';

/** The storage key of one item's unsaved text: by type and id, or 'new' for one not yet created. */
export function autosaveKey(type: string, id: number | string | null): string {
	return `${PREFIX}:${type}:${id ?? 'new'}`;
}

type Stored<V> = { values: V; savedAt: number };

function readStored<V>(key: string): Stored<V> | null {
	try {
		const raw = window.localStorage.getItem(key);
		if (!raw) return null;
		const parsed = JSON.parse(raw) as Stored<V>;
		return typeof parsed.savedAt === 'number' && parsed.values ? parsed : null;
	} catch {
		// Storage refused (private mode, quota) or an old shape: nothing to offer.
		return null;
	}
}

function writeStored<V>(key: string, values: V): void {
	try {
		window.localStorage.setItem(key, JSON.stringify({ values, savedAt: Date.now() }));
	} catch {
		// Storage full or refused: the server copy and the unsaved-changes warning remain.
	}
}

function forget(key: string): void {
	try {
		window.localStorage.removeItem(key);
	} catch {
		// Nothing kept, nothing to forget.
	}
}

/**
 * An autosave of a draft keeps it what it was: unpublished, on its own schedule. Turning on
 * Publish or changing the time takes the editor's own save.
 */
export function draftAutosave<B extends { isPublished: boolean; publishAt: string | null }>(
	body: B,
	loaded: { publishAt: string | null },
): B {
	return { ...body, isPublished: false, publishAt: loaded.publishAt };
}

/** A time of day as the editor reads it ("14:05"). */
export function clockTime(at: number): string {
	return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export type AutosaveOptions<V> = {
	/** autosaveKey(type, id). */
	key: string;
	/** The updatedAt the item was loaded with; null for a new item. */
	updatedAt: string | null;
	/**
	 * Saves the values of a draft item to the server, naming the updatedAt they start from, and
	 * answers the new updatedAt. Absent (new or published items): kept in this browser only.
	 */
	saveDraft?: (values: V, expectedUpdatedAt: string | undefined) => Promise<{ updatedAt: string }>;
};

export type AutosaveState = {
	/** False for a form that keeps nothing (no options given). */
	enabled: boolean;
	/** Unsaved text found for this item when it opened, not yet restored or discarded. */
	offer: { savedAt: number } | null;
	restore: () => void;
	discard: () => void;
	/** What the last autosave did, for a polite status line. */
	status: string | null;
	/** Another editor saved in between: the sentence to show; autosave to the server stops. */
	conflict: string | null;
	setConflict: (message: string | null) => void;
	/** The updatedAt a save must name: the loaded one, or the last autosave's. */
	expectedUpdatedAt: () => string | undefined;
	/** True once an autosave reached the server (the list should be read again). */
	savedToServer: () => boolean;
	/** After a successful save: the kept text is no longer needed. */
	clear: () => void;
	/** Before the editor's own save: waits for an autosave under way and starts no other. */
	hold: () => Promise<void>;
	/** After the editor's own save failed: autosave resumes. */
	release: () => void;
};

/**
 * Keeps `values` while `active` and offers back what an earlier visit left; `replace` puts
 * restored values into the form; `canSave` says the values would pass the server's rules.
 */
export function useAutosave<V extends Record<string, unknown>>(
	options: AutosaveOptions<V> | undefined,
	{
		active,
		values,
		initial,
		replace,
		canSave,
	}: {
		active: boolean;
		values: V;
		initial: V;
		replace: (values: V) => void;
		canSave: (values: V) => boolean;
	},
): AutosaveState {
	const key = options?.key;
	const [offer, setOffer] = useState<Stored<V> | null>(null);
	const [status, setStatus] = useState<string | null>(null);
	const [conflict, setConflict] = useState<string | null>(null);
	const version = useRef<string | undefined>(undefined);
	const reachedServer = useRef(false);
	const latest = useRef(values);
	latest.current = values;
	const lastKept = useRef<string>('');
	/** An autosave under way, or the editor's own save: no autosave starts meanwhile. */
	const held = useRef(false);
	const inFlight = useRef<Promise<void>>(Promise.resolve());
	const serverStopped = useRef(false);
	const optionsRef = useRef(options);
	optionsRef.current = options;
	const checks = useRef({ initial, canSave });
	checks.current = { initial, canSave };

	// A save that reloads the item (the page editor) names the version it answered from then on.
	const loadedVersion = options?.updatedAt ?? undefined;
	useEffect(() => {
		version.current = loadedVersion;
	}, [loadedVersion]);

	// Each opening starts from the loaded item: its version, and any text an earlier visit left.
	useEffect(() => {
		if (!active || !key) return;
		version.current = optionsRef.current?.updatedAt ?? undefined;
		reachedServer.current = false;
		serverStopped.current = false;
		held.current = false;
		lastKept.current = JSON.stringify(checks.current.initial);
		setStatus(null);
		setConflict(null);
		const stored = readStored<V>(key);
		setOffer(stored && formChanged(stored.values, checks.current.initial) ? stored : null);
	}, [active, key]);

	useEffect(() => {
		if (!active || !key) return;
		const timer = window.setInterval(() => {
			const current = latest.current;
			const text = JSON.stringify(current);
			if (held.current || text === lastKept.current || !formChanged(current, checks.current.initial)) return;
			lastKept.current = text;
			writeStored(key, current);
			const saveDraft = optionsRef.current?.saveDraft;
			if (!saveDraft || serverStopped.current || !checks.current.canSave(current)) {
				setStatus(`Unsaved text kept in this browser at ${clockTime(Date.now())}.`);
				return;
			}
			held.current = true;
			inFlight.current = saveDraft(current, version.current)
				.then((saved) => {
					version.current = saved.updatedAt;
					reachedServer.current = true;
					setStatus(`Draft autosaved at ${clockTime(Date.now())}.`);
				})
				.catch((error: unknown) => {
					if (error instanceof ApiError && error.status === 409) {
						serverStopped.current = true;
						setConflict(error.serverMessage);
						return;
					}
					setStatus(
						`${failureText(error, 'Autosave to the server failed.')} Your text is kept in this browser.`,
					);
				})
				.finally(() => {
					held.current = false;
				});
		}, AUTOSAVE_EVERY_MS);
		return () => window.clearInterval(timer);
	}, [active, key]);

	const restore = useCallback(() => {
		if (offer) replace(offer.values);
		setOffer(null);
	}, [offer, replace]);

	const discard = useCallback(() => {
		if (key) forget(key);
		setOffer(null);
	}, [key]);

	const clear = useCallback(() => {
		if (key) forget(key);
	}, [key]);

	/** Before the editor's own save: waits for an autosave under way and starts no other. */
	const hold = useCallback(async () => {
		await inFlight.current;
		held.current = true;
	}, []);
	const release = useCallback(() => {
		held.current = false;
	}, []);

	return {
		enabled: key !== undefined,
		offer: offer && { savedAt: offer.savedAt },
		restore,
		discard,
		status,
		conflict,
		setConflict,
		expectedUpdatedAt: () => version.current,
		savedToServer: () => reachedServer.current,
		clear,
		hold,
		release,
	};
}
