/**
 * The platform form's values and rules on the browser side: name, category, description
 * and pricing required. Lists travel as the textarea text (one item per line) and sortOrder
 * as typed: the shared server schema splits, trims, drops blank lines and falls back to 0.
 */
import type { AdminPlatform } from './api-types';

export type PlatformFormValues = {
	name: string;
	category: string;
	description: string;
	pricing: string;
	logo: string;
	websiteUrl: string;
	features: string;
	pros: string;
	cons: string;
	isRecommended: boolean;
	sortOrder: string;
	/** Blank: a new platform's is made from its name, a saved one keeps its own. */
	slug: string;
	metaTitle: string;
	metaDescription: string;
};

export type PlatformFormErrors = Partial<Record<keyof PlatformFormValues, string>>;

export const EMPTY_PLATFORM_FORM: PlatformFormValues = {
	name: '',
	category: '',
	description: '',
	pricing: '',
	logo: '',
	websiteUrl: '',
	features: '',
	pros: '',
	cons: '',
	isRecommended: false,
	sortOrder: '0',
	slug: '',
	metaTitle: '',
	metaDescription: '',
};

export function platformToForm(platform: AdminPlatform): PlatformFormValues {
	return {
		name: platform.name,
		category: platform.category,
		description: platform.description,
		pricing: platform.pricing,
		logo: platform.logo ?? '',
		websiteUrl: platform.websiteUrl ?? '',
		features: platform.features.join('\n'),
		pros: platform.pros.join('\n'),
		cons: platform.cons.join('\n'),
		isRecommended: platform.isRecommended,
		sortOrder: String(platform.sortOrder),
		slug: platform.slug,
		metaTitle: platform.metaTitle ?? '',
		metaDescription: platform.metaDescription ?? '',
	};
}

const REQUIRED: [keyof PlatformFormValues, string][] = [
	['name', 'Name is required.'],
	['category', 'Please choose a platform category.'],
	['description', 'Description is required.'],
	['pricing', 'Pricing is required.'],
];

export function validatePlatformForm(values: PlatformFormValues): PlatformFormErrors {
	const errors: PlatformFormErrors = {};
	for (const [field, message] of REQUIRED) {
		if (String(values[field]).trim() === '') errors[field] = message;
	}
	return errors;
}

/** The body of POST /api/admin/platforms and PUT /api/admin/platforms/{id}. */
export function platformPayload(values: PlatformFormValues) {
	return { ...values, name: values.name.trim(), pricing: values.pricing.trim() };
}
