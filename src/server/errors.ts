/**
 * What a service refuses, in the service's own terms. Each carries the sentence a person reads
 * (the UI shows it as it is); the endpoint layer (src/server/http/endpoint.ts) gives each kind its HTTP
 * status, so services never speak HTTP.
 */
export class DomainError extends Error {
	constructor(
		message: string,
		/** The input field the message is about, so a form can show it beside that field. */
		readonly field?: string,
	) {
		super(message);
		this.name = new.target.name;
	}
}

/** The input breaks a rule the schema cannot express (a refused transition, a reused name). */
export class InvalidInput extends DomainError {}

/** The action needs a signed-in user, or the credentials given are wrong. */
export class NotSignedIn extends DomainError {}

/** The user is known but may not do this (a ban, a role, their own comment). */
export class Forbidden extends DomainError {}

/** The thing asked for does not exist, or is not visible to this user. */
export class NotFound extends DomainError {}

/** The action clashes with the current state (a taken email, an already approved comment). */
export class Conflict extends DomainError {}

/** A limit on attempts is used up; the message says when to try again. */
export class TooManyAttempts extends DomainError {
	constructor(
		message: string,
		readonly retryAfterSeconds: number,
	) {
		super(message);
	}
}

/** Something outside the app that the action needs (the mail server) failed. */
export class UpstreamFailed extends DomainError {}

/** The file is not of a kind the action takes (an upload that is no accepted image). */
export class UnsupportedMedia extends DomainError {}

/** The file is larger than the action takes. */
export class TooLarge extends DomainError {}
