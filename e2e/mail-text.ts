/**
 * An email's text without its links: a confirmation link's token may hold six digits in a row,
 * and the 6-digit code comes after the link in the text.
 */
export const withoutLinks = (text: string): string => text.replace(/https?:\/\/\S+/g, '');
