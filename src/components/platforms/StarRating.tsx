import { cn } from '@/lib/class-names';
import { ratingLabel, starFills } from './stars';

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;

export function StarIcon({ className }: { className?: string }) {
	return (
		<svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
			<path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.49l-5.87 3.09 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z" />
		</svg>
	);
}

/**
 * Five stars, half stars included, announced as one image ('Rated 4.5 out of 5'). Each star
 * carries data-fill so the detail page can repaint a static copy in place (rating-summary.ts)
 * without React: the coloured layer's width follows the attribute through CSS.
 */
export function StarRating({
	rating,
	size = 'sm',
	className,
}: {
	rating: number;
	size?: keyof typeof SIZES;
	className?: string;
}) {
	const sizeClass = SIZES[size];
	return (
		<span
			role="img"
			aria-label={ratingLabel(rating)}
			data-star-rating=""
			className={cn('inline-flex shrink-0 items-center', className)}
		>
			{starFills(rating).map((fill, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: the five star slots are fixed; the place is the identity
				<span key={index} data-star="" data-fill={fill} className={cn('group relative', sizeClass)}>
					<StarIcon className={cn('absolute inset-0 text-slate-300', sizeClass)} />
					<span className="absolute inset-y-0 left-0 w-0 overflow-hidden group-data-[fill=full]:w-full group-data-[fill=half]:w-1/2">
						<StarIcon className={cn('max-w-none text-amber-500', sizeClass)} />
					</span>
				</span>
			))}
		</span>
	);
}
