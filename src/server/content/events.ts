/**
 * The one place content changes are announced. Services call contentChanged() after every
 * create, update and delete; listeners (the static site regeneration, caches) subscribe with
 * onContentChange() without the services knowing about them.
 */
export type ContentChange = {
	type: 'article' | 'page' | 'podcast';
	kind?: 'news' | 'education';
	id?: number;
	slug?: string;
};

export type ContentChangeListener = (change: ContentChange) => void;

const listeners = new Set<ContentChangeListener>();

/** Subscribes a listener; returns the function that unsubscribes it. */
export function onContentChange(listener: ContentChangeListener): () => void {
	listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}

/**
 * Tells every listener. The change is already committed, so a failing listener is logged and
 * never turns the editor's successful save into an error.
 */
export function contentChanged(change: ContentChange): void {
	for (const listener of listeners) {
		try {
			listener(change);
		} catch (error) {
			console.error('[content] change listener failed', error);
		}
	}
}
