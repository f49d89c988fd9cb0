import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { MAX_COMPARE } from '@/stores/compare';
import type { ComparePlatform } from './compare-rows';

export type PlatformPickerProps = {
	/** Platforms not chosen yet (the drop-down lists only those). */
	choices: ComparePlatform[];
	chosenCount: number;
	/** Before the selection is known (server render and hydration): disabled, same height. */
	pending?: boolean;
	onPick: (id: number) => void;
};

function hintText(chosenCount: number, pending: boolean): string {
	// A no-break space keeps the line's height until the count is known.
	if (pending) return '\u00a0';
	if (chosenCount >= MAX_COMPARE) {
		return `You are comparing the maximum of ${MAX_COMPARE} platforms. Remove one to add another.`;
	}
	return `${chosenCount} of ${MAX_COMPARE} selected.`;
}

/** A native select (keyboard and screen readers for free) that adds the picked platform. */
export function PlatformPicker({ choices, chosenCount, pending = false, onPick }: PlatformPickerProps) {
	const full = chosenCount >= MAX_COMPARE;
	return (
		<div className="grid gap-2 sm:max-w-md">
			<Label htmlFor="compare-add">Add a platform</Label>
			<select
				id="compare-add"
				className={inputClasses}
				value=""
				disabled={pending || full || choices.length === 0}
				aria-describedby="compare-add-hint"
				onChange={(event) => {
					if (event.target.value) onPick(Number(event.target.value));
				}}
			>
				<option value="">{full ? 'Maximum reached' : 'Select a platform to compare...'}</option>
				{!full &&
					!pending &&
					choices.map((platform) => (
						<option key={platform.id} value={platform.id}>
							{platform.name}
						</option>
					))}
			</select>
			<p id="compare-add-hint" className="text-sm text-muted">
				{hintText(chosenCount, pending)}
			</p>
		</div>
	);
}
