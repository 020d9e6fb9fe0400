/**
 * Stands in for the `debug` package inside JsSIP in the standalone phone bar (scripts/build-widgets.mjs):
 * the same switch (`localStorage.debug = 'JsSIP:*'`, or `JsSIP.debug.enable('JsSIP:*')`) and the
 * same output through each logger's `log`, without debug's colours, timings and formatters, which
 * cost ~2 KB gzip of the bar's 80 KB budget. The console formats JsSIP's `%s` / `%o` itself.
 */
export interface Debugger {
  (format: unknown, ...args: unknown[]): void;
  readonly namespace: string;
  readonly enabled: boolean;
  log: (...args: unknown[]) => void;
}

const STORAGE_KEY = 'debug';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const template = (namespace: string) => new RegExp(`^${namespace.replace(/[.+?^$()|[\]{}\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** `JsSIP:*,-JsSIP:Transport` → patterns; `*` matches anything, a leading `-` excludes. */
function parse(namespaces: string): { names: RegExp[]; skips: RegExp[] } {
  const names: RegExp[] = [];
  const skips: RegExp[] = [];
  for (const part of namespaces.split(/[\s,]+/).filter(Boolean)) {
    if (part.startsWith('-')) skips.push(template(part.slice(1)));
    else names.push(template(part));
  }
  return { names, skips };
}

let current = '';
let patterns = parse('');

function enable(namespaces: string): void {
  current = namespaces;
  patterns = parse(namespaces);
  try {
    if (namespaces) storage()?.setItem(STORAGE_KEY, namespaces);
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the setting lasts for this page only.
  }
}

function enabled(namespace: string): boolean {
  return !patterns.skips.some((skip) => skip.test(namespace)) && patterns.names.some((name) => name.test(namespace));
}

function disable(): string {
  const previous = current;
  enable('');
  return previous;
}

function readStoredSetting(): string {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function createDebug(namespace: string): Debugger {
  const logger = ((format: unknown, ...args: unknown[]) => {
    if (enabled(namespace)) logger.log(`${namespace} ${String(format)}`, ...args);
  }) as Debugger;
  Object.defineProperties(logger, {
    namespace: { value: namespace },
    enabled: { get: () => enabled(namespace) },
  });
  logger.log = (...args) => console.debug(...args);
  return logger;
}

current = readStoredSetting();
patterns = parse(current);

// JsSIP calls both `require('debug')(…)` and `require('debug').default(…)`.
export default Object.assign(createDebug, { default: createDebug, enable, disable, enabled });
