/**
 * Who the community members are, as their reviews say (role, company size, industry), so the
 * reviewer filters and the sub-score averages show something true of the demo data. One member
 * prefers not to say; the demo accounts' ratings, made in the UI, carry what their form says.
 */
import type { CompanySize, Industry, ReviewerRole } from '@/lib/review-profile';

export type ReviewerProfile = { reviewerRole: ReviewerRole; companySize: CompanySize; industry: Industry };

export const REVIEWER_PROFILES: Readonly<Record<string, ReviewerProfile>> = {
	sarah_brandlead: { reviewerRole: 'brand', companySize: '5001+', industry: 'beauty' },
	mike_adops: { reviewerRole: 'ad-ops', companySize: '201-1000', industry: 'electronics' },
	priya_datasci: { reviewerRole: 'data', companySize: '1001-5000', industry: 'grocery' },
	tom_grocerymedia: { reviewerRole: 'retailer', companySize: '5001+', industry: 'grocery' },
	elena_cpg: { reviewerRole: 'brand', companySize: '1001-5000', industry: 'grocery' },
	james_retailops: { reviewerRole: 'retailer', companySize: '1001-5000', industry: 'home' },
	aisha_agency: { reviewerRole: 'agency', companySize: '51-200', industry: 'beauty' },
	lucas_marketplace: { reviewerRole: 'retailer', companySize: '201-1000', industry: 'electronics' },
	nina_insights: { reviewerRole: 'data', companySize: '51-200', industry: 'apparel' },
	// dev_commerce prefers not to say.
};
