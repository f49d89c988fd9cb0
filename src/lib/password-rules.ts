/** Password limits shared by forms and schemas; zod-free so islands stay small. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
