import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { htmlAsText, SimpleHtml } from './simple-html';

const STATEMENT =
  '本站<b>文档</b>由用户上传，<a href="javascript:alert(1)" onclick="x()">联系</a><script>alert(1)</script>';

describe('SimpleHtml', () => {
  it('paints the text first (the server render and the take-over), never the markup', () => {
    const html = renderToString(<SimpleHtml as="p" className="c" html={STATEMENT} />);
    expect(html).toBe('<p class="c">本站文档由用户上传，联系</p>');
  });

  it('shows the filtered HTML once DOMPurify has loaded', async () => {
    const { container } = render(<SimpleHtml as="p" html={STATEMENT} />);
    await waitFor(() => expect(container.querySelector('b')).not.toBeNull(), { timeout: 15_000 });
    expect(container.innerHTML).toBe('<p>本站<b>文档</b>由用户上传，<a>联系</a></p>');
    // Once loaded, HTML shown later is filtered at once.
    render(<SimpleHtml html='<i onmouseover="x()">斜</i>' data-testid="later" />);
    expect(screen.getByTestId('later').innerHTML).toBe('<i>斜</i>');
  });

  it('renders nothing for empty HTML', () => {
    expect(renderToString(<SimpleHtml html="  " />)).toBe('');
    expect(renderToString(<SimpleHtml html={undefined} />)).toBe('');
  });
});

describe('htmlAsText', () => {
  it('leaves out tags and what script and style hold, and reads character references', () => {
    expect(
      htmlAsText('a<br>b<!-- x --><style>p{}</style><p title="x>y">c &amp; &lt;d&gt; &#x4e2d;&#25991; &bogus;</p>'),
    ).toBe('a bc & <d> 中文 &bogus;');
  });
});
