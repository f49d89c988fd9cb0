import { inputClasses } from '../ui/Input';
import { Label } from '../ui/Label';
import { MAX_COMPARE } from '../../stores/compare';
import type { Platform } from '../platforms/types';

export type PlatformPickerProps = {
	/** Platforms not chosen yet (SPEC 2: the drop-down lists only those). */
	choices: Platform[];
	chosenCount: number;
	onPick: (id: number) => void;
};

/** A native select (keyboard and screen readers for free) that adds the picked platform. */
export function PlatformPicker({ choices, chosenCount, onPick }: PlatformPickerProps) {
	const full = chosenCount >= MAX_COMPARE;
	return (
		<div className="grid gap-2 sm:max-w-md">
			<Label htmlFor="compare-add">Add a platform</Label>
			<select
				id="compare-add"
				className={inputClasses}
				value=""
				disabled={full || choices.length === 0}
				aria-describedby="compare-add-hint"
				onChange={(event) => {
					if (event.target.value) onPick(Number(event.target.value));
				}}
			>
				<option value="">{full ? 'Maximum reached' : 'Select a platform to compare...'}</option>
				{!full &&
					choices.map((platform) => (
						<option key={platform.id} value={platform.id}>
							{platform.name}
						</option>
					))}
			</select>
			<p id="compare-add-hint" className="text-sm text-muted">
				{full
					? `You are comparing the maximum of ${MAX_COMPARE} platforms. Remove one to add another.`
					: `${chosenCount} of ${MAX_COMPARE} selected.`}
			</p>
		</div>
	);
}
