import { useId } from 'react';
import { cn } from '@/lib/class-names';
import { MAX_STARS } from '@/components/platforms/stars';
import { StarIcon } from '@/components/platforms/StarRating';

export type StarInputProps = {
	value: number;
	onChange: (value: number) => void;
	legend: string;
};

/**
 * A 1-5 star picker built on native radio buttons, so arrow keys, Tab and screen readers work
 * as they do for any radio group; the stars are their labels.
 */
export function StarInput({ value, onChange, legend }: StarInputProps) {
	const name = useId();
	return (
		<fieldset>
			<legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
			<div className="flex items-center gap-1">
				{Array.from({ length: MAX_STARS }, (_, index) => index + 1).map((stars) => {
					const id = `${name}-${stars}`;
					return (
						<span key={stars} className="relative">
							<input
								type="radio"
								id={id}
								name={name}
								value={stars}
								checked={value === stars}
								onChange={() => onChange(stars)}
								className="peer absolute inset-0 size-full cursor-pointer opacity-0"
							/>
							<label
								htmlFor={id}
								className="flex cursor-pointer rounded-md p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring"
							>
								<StarIcon
									className={cn(
										'size-8 transition-colors',
										stars <= value ? 'text-amber-500' : 'text-slate-300',
									)}
								/>
								<span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
							</label>
						</span>
					);
				})}
				<span className="ml-2 text-sm text-muted" aria-hidden="true">
					{value} / {MAX_STARS}
				</span>
			</div>
		</fieldset>
	);
}
