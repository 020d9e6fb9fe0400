/** The help articles' Markdown (markdown-it): what our articles use renders, and nothing in a source can become a tag or a script. */
import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown } from './markdown';

/** Every tag name in the HTML. */
const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]);

describe('renderMarkdown', () => {
  it('renders headings, lists, quotes, code and links of our articles', () => {
    const html = renderMarkdown([
      '## 新建员工', '', '1. 点击「新建员工」。', '2. 填写 **登录名**。', '', '- 一项', '- 另一项，', '  续行', '',
      '> 提示：先保存。', '', '打开 [客户列表](/home/externalmanage)，见 [标签](help:tags) 或 [官网](https://example.com/a)。', '',
      '```', '<b>原样</b>', '```',
    ].join('\n')).replace(/\n/g, '');
    expect(html).toContain('<h3>新建员工</h3>');
    expect(html).toContain('<ol><li>点击「新建员工」。</li><li>填写 <strong>登录名</strong>。</li></ol>');
    expect(html).toContain('<ul><li>一项</li><li>另一项，<br>续行</li></ul>');
    expect(html).toContain('<blockquote><p>提示：先保存。</p></blockquote>');
    expect(html).toContain('<a href="/home/externalmanage" data-path="/home/externalmanage">客户列表</a>');
    expect(html).toContain('<a href="#tags" data-help="tags">标签</a>');
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">官网</a>');
    expect(html).toContain('<pre><code>&lt;b&gt;原样&lt;/b&gt;</code></pre>');
  });

  it('shows raw HTML as text and drops links that are not ours, https or another article', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '## <iframe src="https://evil.example"></iframe>',
      '- [点我](javascript:alert(1)) [再点](//evil.example/x) [数据](data:text/html,<b>x</b>) [引号](/a"onmouseover="alert(1))',
      '**<svg onload=alert(1)>**',
      '`<style>*{display:none}</style>`',
    ].join('\n\n');
    const html = renderMarkdown(hostile);
    expect(new Set(tags(html))).toEqual(new Set(['p', 'h3', 'ul', 'li', 'strong', 'code']));
    expect(html).not.toMatch(/<(script|img|iframe|svg|style)/i);
    expect(html).not.toMatch(/href="(javascript|data|\/\/)/i);
    expect(html).not.toMatch(/\son\w+="/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('点我');
  });
});

describe('plainText', () => {
  it('keeps what a reader sees, without marks or link targets', () => {
    expect(plainText('## 标题\n\n- **加粗** 和 `代码`，[链接](/home/x)\n> 提示')).toBe('标题 加粗 和 代码，链接 提示');
  });
});
