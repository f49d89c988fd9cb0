import { useEffect, useRef, useState } from 'react';
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
 * A native select (keyboard and screen readers for free) to choose a platform and an Add button
 * that adds it: choosing alone changes nothing, so arrowing through the list never adds the
 * platforms passed on the way (WCAG 3.2.2). It is a GET form for /compare that carries the
 * current selection, so without JavaScript Add asks the server for the comparison with the
 * chosen platform added.
 */
export function PlatformPicker({ choices, chosenIds, onPick }: PlatformPickerProps) {
	const full = chosenIds.length >= MAX_COMPARE;
	const [chosen, setChosen] = useState('');
	const select = useRef<HTMLSelectElement>(null);

	// A platform chosen in the server-rendered select while this code loaded.
	useEffect(() => {
		const early = select.current?.value;
		if (early) setChosen(early);
	}, []);

	return (
		<form
			method="get"
			action="/compare"
			className="grid gap-2 sm:max-w-md"
			onSubmit={(event) => {
				event.preventDefault();
				// The select's own value: an Add pressed before hydration is replayed before effects run.
				const id = Number(select.current?.value);
				if (!id) {
					select.current?.focus();
					return;
				}
				onPick(id);
				setChosen('');
			}}
		>
			<Label htmlFor="compare-add">Add a platform</Label>
			{chosenIds.length > 0 && <input type="hidden" name="platforms" value={chosenIds.join(',')} />}
			<div className="flex gap-2">
				<select
					ref={select}
					id="compare-add"
					name="platforms"
					className={inputClasses}
					value={chosen}
					disabled={full || choices.length === 0}
					aria-describedby="compare-add-hint"
					onChange={(event) => setChosen(event.target.value)}
				>
					<option value="">{full ? 'Maximum reached' : 'Select a platform to compare...'}</option>
					{!full &&
						choices.map((platform) => (
							<option key={platform.id} value={platform.id}>
								{platform.name}
							</option>
						))}
				</select>
				{/* Never disabled: focus stays on it after adding, even when the comparison is full. */}
				<button type="submit" className={buttonClasses({ variant: 'outline' })}>
					Add
				</button>
			</div>
			<p id="compare-add-hint" className="text-sm text-muted">
				{hintText(chosenIds.length)}
			</p>
		</form>
	);
}
