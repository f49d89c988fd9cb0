import type { ChangeEvent } from 'react';
import { cn } from '@/lib/class-names';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { CloseIcon } from '@/components/ui/LineIcon';

export type SearchInputProps = {
	id: string;
	label: string;
	value: string;
	placeholder?: string;
	onChange: (value: string) => void;
	/** Shows a clear (×) button while there is text (in the HTML, hidden, while there is none). */
	onClear?: () => void;
	className?: string;
};

/** The list filters' search box: visible label, search icon, optional clear button. */
export function SearchInput({
	id,
	label,
	value,
	placeholder,
	onChange,
	onClear,
	className,
}: SearchInputProps) {
	return (
		<div className={cn('grid gap-1.5', className)}>
			<Label htmlFor={id} className="text-xs text-slate-700">
				{label}
			</Label>
			<div className="relative">
				<svg
					className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
					viewBox="0 0 20 20"
					fill="currentColor"
					aria-hidden="true"
				>
					<path
						fillRule="evenodd"
						d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z"
						clipRule="evenodd"
					/>
				</svg>
				<input
					id={id}
					type="search"
					value={value}
					placeholder={placeholder}
					autoComplete="off"
					spellCheck={false}
					maxLength={200}
					onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
					className={cn(
						inputClasses,
						'pl-9 [&::-webkit-search-cancel-button]:appearance-none',
						onClear && 'pr-10',
					)}
				/>
				{onClear && (
					<button
						type="button"
						hidden={!value}
						onClick={onClear}
						aria-label="Clear search"
						className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-ink"
					>
						<CloseIcon />
					</button>
				)}
			</div>
		</div>
	);
}
