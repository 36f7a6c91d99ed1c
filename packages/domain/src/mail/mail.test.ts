import { describe, expect, it } from 'vitest';
import { readMailConfig } from './mail.service.ts';
import { emailCodeMail, findPasswordLink, findPasswordMail, testMail } from './mail-templates.ts';

const config = (values: Record<string, string>) => readMailConfig((name) => values[name] ?? '');

describe('readMailConfig', () => {
  it('clamps the link lifetime to 1..60 minutes and defaults a bad port', () => {
    expect(config({ duration: '0' }).linkMinutes).toBe(1);
    expect(config({ duration: '600' }).linkMinutes).toBe(60);
    expect(config({ duration: '15' }).linkMinutes).toBe(15);
    expect(config({ duration: 'x' }).linkMinutes).toBe(30);
    expect(config({ port: '587' }).port).toBe(587);
    expect(config({ port: '99999' }).port).toBe(465);
    expect(config({ enable: 'true', is_tls: 'false', host: ' smtp.example.com ' })).toMatchObject({
      enable: true,
      secure: false,
      host: 'smtp.example.com',
    });
  });
});

describe('mail texts', () => {
  it('builds the find-password link on the site domain with both values encoded', () => {
    expect(findPasswordLink('https://wenku.example.com/', 'a.b+c', 'Ann+x@example.com')).toBe(
      'https://wenku.example.com/findpassword?token=a.b%2Bc&email=Ann%2Bx%40example.com',
    );
    expect(findPasswordLink('', 't', 'a@b.cn')).toBe('http://localhost:8880/findpassword?token=t&email=a%40b.cn');
  });

  it('escapes the site name and link in HTML and keeps the plain text readable', () => {
    const mail = findPasswordMail({
      to: 'a@b.cn',
      siteName: '<b>文库</b>',
      link: 'https://x.cn/findpassword?token=t&email=a%40b.cn',
      minutes: 30,
    });
    expect(mail.subject).toBe('找回密码 - <b>文库</b>');
    expect(mail.html).toContain('【&lt;b&gt;文库&lt;/b&gt;】');
    expect(mail.html).toContain('href="https://x.cn/findpassword?token=t&amp;email=a%40b.cn"');
    expect(mail.text).toContain('https://x.cn/findpassword?token=t&email=a%40b.cn');
    expect(mail.text).toContain('30 分钟');
  });

  it('puts the code and its lifetime in the code mail, and names the test mail', () => {
    const mail = emailCodeMail({ to: 'a@b.cn', siteName: '', code: '012345', minutes: 30 });
    expect(mail.subject).toBe('邮箱验证码 - 文库');
    expect(mail.text).toContain('012345');
    expect(mail.html).toContain('30 分钟内有效');
    expect(testMail({ to: 'a@b.cn', siteName: '文库' }).text).toContain('这是一封测试邮件');
  });
});
