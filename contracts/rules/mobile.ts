/**
 * Mainland mobile numbers (docs/DOMAIN facts): 11 digits, 1 then 3–9, and how personal data is
 * masked where it leaves our staff's screens. One rule for server and widgets.
 */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const isMobile = (text: string): boolean => MOBILE_PATTERN.test(text);

/** 138****0000: enough to recognise a customer on the phone, not to call them from elsewhere. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile.replace(/\d(?=\d{4})/g, '*');
}

/** 王** (the surname and a star for each other character): the customer recognises it, a stranger learns nothing. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** 浙A***45: the region and the last two characters, enough for the owner to know the car. */
export function maskPlate(plate: string): string {
  const chars = [...plate.trim()];
  if (chars.length <= 4) return chars.length === 0 ? '' : chars[0] + '*'.repeat(chars.length - 1);
  return chars.slice(0, 2).join('') + '*'.repeat(chars.length - 4) + chars.slice(-2).join('');
}
