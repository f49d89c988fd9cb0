/**
 * The period the Analytics tab shows (1, 7, 30 or 90 days), which the dashboard's article and
 * platform lists use for the views beside each item, so all say the same period.
 */
import { atom } from 'nanostores';
import type { AnalyticsPeriod } from '@/lib/validation/analytics';

export const $analyticsPeriod = atom<AnalyticsPeriod>(7);
