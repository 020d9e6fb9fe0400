export function precompress(dir: string): number;
export const PRECOMPRESS_MIN_BYTES: number;
