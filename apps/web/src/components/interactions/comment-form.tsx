import * as React from 'react';
import { flushSync } from 'react-dom';
import { settingBool } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import type { CommentFormLive } from './comment-form-live';
import { CommentFormView } from './comment-form-view';
import type { InteractionType } from './favorite-button';

/** The comment the server returns: enough to tell whether it awaits approval. */
export interface PostedComment {
  id: number;
  status: number;
}

export interface CommentFormProps {
  type: InteractionType;
  documentId: number;
  /** Replying to this comment. */
  parent?: { id: number; username: string };
  onPosted?: (comment: PostedComment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** What the stand-in hands to the working form: the text typed so far, the focus and caret, a send asked for. */
export interface CommentFormHandoff {
  content: string;
  focused: boolean;
  selection: [number, number];
  submit: boolean;
}

let loading: Promise<typeof CommentFormLive> | undefined;
/** The working form's code (react-hook-form, zod, the resolver, the captcha: ~40 KB gzip), fetched once. */
function loadLive() {
  loading ??= import('./comment-form-live').then(
    (m) => m.CommentFormLive,
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/**
 * The comment box (moredoc-facts §10): textarea "请输入评论内容" (or "回复 {username}" for a reply), the hint, the
 * captcha when the site asks for one, button "发表点评"; Ctrl/⌘+Enter sends too. A page paints this stand-in of the
 * same look; the form's code loads when it is first reached for (the textarea focused, a send) and takes over what was typed
 * and a send already asked for (issue 17: the document page no longer loads react-hook-form and zod for every
 * reader). A reply box, opened by the reader, and a site with a comment captcha load it at once.
 */
export function CommentForm(props: CommentFormProps) {
  const settings = useSiteSettings();
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_comment');
  const [live, setLive] = React.useState<{ Form: typeof CommentFormLive; handoff: CommentFormHandoff } | null>(null);
  const textarea = React.useRef<HTMLTextAreaElement>(null);
  const submitAsked = React.useRef(false);
  const started = React.useRef(false);
  // A press in progress on the form: the swap waits for its release, or the click would land on a removed button.
  const pressed = React.useRef(false);
  const afterPress = React.useRef<(() => void) | null>(null);

  const load = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    loadLive().then(
      (Form) => {
        const swap = () => {
          const el = textarea.current;
          // At once, so nothing typed between the reading and the new textarea is lost.
          flushSync(() =>
            setLive({
              Form,
              handoff: {
                content: el?.value ?? '',
                focused: !!el && document.activeElement === el,
                selection: [el?.selectionStart ?? 0, el?.selectionEnd ?? 0],
                submit: submitAsked.current,
              },
            }),
          );
        };
        if (pressed.current) afterPress.current = swap;
        else swap();
      },
      () => {
        // Offline or a new deployment: the next use tries again.
        started.current = false;
      },
    );
  }, []);
  const press = () => {
    pressed.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click the release belongs to.
      setTimeout(() => {
        pressed.current = false;
        afterPress.current?.();
        afterPress.current = null;
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };

  React.useEffect(() => {
    if (captchaOn || props.autoFocus) load();
  }, [captchaOn, props.autoFocus, load]);

  if (live) return <live.Form {...props} handoff={live.handoff} />;
  const send = () => {
    submitAsked.current = true;
    load();
  };
  return (
    <CommentFormView
      reply={props.parent?.username}
      onCancel={props.onCancel}
      onPointerDown={press}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      textarea={{
        ref: textarea,
        autoFocus: props.autoFocus,
        onFocus: load,
        onKeyDown: (e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send();
          }
        },
      }}
    />
  );
}
