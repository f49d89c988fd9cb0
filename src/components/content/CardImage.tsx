import { cn } from '@/lib/class-names';
import { LineIcon } from '@/components/ui/LineIcon';

export type CardImageProps = {
	src: string | null;
	/** Intrinsic size, so the browser reserves the space (no layout shift). */
	width: number;
	height: number;
	/** Above-the-fold images load at once; the rest lazily. */
	eager?: boolean;
	className?: string;
	/** Hooks for a page script (e.g. data-if on /podcast's card template). */
	[data: `data-${string}`]: string | undefined;
};

/**
 * A card's picture, or a neutral placeholder when there is none. Decorative (alt=""): the card's
 * title, right next to it, already names the item.
 */
export function CardImage({ src, width, height, eager = false, className, ...data }: CardImageProps) {
	if (!src) {
		return (
			<div
				className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}
				aria-hidden="true"
				{...data}
			>
				<LineIcon className="size-10" strokeWidth={1.5}>
					<rect x="3" y="4" width="18" height="16" rx="2" />
					<circle cx="9" cy="10" r="2" />
					<path d="m21 16-5-5-8 9" />
				</LineIcon>
			</div>
		);
	}
	return (
		<img
			src={src}
			alt=""
			width={width}
			height={height}
			loading={eager ? 'eager' : 'lazy'}
			decoding="async"
			className={cn('bg-slate-100 object-cover', className)}
			{...data}
		/>
	);
}
