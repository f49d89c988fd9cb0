import type { ChangeEvent, ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

export type FilterSelectProps = {
	id: string;
	label: string;
	value: string;
	onChange: (value: string) => void;
	/** <option> and <optgroup> elements. */
	children: ReactNode;
	className?: string;
	/** Rendered but not shown (a page script shows it when it applies). */
	hidden?: boolean;
};

/** A labelled native <select> for list filters (native: keyboard and mobile pickers for free). */
export function FilterSelect({ id, label, value, onChange, children, className, hidden }: FilterSelectProps) {
	return (
		<div className={cn('grid gap-1.5', className)} hidden={hidden}>
			<Label htmlFor={id} className="text-xs text-slate-700">
				{label}
			</Label>
			<select
				id={id}
				value={value}
				onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
				className={cn(inputClasses, 'cursor-pointer pr-8')}
			>
				{children}
			</select>
		</div>
	);
}

/** The order choices, shown only once a sort is chosen. */
export function SortOrderOptions() {
	return (
		<>
			<option value="asc">A-Z</option>
			<option value="desc">Z-A</option>
		</>
	);
}
