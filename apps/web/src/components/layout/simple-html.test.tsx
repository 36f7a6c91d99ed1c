import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimpleHtml } from './simple-html';

describe('SimpleHtml', () => {
  it('paints the settings HTML the server filtered as markup, in the server render as in the browser', () => {
    const html = renderToString(
      <SimpleHtml as="p" className="c" html=' 本站<b>文档</b>由用户上传，<a href="/article/about">联系</a> ' />,
    );
    expect(html).toBe('<p class="c">本站<b>文档</b>由用户上传，<a href="/article/about">联系</a></p>');
  });

  it('renders nothing for empty HTML', () => {
    expect(renderToString(<SimpleHtml html="  " />)).toBe('');
    expect(renderToString(<SimpleHtml html={undefined} />)).toBe('');
  });
});
