/**
 * The one stream of committed content changes. Services publish a change after its write has
 * committed; listeners (page regeneration, the host's cache of API answers) subscribe to
 * `changeBus.changes` without the services knowing about them.
 *
 * Listeners of `changes` are local to this process and never learn where a change came from: a change made
 * here reaches them at once (before the writer's answer goes out, so the writer reads its own
 * write), and with several app nodes a relay (PostgreSQL's LISTEN/NOTIFY, relay.postgres.ts)
 * carries it to the others, whose buses deliver it to their own listeners the same way. On
 * SQLite (one process) there is no relay.
 */
import type { ArticleKind } from '@/lib/column-values';
import { baseLog } from '@/server/runtime/log';
import { signal } from './signal';

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
	| 'claimed'
	/** Its themes (what users like and dislike) recomputed. */
	| 'themed';

/**
 * An item's slug, set on its delete only: the row is gone, so the file of its page is found by
 * this (other changes read the item's addresses from the database).
 */
type GoneSlug = { slug?: string };

/** A committed change of what the public site shows, by what changed. */
export type ContentChange =
	/** An article created, edited or deleted. */
	| ({ kind: 'article'; articleKind: ArticleKind; id: number } & GoneSlug)
	/** A static page (about us, terms, ...) edited. */
	| { kind: 'page'; slug: string }
	| ({ kind: 'platform'; id: number; platformChange: PlatformChangeKind } & GoneSlug)
	/** A podcast episode created, edited, published, unpublished or deleted. */
	| ({ kind: 'episode'; id: number } & GoneSlug)
	/** A newsletter issue went out, so the archive shows it. */
	| ({ kind: 'newsletter-issue'; id: number } & GoneSlug)
	/**
	 * Media library files deleted, by the paths they were served at (/media/{key}): every node
	 * stops serving its kept copies of them.
	 */
	| { kind: 'media-deleted'; paths: string[] }
	/**
	 * A new quarter began (its first housekeeping round kept its leaders): /leaders and the
	 * leaders' badges name the new quarter.
	 */
	| { kind: 'leaders'; quarter: string };

/** Carries this node's committed changes to the other nodes. */
export interface ContentChangeRelay {
	send(change: ContentChange): Promise<void>;
}

export class ChangeBus {
	/** Committed changes, made on this node or heard from another. */
	readonly changes = signal<ContentChange>('content changes');
	/**
	 * Changes from other nodes may have been missed (the relay lost its connection for a while):
	 * listeners then treat everything as changed.
	 */
	readonly missed = signal('missed content changes');
	/**
	 * Only the changes committed on this node (never those relayed from another): work that must
	 * happen once per change whatever the number of nodes (the IndexNow ping) listens here, since
	 * exactly one node commits each change.
	 */
	readonly madeHere = signal<ContentChange>('content changes made here');
	private relay: ContentChangeRelay | undefined;

	useRelay(relay: ContentChangeRelay | undefined): void {
		this.relay = relay;
	}

	/** A change committed on this node: to the local listeners now, then to the other nodes. */
	publish(change: ContentChange): void {
		this.changes.emit(change);
		this.madeHere.emit(change);
		this.relay?.send(change).catch((error) => {
			baseLog().error({ err: error, subject: 'relay' }, 'could not announce a change to the other nodes');
		});
	}

	/** A change that arrived from another node: to the local listeners only. */
	deliver(change: ContentChange): void {
		this.changes.emit(change);
	}
}

/** This process's bus. */
export const changeBus = new ChangeBus();

/** Announces a committed change to every listener, on this node and (with a relay) the others. */
export function publishChange(change: ContentChange): void {
	changeBus.publish(change);
}
