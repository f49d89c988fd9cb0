/** The fallback logo for platforms without one, or whose image fails to load. */
export const PLACEHOLDER_LOGO = '/api/placeholder/60/40';
