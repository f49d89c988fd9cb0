/**
 * Article category badge colours: Industry Trends, Platform Updates and Case Study each
 * have their own colour, every other category the default. The admin list spells two of them
 * differently ('Trends', 'Case Studies'), so those share the colour of the name they stand for.
 * Dark text on a pale tint keeps every pair above WCAG AA contrast.
 */
import { cn } from '@/lib/class-names';

type BadgeTone = 'industryTrends' | 'platformUpdates' | 'caseStudy' | 'default';

const TONE_CLASSES: Record<BadgeTone, string> = {
	industryTrends: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
	platformUpdates: 'bg-sky-50 text-sky-800 ring-sky-600/25',
	caseStudy: 'bg-violet-50 text-violet-800 ring-violet-600/25',
	default: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

const CATEGORY_TONES: Record<string, BadgeTone> = {
	'Industry Trends': 'industryTrends',
	Trends: 'industryTrends',
	'Platform Updates': 'platformUpdates',
	'Case Study': 'caseStudy',
	'Case Studies': 'caseStudy',
};

/** The full class list of a category badge (shape and colour). */
export function categoryBadgeClasses(category: string, className?: string): string {
	const tone = CATEGORY_TONES[category] ?? 'default';
	return cn(
		'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
		TONE_CLASSES[tone],
		className,
	);
}
