import { useEffect } from 'react';
import { settingText } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTRPCClient } from '@/lib/trpc';
import { isWechatBrowser } from './oauth-rules';

const JSSDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}
interface Wx {
  config(c: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(fn: () => void): void;
  error(fn: (e: unknown) => void): void;
  updateAppMessageShareData(d: ShareData): void;
  updateTimelineShareData(d: Omit<ShareData, 'desc'>): void;
}
declare global {
  interface Window {
    wx?: Wx;
  }
}

let loading: Promise<Wx> | null = null;
/** The JSSDK script, loaded once per page life. */
function loadJssdk(): Promise<Wx> {
  if (window.wx) return Promise.resolve(window.wx);
  loading ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('wx missing')));
    script.onerror = () => {
      loading = null;
      reject(new Error('jssdk failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The first image of some HTML (an article's share picture, moredoc-pro-facts §2.7). */
export function firstImage(html: string | undefined): string {
  return /<img[^>]+src=["']([^"']+)["']/i.exec(html ?? '')?.[1] ?? '';
}

/**
 * WeChat sharing on document and article pages (moredoc-pro-facts §7.7): inside the WeChat browser only, signs the
 * page URL on the server (GET /oauth/wxshare/signature), configures the JSSDK and sets title, description and cover.
 * Nothing happens when the official account is not configured (the server answers an error) or outside WeChat.
 */
export function WxShare({ title, description, image }: { title: string; description?: string; image?: string }) {
  const client = useTRPCClient();
  const settings = useSiteSettings();
  const logo = settingText(settings, 'system', 'logo');
  const picture = image || logo;
  useEffect(() => {
    if (!isWechatBrowser()) return;
    let live = true;
    const link = window.location.href.split('#')[0] ?? window.location.href;
    void (async () => {
      try {
        const [wx, sig] = await Promise.all([loadJssdk(), client.oauth.wxShareSignature.query({ url: link })]);
        if (!live) return;
        wx.config({
          appId: sig.appid,
          timestamp: sig.timestamp,
          nonceStr: sig.noncestr,
          signature: sig.signature,
          jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
        });
        const imgUrl = picture ? new URL(picture, window.location.origin).href : '';
        wx.ready(() => {
          wx.updateAppMessageShareData({ title, desc: description ?? '', link, imgUrl });
          wx.updateTimelineShareData({ title, link, imgUrl });
        });
        wx.error(() => {});
      } catch {
        // Not configured or not reachable: sharing keeps WeChat's defaults.
      }
    })();
    return () => {
      live = false;
    };
  }, [client, title, description, picture]);
  return null;
}
