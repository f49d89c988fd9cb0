/**
 * The one place content changes are announced. Services call contentChanged() after every
 * create, update and delete has committed; listeners (the static site regeneration, caches)
 * subscribe with onContentChange() without the services knowing about them.
 *
 * Listeners are local to this process and never learn where a change came from: a change made
 * here reaches them at once (before the writer's answer goes out, so the writer reads its own
 * write), and with several app nodes a relay (PostgreSQL's LISTEN/NOTIFY, in
 * src/server/changes/relay.postgres.ts) carries it to the others, whose buses deliver it to
 * their own listeners the same way. On SQLite (one process) there is no relay.
 */
import { baseLog } from '@/server/runtime/log';
/**
 * What changed about a platform: 'created', 'updated' and 'deleted' come from the editors;
 * 'rated' means its rating and reviewCount changed; 'commented' its approved comments
 * (moderation); 'voted' a comment's public vote counts; 'review-voted' a review's;
 * 'replied' a representative's reply to one of its reviews; 'claimed' whether it has a
 * representative (isClaimed).
 */
export type PlatformChangeKind =
	| 'created'
	| 'updated'
	| 'deleted'
	| 'rated'
	| 'commented'
	| 'voted'
	| 'review-voted'
	| 'replied'
	| 'claimed';

export type ContentChange = {
	/** 'newsletter': an issue went out (id), so the archive shows it. */
	type: 'article' | 'page' | 'podcast' | 'platform' | 'newsletter';
	kind?: 'news' | 'education';
	id?: number;
	slug?: string;
	/** For a platform: what changed. */
	platformChange?: PlatformChangeKind;
};

export type ContentChangeListener = (change: ContentChange) => void;

/** Carries this node's committed changes to the other nodes. */
export interface ContentChangeRelay {
	send(change: ContentChange): Promise<void>;
}

function callEach<T extends unknown[]>(listeners: Iterable<(...args: T) => void>, ...args: T): void {
	for (const listener of listeners) {
		try {
			listener(...args);
		} catch (error) {
			// The change is already committed: a failing listener never turns the editor's
			// successful save into an error, nor keeps the others from hearing it.
			baseLog().error({ err: error, subject: 'content' }, 'change listener failed');
		}
	}
}

export class ContentBus {
	private readonly listeners = new Set<ContentChangeListener>();
	private readonly resyncListeners = new Set<() => void>();
	private relay: ContentChangeRelay | undefined;

	/** Subscribes a listener; returns the function that unsubscribes it. */
	subscribe(listener: ContentChangeListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/**
	 * Subscribes to "changes may have been missed" (the relay lost its connection for a while):
	 * the listener then treats everything as changed.
	 */
	onResync(listener: () => void): () => void {
		this.resyncListeners.add(listener);
		return () => {
			this.resyncListeners.delete(listener);
		};
	}

	useRelay(relay: ContentChangeRelay | undefined): void {
		this.relay = relay;
	}

	/** A change committed on this node: to the local listeners now, then to the other nodes. */
	publish(change: ContentChange): void {
		this.deliver(change);
		this.relay?.send(change).catch((error) => {
			baseLog().error({ err: error, subject: 'relay' }, 'could not announce a change to the other nodes');
		});
	}

	/** A change that arrived from another node. */
	deliver(change: ContentChange): void {
		callEach(this.listeners, change);
	}

	resync(): void {
		callEach(this.resyncListeners);
	}
}

/** This process's bus. */
export const contentBus = new ContentBus();

/** Subscribes a listener; returns the function that unsubscribes it. */
export function onContentChange(listener: ContentChangeListener): () => void {
	return contentBus.subscribe(listener);
}

/** Announces a committed change to every listener, on this node and (with a relay) the others. */
export function contentChanged(change: ContentChange): void {
	contentBus.publish(change);
}
