export function precompress(dir: string): number;
