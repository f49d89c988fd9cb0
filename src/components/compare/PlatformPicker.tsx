import { buttonClasses } from '@/components/ui/button-classes';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { MAX_COMPARE } from '@/stores/compare';
import type { ComparePlatform } from './compare-rows';

export type PlatformPickerProps = {
	/** Platforms not chosen yet (the drop-down lists only those). */
	choices: ComparePlatform[];
	/** The current selection, in its order. */
	chosenIds: number[];
	onPick: (id: number) => void;
};

function hintText(chosenCount: number): string {
	if (chosenCount >= MAX_COMPARE) {
		return `You are comparing the maximum of ${MAX_COMPARE} platforms. Remove one to add another.`;
	}
	return `${chosenCount} of ${MAX_COMPARE} selected.`;
}

/**
 * A native select (keyboard and screen readers for free) that adds the picked platform. It sits
 * in a GET form for /compare that carries the current selection, so without JavaScript an Add
 * button (in <noscript>) asks the server for the comparison with the picked platform added.
 */
export function PlatformPicker({ choices, chosenIds, onPick }: PlatformPickerProps) {
	const full = chosenIds.length >= MAX_COMPARE;
	return (
		<form
			method="get"
			action="/compare"
			className="grid gap-2 sm:max-w-md"
			onSubmit={(event) => event.preventDefault()}
		>
			<Label htmlFor="compare-add">Add a platform</Label>
			{chosenIds.length > 0 && <input type="hidden" name="platforms" value={chosenIds.join(',')} />}
			<div className="flex gap-2">
				<select
					id="compare-add"
					name="platforms"
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
				<noscript>
					<button type="submit" className={buttonClasses({ variant: 'outline' })}>
						Add
					</button>
				</noscript>
			</div>
			<p id="compare-add-hint" className="text-sm text-muted">
				{hintText(chosenIds.length)}
			</p>
		</form>
	);
}
