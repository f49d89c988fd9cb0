import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

export type SearchFieldProps = {
	id: string;
	label: string;
	placeholder: string;
	value: string;
	onChange: (value: string) => void;
};

/** A search box with a (visually hidden) label; the caller debounces the server call. */
export function SearchField({ id, label, placeholder, value, onChange }: SearchFieldProps) {
	return (
		<div className="w-full sm:max-w-xs">
			<Label htmlFor={id} className="sr-only">
				{label}
			</Label>
			<Input
				id={id}
				type="search"
				placeholder={placeholder}
				value={value}
				onChange={(e) => onChange(e.target.value)}
				autoComplete="off"
			/>
		</div>
	);
}
