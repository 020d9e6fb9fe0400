/** Mainland mobile numbers (docs/DOMAIN facts): 11 digits, 1 then 3–9. One rule for server and widgets. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const isMobile = (text: string): boolean => MOBILE_PATTERN.test(text);

/** 138****0000: enough to recognise a customer on the phone, not to call them from elsewhere. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile.replace(/\d(?=\d{4})/g, '*');
}
