import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../components/readme';

describe('README markdown (public /dchub)', () => {
  it('renders headings, lists, code and http(s) links', () => {
    const html = markdownToHtml('# Hello\n\n- one\n- **two**\n\n```\ndocker pull x\n```\n[site](https://example.org)');
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<li><strong>two</strong></li>');
    expect(html).toContain('<pre><code>docker pull x</code></pre>');
    expect(html).toContain('href="https://example.org"');
  });

  it('leaves no markup or script from the README itself', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)>\n<script>alert(1)</script>\n[x](javascript:alert(1))\n```\n<b>hi</b>\n```');
    // what was markup is shown as text (escaped); no element or javascript: link comes out of it
    expect(html).not.toMatch(/<img|<script|<b>|href="javascript/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('&lt;script&gt;');
  });
});
