/**
 * One platform change as a line of text, for the page's "What changed", the platform's feed and
 * its followers' digest mail alike.
 */

/** A changed value: text, a yes/no, nothing, or (for lists) the items added or removed. */
export type ChangedValue = string | boolean | null | string[];

const FIELD_LABELS: Record<string, string> = {
	name: 'Name',
	description: 'Description',
	pricing: 'Pricing',
	features: 'Features',
	pros: 'Pros',
	cons: 'Cons',
	category: 'Category',
	websiteUrl: 'Website',
	isRecommended: 'Recommended',
	logo: 'Logo',
};

/** Fields whose values (a logo's file address) mean nothing as text: only the kind of change shows. */
const VALUELESS_FIELDS: ReadonlySet<string> = new Set(['logo']);

/** Long texts (a description) are cut: the timeline is a summary, the page shows the text. */
const MAX_VALUE_LENGTH = 120;

function shown(value: ChangedValue): string {
	if (value === null || value === '') return 'none';
	if (typeof value === 'boolean') return value ? 'yes' : 'no';
	const text = String(value);
	return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1).trimEnd()}…` : text;
}

/** One change as a line: "Pricing: CPC from $0.50 → CPC from $0.65"; lists name what was added and removed. */
export function describeChange({
	field,
	from,
	to,
}: {
	field: string;
	from: ChangedValue;
	to: ChangedValue;
}): string {
	const label = FIELD_LABELS[field] ?? field;
	if (VALUELESS_FIELDS.has(field)) {
		const [had, has] = [shown(from) !== 'none', shown(to) !== 'none'];
		return `${label}: ${had && has ? 'replaced' : has ? 'added' : 'removed'}`;
	}
	if (Array.isArray(from) || Array.isArray(to)) {
		const parts: string[] = [];
		const added = Array.isArray(to) ? to : [];
		const removed = Array.isArray(from) ? from : [];
		if (added.length > 0) parts.push(`added ${added.map(shown).join(', ')}`);
		if (removed.length > 0) parts.push(`removed ${removed.map(shown).join(', ')}`);
		return `${label}: ${parts.join('; ')}`;
	}
	return `${label}: ${shown(from)} → ${shown(to)}`;
}
