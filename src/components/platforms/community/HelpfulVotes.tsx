import { cn } from '@/lib/class-names';
import { buttonClasses } from '@/components/ui/button-classes';
import type { VoteType } from '@/lib/column-values';
import { LineIcon } from '@/components/ui/LineIcon';

/** The helpful (thumb up) and not helpful (down) mark of vote buttons. */
export function ThumbIcon({ down = false }: { down?: boolean }) {
	return (
		<LineIcon className={cn('size-4', down && 'rotate-180')}>
			<path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
		</LineIcon>
	);
}

export type HelpfulVotesProps = {
	/** What is voted on, as readers name it ("comment", "review"). */
	item: 'comment' | 'review';
	helpful: number;
	unhelpful: number;
	/** The viewer's vote (null: none or signed out). */
	myVote: VoteType | null;
	/** The viewer wrote the item: the counts show, but there is nothing to vote (the server refuses). */
	mine: boolean;
	/** A vote of the viewer's is on its way. */
	busy: boolean;
	/** The item takes no votes yet (a comment awaiting moderation). */
	disabled?: boolean;
	onVote: (voteType: VoteType) => void;
	/** Said beside the counts of the viewer's own item. */
	ownNote?: string;
};

/**
 * Helpful / Not helpful with both counts, the same for comments and reviews: buttons for
 * others' items, plain counts on the viewer's own.
 */
export function HelpfulVotes({
	item,
	helpful,
	unhelpful,
	myVote,
	mine,
	busy,
	disabled,
	onVote,
	ownNote,
}: HelpfulVotesProps) {
	if (mine) {
		return (
			<p
				className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted"
				{...{ [`data-own-${item}-votes`]: '' }}
			>
				<span className="inline-flex items-center gap-1.5">
					<ThumbIcon />
					Helpful ({helpful})
				</span>
				<span className="inline-flex items-center gap-1.5">
					<ThumbIcon down />
					Not helpful ({unhelpful})
				</span>
				{ownNote && <span className="text-xs">{ownNote}</span>}
			</p>
		);
	}
	const voteButton = (voteType: VoteType, label: string, count: number) => (
		<button
			type="button"
			aria-pressed={myVote === voteType}
			aria-disabled={busy || undefined}
			disabled={disabled}
			onClick={() => onVote(voteType)}
			className={buttonClasses({
				variant: myVote === voteType ? 'secondary' : 'ghost',
				size: 'sm',
				className: cn('h-8 px-2.5', myVote === voteType && 'ring-1 ring-brand-300'),
			})}
		>
			<ThumbIcon down={voteType === 'unhelpful'} />
			{label} ({count})
		</button>
	);
	return (
		// biome-ignore lint/a11y/useSemanticElements: a named group of buttons; a <fieldset> would bring a form group's border and semantics
		<div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Was this ${item} helpful?`}>
			{voteButton('helpful', 'Helpful', helpful)}
			{voteButton('unhelpful', 'Not helpful', unhelpful)}
		</div>
	);
}
