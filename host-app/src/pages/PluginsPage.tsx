import { useEffect, useState } from 'react';
import type { ElementDeclaration, ElementManifest, ManifestEntry } from '../../../scripts/manifest.mjs';
import { SlCopyButton } from '../ui';
import { messages } from '../messages';
import { PublicLayout } from './PublicLayout';

/**
 * Shoelace's copy button shows its label only as a tooltip and leaves its inner button nameless
 * for screen readers; this names that button once it has rendered (Lit keeps attributes it does not bind).
 */
function nameCopyButton(element: (HTMLElement & { updateComplete?: Promise<unknown> }) | null) {
  void element?.updateComplete?.then(() => element.shadowRoot?.querySelector('button')?.setAttribute('aria-label', '复制代码'));
}

/** The custom-elements manifest the build writes from the widgets' JSDoc (widgets/core/README.md). */
const MANIFEST_URL = '/dist/custom-elements.json';

interface EmbeddableElement extends ElementDeclaration {
  /** dist/widgets/<folder>.js is its script. */
  folder: string;
}

/** Sample values for the snippet; an attribute without one is left out of it. */
const SAMPLE_VALUES: Record<string, string> = {
  redirect: '/home/workKanBan',
  number: '13800000000',
  'vehicle-id': '1',
};

type Loaded = { elements: EmbeddableElement[]; shared: ManifestEntry[] } | 'loading' | 'failed';

/** Every element of the manifest; attributes all of them accept are set apart as shared. */
function readManifest(manifest: ElementManifest): Exclude<Loaded, string> {
  const elements = manifest.modules.flatMap((module) =>
    module.declarations
      .filter((declaration) => declaration.customElement)
      .map((declaration) => ({ ...declaration, folder: module.path.split('/').at(-2) ?? '' })),
  );
  const shared = (elements[0]?.attributes ?? []).filter((attribute) =>
    elements.every((element) => element.attributes?.some((other) => other.name === attribute.name)),
  );
  return { elements, shared };
}

function ownAttributes(element: EmbeddableElement, shared: ManifestEntry[]) {
  return (element.attributes ?? []).filter((attribute) => !shared.some((common) => common.name === attribute.name));
}

function snippet(origin: string, element: EmbeddableElement) {
  const samples = (element.attributes ?? []).filter((attribute) => attribute.name in SAMPLE_VALUES);
  const attributes = [`api-base="${origin}/api"`, ...samples.map((attribute) => `${attribute.name}="${SAMPLE_VALUES[attribute.name]}"`)];
  return [
    `<script type="module" src="${origin}/widgets/${element.folder}.js"></script>`,
    `<${element.tagName}`,
    ...attributes.map((attribute) => `  ${attribute}`),
    `></${element.tagName}>`,
  ].join('\n');
}

/** Descriptions use `code` spans (Markdown); shown as <code>. */
function Text({ children }: { children?: string }) {
  return <>{(children ?? '').split(/`([^`]+)`/).map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part))}</>;
}

function ElementDoc({ element, shared }: { element: EmbeddableElement; shared: ManifestEntry[] }) {
  const attributes = ownAttributes(element, shared);
  const events = element.events ?? [];
  return (
    <section className="element-doc" data-testid={`element-${element.tagName}`} aria-labelledby={`element-${element.tagName}`}>
      <h3 id={`element-${element.tagName}`}>
        {element.title ?? element.tagName} <code>&lt;{element.tagName}&gt;</code>
      </h3>
      <p className="element-doc__summary"><Text>{element.summary}</Text></p>
      <p><Text>{element.description}</Text></p>
      <dl className="element-doc__lists">
        <dt>属性</dt>
        <dd>
          {attributes.length === 0 ? (
            <span className="element-doc__none">只有通用属性</span>
          ) : (
            <ul>
              {attributes.map((attribute) => (
                <li key={attribute.name}>
                  <code>{attribute.name}</code> <span className="element-doc__type">{attribute.type?.text}</span>：<Text>{attribute.description}</Text>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>事件</dt>
        <dd>
          {events.length === 0 ? (
            <span className="element-doc__none">不派发事件</span>
          ) : (
            <ul>
              {events.map((event) => (
                <li key={event.name}>
                  <code>{event.name}</code>：<Text>{event.description}</Text>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}

export default function PluginsPage() {
  const origin = window.location.origin;
  const [loaded, setLoaded] = useState<Loaded>('loading');
  const [chosenTag, setChosenTag] = useState('');
  useEffect(() => {
    document.title = `插件嵌入 - ${messages.brand}`;
    const controller = new AbortController();
    fetch(MANIFEST_URL, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ElementManifest>) : Promise.reject(new Error(String(response.status)))))
      .then((manifest) => setLoaded(readManifest(manifest)))
      .catch(() => !controller.signal.aborted && setLoaded('failed'));
    return () => controller.abort();
  }, []);

  const elements = typeof loaded === 'string' ? [] : loaded.elements;
  const shared = typeof loaded === 'string' ? [] : loaded.shared;
  const chosen = elements.find((element) => element.tagName === chosenTag) ?? elements[0];

  return (
    <PublicLayout
      title="插件嵌入"
      lead="门店管家的每项功能都是一个独立的网页组件。在您自己的系统、官网或企业微信侧边栏里，只需一行脚本和一个标签，就能用上同一套功能和数据。"
    >
      <h2>三步接入</h2>
      <ol className="steps">
        <li><strong>引入脚本</strong>：每个组件一个脚本文件，只加载您用到的组件。</li>
        <li><strong>放置标签</strong>：把组件标签放在页面任意位置，样式互不影响。</li>
        <li><strong>登录</strong>：同一页面上的组件共享一个会话——放一个 <code>&lt;garage-login&gt;</code>，或通过 <code>token</code> 属性传入已有的登录令牌。</li>
      </ol>

      {loaded === 'loading' && <p className="element-doc__none" role="status">正在加载组件说明…</p>}
      {loaded === 'failed' && <p className="element-doc__failed" role="alert">组件说明加载失败，请刷新页面重试。</p>}

      {chosen && (
        <>
          <h2>复制代码</h2>
          <div className="snippet">
            <div className="snippet__picker" role="radiogroup" aria-label="选择组件">
              {elements.map((element) => (
                <button
                  key={element.tagName}
                  type="button"
                  role="radio"
                  aria-checked={element === chosen}
                  className={`chip${element === chosen ? ' chip--active' : ''}`}
                  onClick={() => setChosenTag(element.tagName)}
                >
                  {element.title ?? element.tagName}
                </button>
              ))}
            </div>
            <div className="snippet__code">
              <pre><code data-testid="plugin-snippet">{snippet(origin, chosen)}</code></pre>
              <SlCopyButton ref={nameCopyButton} value={snippet(origin, chosen)} copyLabel="复制代码" successLabel="已复制" errorLabel="复制失败" className="snippet__copy" />
            </div>
          </div>

          <h2>通用属性</h2>
          <ul>
            {shared.map((attribute) => (
              <li key={attribute.name}><code>{attribute.name}</code>：<Text>{attribute.description}</Text></li>
            ))}
            <li>组件需要跳转页面时会派发 <code>garage-navigate</code> 事件（<code>event.detail.path</code>），由您的页面决定如何跳转。</li>
          </ul>

          <h2>可嵌入的组件</h2>
          <p>
            以下说明由组件源码生成，机器可读的版本见 <a href={MANIFEST_URL}>custom-elements.json</a>（Custom Elements Manifest 格式，可供编辑器提示和文档工具使用）。
          </p>
          {elements.map((element) => (
            <ElementDoc key={element.tagName} element={element} shared={shared} />
          ))}
        </>
      )}
    </PublicLayout>
  );
}
