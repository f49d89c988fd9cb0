import type { CategoryGroup } from '@/lib/categories';

export type CategoryOptionsProps = {
	groups: readonly CategoryGroup[];
	/**
	 * A value to keep choosable although no group lists it (a shared link's filter, an article
	 * saved under an older name); nothing extra when it is empty or listed.
	 */
	keep?: string;
};

/** A category select's options in their groups, for the home filters and the article form alike. */
export function CategoryOptions({ groups, keep }: CategoryOptionsProps) {
	const listed = !keep || groups.some((group) => group.options.includes(keep));
	return (
		<>
			{groups.map((group) => (
				<optgroup key={group.label} label={group.label}>
					{group.options.map((category) => (
						<option key={category} value={category}>
							{category}
						</option>
					))}
				</optgroup>
			))}
			{!listed && <option value={keep}>{keep}</option>}
		</>
	);
}
