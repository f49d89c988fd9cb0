/**
 * Autosave of the dashboard's editors (articles, episodes, static pages). Every few seconds
 * while the form differs from what it loaded, the typed values go to this browser's
 * localStorage, so a reload or a crash loses nothing: reopening the same item offers them back.
 * A draft item is also saved to the server then, never a published one (that would publish the
 * change silently), and each save names the updatedAt it started from, so another editor's save
 * in between is reported (409) rather than overwritten. Kept text remembers the version and the
 * values it was typed on: offered back onto a version saved since, it brings back only the
 * fields this editor changed, so restoring never undoes another editor's save of the others.
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

/**
 * What is kept: the typed values, when, and what they were typed on (the values and updatedAt
 * the form was loaded with; null for a new item).
 */
type Stored<V> = { values: V; savedAt: number; base?: V; baseVersion?: string | null };

/** What reopening offers back: the values Restore puts in the form, and what they leave out. */
export type RestoreOffer<V> = {
	savedAt: number;
	values: V;
	/**
	 * The fields restored when the item was saved again since the text was kept (only those this
	 * editor changed); null when the text was kept on the version now loaded (all of it returns).
	 */
	changedFields: (keyof V & string)[] | null;
};

/**
 * The offer for text kept on `stored`, reopened on `loaded` at `loadedVersion`: everything when
 * it is the version the text was typed on; otherwise the loaded values with only the fields
 * changed from the base put back. Null when restoring would change nothing.
 */
export function restoreOffer<V extends Record<string, unknown>>(
	stored: Stored<V>,
	loaded: V,
	loadedVersion: string | null,
): RestoreOffer<V> | null {
	const onNewer =
		stored.base !== undefined && stored.baseVersion !== undefined && stored.baseVersion !== loadedVersion;
	if (!onNewer) {
		return formChanged(stored.values, loaded)
			? { savedAt: stored.savedAt, values: stored.values, changedFields: null }
			: null;
	}
	const base = stored.base as V;
	const changedFields = (Object.keys(stored.values) as (keyof V & string)[]).filter(
		(field) => stored.values[field] !== base[field],
	);
	const values = { ...loaded };
	for (const field of changedFields) values[field] = stored.values[field];
	return formChanged(values, loaded) ? { savedAt: stored.savedAt, values, changedFields } : null;
}

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

function writeStored<V>(key: string, values: V, base: V, baseVersion: string | null): void {
	try {
		const stored: Stored<V> = { values, savedAt: Date.now(), base, baseVersion };
		window.localStorage.setItem(key, JSON.stringify(stored));
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
 * An autosave of a draft keeps it what it was: unpublished, on its own schedule, at its address.
 * Turning on Publish, changing the time or the slug takes the editor's own save (each slug an
 * item leaves stays its own for good, so a half-typed one must never be saved).
 */
export function draftAutosave<B extends { isPublished: boolean; publishAt: string | null; slug?: string }>(
	body: B,
	loaded: { publishAt: string | null },
): Omit<B, 'slug'> {
	const { slug: _address, ...kept } = body;
	return { ...kept, isPublished: false, publishAt: loaded.publishAt };
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
	offer: Omit<RestoreOffer<Record<string, unknown>>, 'values'> | null;
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
	const [offer, setOffer] = useState<RestoreOffer<V> | null>(null);
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
	/**
	 * What kept text is typed on: the values and updatedAt loaded, then those of the last
	 * autosave that reached the server.
	 */
	const keptBase = useRef<{ values: V; version: string | null }>({ values: initial, version: null });

	// A save that reloads the item (the page editor) names the version it answered from then on.
	const loadedVersion = options?.updatedAt ?? undefined;
	useEffect(() => {
		version.current = loadedVersion;
		keptBase.current = { values: checks.current.initial, version: loadedVersion ?? null };
	}, [loadedVersion]);

	// Each opening starts from the loaded item: its version, and any text an earlier visit left.
	useEffect(() => {
		if (!active || !key) return;
		version.current = optionsRef.current?.updatedAt ?? undefined;
		keptBase.current = { values: checks.current.initial, version: optionsRef.current?.updatedAt ?? null };
		reachedServer.current = false;
		serverStopped.current = false;
		held.current = false;
		lastKept.current = JSON.stringify(checks.current.initial);
		setStatus(null);
		setConflict(null);
		const stored = readStored<V>(key);
		setOffer(stored && restoreOffer(stored, checks.current.initial, keptBase.current.version));
	}, [active, key]);

	useEffect(() => {
		if (!active || !key) return;
		const timer = window.setInterval(() => {
			const current = latest.current;
			const text = JSON.stringify(current);
			if (held.current || text === lastKept.current || !formChanged(current, checks.current.initial)) return;
			lastKept.current = text;
			writeStored(key, current, keptBase.current.values, keptBase.current.version);
			const saveDraft = optionsRef.current?.saveDraft;
			if (!saveDraft || serverStopped.current || !checks.current.canSave(current)) {
				setStatus(`Unsaved text kept in this browser at ${clockTime(Date.now())}.`);
				return;
			}
			held.current = true;
			inFlight.current = saveDraft(current, version.current)
				.then((saved) => {
					version.current = saved.updatedAt;
					keptBase.current = { values: current, version: saved.updatedAt };
					writeStored(key, current, current, saved.updatedAt);
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
		offer: offer && { savedAt: offer.savedAt, changedFields: offer.changedFields },
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
