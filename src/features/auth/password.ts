/** The shortest password the sign-up, reset and account forms accept (Firebase Auth's minimum). */
export const MIN_PASSWORD_LENGTH = 6;
