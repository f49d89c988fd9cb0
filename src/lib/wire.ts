/**
 * What a server value becomes on its way to the browser as JSON: Dates turn into ISO strings,
 * everything else stays as it is. Islands type an endpoint's answer as Wire<the service's type>,
 * so each response shape is written once, beside the query that makes it.
 */
export type Wire<T> = T extends Date
	? string
	: T extends readonly (infer U)[]
		? Wire<U>[]
		: T extends object
			? { [K in keyof T]: Wire<T[K]> }
			: T;
