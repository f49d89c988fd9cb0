import { MAX_COMPARE } from '@/stores/compare';
import { toast } from '@/stores/toast';

/** The refusal when the comparison already holds the maximum; the same words wherever one adds. */
export function toastCompareFull(name: string): void {
	toast({
		title: 'Comparison is full',
		description: `You can compare up to ${MAX_COMPARE} platforms. Remove one on the compare page to add ${name}.`,
		variant: 'warning',
	});
}
